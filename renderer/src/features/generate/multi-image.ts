/**
 * Multi-image slots: which file goes to which view. Slots and their labels
 * come from the catalogue's file fields of Multi-image to 3D (Front, Left,
 * Back, Right); a file whose name mentions a view goes there, the rest fill
 * the empty slots in order.
 */
import { ENDPOINTS, type FieldSpec } from '../../../../shared/api';

export interface ViewSlot {
  field: string;
  label: string;
  required: boolean;
}

export const VIEW_SLOTS: readonly ViewSlot[] = Object.entries(ENDPOINTS['multi-image-to-3d'].fields as Record<string, FieldSpec>)
  .filter(([, f]) => f.type === 'file')
  .map(([field, f]) => ({ field, label: f.label, required: f.required }));

/** The view a file name hints at ("chair_LEFT.png" → leftImage), if exactly one. */
export function viewHint(fileName: string): string | undefined {
  const base = fileName.toLowerCase().replace(/\.[a-z0-9]+$/, '');
  const words = base.split(/[^a-z]+/).filter(Boolean);
  const hits = VIEW_SLOTS.filter((s) => words.includes(s.label.toLowerCase()) || base.includes(s.label.toLowerCase()));
  return hits.length === 1 ? hits[0]!.field : undefined;
}

/**
 * Assigns files to slots. `occupied` lists slots that already hold a file;
 * hinted files may replace them, unhinted ones only fill empty slots.
 * Returns the assignment and the files that found no slot.
 */
export function assignViews<T extends { name: string }>(files: readonly T[], occupied: readonly string[] = []): { assigned: Record<string, T>; leftOver: T[] } {
  const assigned: Record<string, T> = {};
  const rest: T[] = [];
  for (const file of files) {
    const hint = viewHint(file.name);
    if (hint && !assigned[hint]) assigned[hint] = file;
    else rest.push(file);
  }
  const leftOver: T[] = [];
  for (const file of rest) {
    const free = VIEW_SLOTS.find((s) => !assigned[s.field] && !occupied.includes(s.field));
    if (free) assigned[free.field] = file;
    else leftOver.push(file);
  }
  return { assigned, leftOver };
}

/** The view an image chosen from the history goes to: the first empty slot (Front first), or none when all are full. */
export function firstFreeView(filled: (field: string) => boolean): string | undefined {
  return VIEW_SLOTS.find((s) => !filled(s.field))?.field;
}
