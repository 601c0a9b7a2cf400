/**
 * Before a Sketch to image request: the drawing becomes a PNG (the `file`)
 * and its strokes the `sketchData`. The PNG is staged once per drawing: an
 * unchanged drawing reuses the staged file.
 */
import type { FileField } from '../../../../shared/api';
import { useStore } from '../../state/store';
import { fieldSpec, isStagedFileDraft, type DraftValues } from '../../domain/generate/draft';
import { intakeFile } from './file-intake';
import { drawStrokes, emptySketch, parseSketch, serializeSketch, type SketchDoc } from './sketch';

const KIND = 'sketch-to-image' as const;
/** Draft keys that are not request fields (toRequestValues ignores them). */
export const SKETCH_MODE_KEY = '_sketchMode';
const STAGED_FOR_KEY = '_sketchStagedFor';

export type SketchMode = 'draw' | 'upload';

export function sketchModeOf(draft: DraftValues): SketchMode {
  const mode = draft[SKETCH_MODE_KEY];
  if (mode === 'upload' || mode === 'draw') return mode;
  // A request re-used from history says how its sketch was made.
  return (parseSketch(draft.sketchData) as SketchDoc & { source?: string }).source === 'upload' ? 'upload' : 'draw';
}

/** FNV-1a: enough to tell whether the drawing changed since it was staged. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16);
}

export function renderSketchPng(doc: SketchDoc): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = doc.width;
  canvas.height = doc.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('this window cannot draw on a canvas'));
  drawStrokes(ctx, doc);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the drawing could not be encoded as PNG'))), 'image/png'),
  );
}

/** Fills `file` and `sketchData` from the drawing or the uploaded sketch. False (with a field error) when there is nothing to send. */
export async function prepareSketch(draft: DraftValues): Promise<boolean> {
  const store = useStore.getState();
  const spec = fieldSpec(KIND, 'file') as FileField;
  if (sketchModeOf(draft) === 'upload') {
    const file = draft.file;
    if (!isStagedFileDraft(file)) return true; // validation reports the missing file
    const doc = { ...emptySketch(), width: file.width ?? emptySketch().width, height: file.height ?? emptySketch().height };
    store.setDraftField(KIND, 'sketchData', serializeSketch({ ...doc, source: 'upload' } as SketchDoc));
    return true;
  }
  const doc = parseSketch(draft.sketchData);
  if (doc.strokes.length === 0) {
    store.setFieldError(KIND, 'file', `${spec.label}: draw something first, or upload a sketch image.`);
    return false;
  }
  const text = serializeSketch(doc);
  const key = hash(text);
  if (draft[STAGED_FOR_KEY] === key && isStagedFileDraft(draft.file)) return true;
  let png: Blob;
  try {
    png = await renderSketchPng(doc);
  } catch (err) {
    store.setFieldError(KIND, 'file', `${spec.label}: ${(err as Error).message}.`);
    return false;
  }
  const res = await intakeFile(spec, png, 'sketch.png');
  if (!res.ok) {
    store.setFieldError(KIND, 'file', res.message);
    return false;
  }
  store.setDraftField(KIND, 'file', res.staged);
  store.setDraftField(KIND, STAGED_FOR_KEY, key);
  return true;
}
