/**
 * Turns list values into request values using the catalogue's field types.
 *
 * A CSV cell is always a string, so an integer field's "20000" becomes 20000
 * and a boolean's "true" becomes true; numeric-string and boolean-string
 * fields (multi-image `FaceCount`, `EnablePBR`) stay strings because the
 * service wants strings there. Values that do not convert are left as they
 * are, so validation reports them against the field instead of guessing.
 */
import { ENDPOINTS, isGenerationKind, type FieldProblem, type FieldSpec, type GenerationKind } from '../../../shared/api';

const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);

export function coerceValue(spec: FieldSpec, value: unknown): unknown {
  switch (spec.type) {
    case 'integer':
      if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value.trim());
      return value;
    case 'boolean':
      if (typeof value === 'string') {
        const v = value.trim().toLowerCase();
        if (TRUE.has(v)) return true;
        if (FALSE.has(v)) return false;
      }
      return value;
    case 'numeric-string':
      if (typeof value === 'number' && Number.isInteger(value)) return String(value);
      return typeof value === 'string' ? value.trim() : value;
    case 'boolean-string':
      if (typeof value === 'boolean') return value ? 'true' : 'false';
      if (typeof value === 'string') {
        const v = value.trim().toLowerCase();
        if (TRUE.has(v)) return 'true';
        if (FALSE.has(v)) return 'false';
      }
      return value;
    case 'object':
    case 'array':
      // A CSV cell holding an object or array (image-edit `references`) is written as JSON.
      if (typeof value === 'string') {
        try {
          return JSON.parse(value) as unknown;
        } catch {
          return value;
        }
      }
      return value;
    case 'string':
    case 'enum':
    case 'job-ref':
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return value;
    case 'file':
      return value;
  }
}

export interface CoercedRow {
  kind: GenerationKind | undefined;
  fields: Record<string, unknown>;
  problems: FieldProblem[];
}

/**
 * Picks the row's kind (its `kind` value, else the list's kind), coerces its
 * values and reports what cannot belong to the request: an unknown kind, or a
 * column that is not a field of that kind.
 */
export function coerceRow(values: Record<string, unknown>, listKind: string | undefined): CoercedRow {
  const { kind: rowKind, ...rest } = values;
  const kindText = typeof rowKind === 'string' && rowKind.trim() !== '' ? rowKind.trim() : listKind;
  if (!kindText) {
    return { kind: undefined, fields: rest, problems: [{ field: 'kind', message: 'kind is required: add a kind column or choose one kind for the whole list.' }] };
  }
  if (!isGenerationKind(kindText)) {
    return { kind: undefined, fields: rest, problems: [{ field: 'kind', message: `kind "${kindText}" is not a generation type the service offers.` }] };
  }
  const specs = ENDPOINTS[kindText].fields as Readonly<Record<string, FieldSpec>>;
  const fields: Record<string, unknown> = {};
  const problems: FieldProblem[] = [];
  for (const [name, value] of Object.entries(rest)) {
    const spec = specs[name];
    if (!spec) {
      problems.push({ field: name, message: `${name} is not a field of ${kindText}.` });
      fields[name] = value;
      continue;
    }
    fields[name] = coerceValue(spec, value);
  }
  return { kind: kindText, fields, problems };
}

/** Names of the file fields of a kind. */
export function fileFieldsOf(kind: GenerationKind): string[] {
  return Object.entries(ENDPOINTS[kind].fields as Readonly<Record<string, FieldSpec>>)
    .filter(([, spec]) => spec.type === 'file')
    .map(([name]) => name);
}
