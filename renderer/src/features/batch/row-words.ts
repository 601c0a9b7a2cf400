/**
 * A batch row in the forms' words: the kind by its menu label, each field by
 * its catalogue label (the list's column name stays beside it, as secondary
 * text, because that is what the user typed in the CSV header), and each
 * problem through the one mapper of plain words.
 */
import { ENDPOINTS, catalogueWords, isGenerationKind, plainProblem, type FieldProblem, type FieldSpec } from '../../../../shared/api';

/** The menu label of a kind ("text-to-3d" → "Text to 3D"), or what the list says when it is not one. */
export function kindLabel(kind: string): string {
  return isGenerationKind(kind) ? ENDPOINTS[kind].label : kind || '—';
}

/** The label a column of this kind's rows is shown with (its catalogue label), or the column name when it is not a field. */
export function columnLabel(kind: string, column: string): string {
  if (column === 'kind') return 'Generation type';
  return (isGenerationKind(kind) && catalogueWords(kind, column)?.label) || column;
}

/** The problems the list itself has (no kind, an unknown kind, a column the kind does not take), said plainly. */
const LIST_PROBLEMS: readonly [RegExp, (m: RegExpMatchArray, kind: string) => string][] = [
  [/^kind is required/, () => 'Choose a generation type for this row (a kind column), or one for the whole list.'],
  [/^kind "(.*)" is not a generation type/, (m) => `"${m[1]}" is not a generation type the service offers: choose one from the list.`],
  [/^(\S+) is not a field of /, (m, kind) => `${kindLabel(kind)} does not take a "${m[1]}" column: leave it empty or remove it.`],
];

/** One row problem as the screen says it, and the list column it is about (shown beside it, smaller). */
export function rowProblem(kind: string, problem: FieldProblem): { text: string; column?: string } {
  const column = problem.field ? problem.field.split('.')[0] : undefined;
  for (const [pattern, say] of LIST_PROBLEMS) {
    const m = problem.message.match(pattern);
    if (m) return { text: say(m, kind), ...(column ? { column } : {}) };
  }
  const text = isGenerationKind(kind) ? plainProblem(problem, kind) : plainProblem(problem, {});
  return { text, ...(column ? { column } : {}) };
}

/** A row's request as one short line in labels: `Prompt "a chair" · Target face count 2000`. */
export function fieldsInWords(kind: string, fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([k, v]) => {
      const text = typeof v === 'string' ? JSON.stringify(v.length > 80 ? `${v.slice(0, 77)}…` : v) : JSON.stringify(v);
      return `${columnLabel(kind, k)} ${text}`;
    })
    .join(' · ');
}

/** The columns the row editor offers: the kind's fields as the forms show them, then any other column the row has. */
export function editorColumns(kind: string, present: readonly string[]): string[] {
  const specs: Record<string, FieldSpec> = isGenerationKind(kind) ? (ENDPOINTS[kind].fields as Record<string, FieldSpec>) : {};
  // apiVersion is never shown in the forms either (only version 1 exists); a row that sets it still shows it.
  const shown = Object.keys(specs).filter((n) => !specs[n]!.retired && n !== 'apiVersion');
  return [...new Set([...shown, ...present])];
}
