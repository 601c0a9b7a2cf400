/**
 * Form drafts and how they become requests.
 *
 * A draft holds what the controls show (text of number inputs, toggles,
 * staged-file references with their names, chosen job ids). `toRequestValues`
 * turns it into the request the catalogue describes: integers as numbers,
 * multi-image `FaceCount` as a numeric string, `EnablePBR` as "true"/"false",
 * empty optional fields left out. Everything is read from `shared/api`.
 */
import {
  ENDPOINTS,
  checkRequest,
  plainProblem,
  type CrossFieldRule,
  type FieldProblem,
  type FieldSpec,
  type GenerationKind,
} from '../../../../shared/api';
import { stagedFileRefSchema } from '../../../../shared/ipc';

/** A file field's draft value: a staged file and what the form shows about it. */
export interface StagedFileDraft {
  stagedFileId: string;
  name: string;
  size: number;
  format?: string;
  width?: number;
  height?: number;
  /**
   * A small picture of it that survives a reload (a data: URL made when it was picked, a few KB), or the
   * history job whose thumbnail shows it: object URLs die with the page, and the chip fell back to a letter.
   * Never sent: the request takes the staged id only.
   */
  thumbnail?: string;
  thumbnailJob?: string;
}

export type DraftValues = Record<string, unknown>;

/** Fields a form never shows: retired ones and `apiVersion` (only version 1 exists). */
export function isHiddenField(name: string, spec: FieldSpec): boolean {
  return spec.retired === true || name === 'apiVersion';
}

export function fieldsOf(kind: GenerationKind): [string, FieldSpec][] {
  return Object.entries(ENDPOINTS[kind].fields as Record<string, FieldSpec>).filter(([n, f]) => !isHiddenField(n, f));
}

export function fieldSpec(kind: GenerationKind, name: string): FieldSpec | undefined {
  return (ENDPOINTS[kind].fields as Record<string, FieldSpec>)[name];
}

export function isStagedFileDraft(v: unknown): v is StagedFileDraft {
  return typeof v === 'object' && v !== null && typeof (v as StagedFileDraft).stagedFileId === 'string';
}

function initialValue(spec: FieldSpec): unknown {
  switch (spec.type) {
    case 'string':
    case 'enum':
      return spec.default;
    case 'integer':
      return spec.default !== undefined ? String(spec.default) : undefined;
    case 'boolean':
      return spec.default ?? false;
    case 'boolean-string':
      return spec.default === 'true';
    case 'object':
      return Object.fromEntries(
        Object.entries(spec.fields)
          .map(([n, f]) => [n, initialValue(f)] as const)
          .filter(([, v]) => v !== undefined),
      );
    case 'array':
      return [];
    default:
      return undefined;
  }
}

/** A fresh draft with the catalogue's defaults, so the form shows what the service would apply. */
export function initialDraft(kind: GenerationKind): DraftValues {
  const draft: DraftValues = {};
  for (const [name, spec] of fieldsOf(kind)) {
    const v = initialValue(spec);
    if (v !== undefined) draft[name] = v;
  }
  return draft;
}

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

function toValue(spec: FieldSpec, raw: unknown): unknown {
  if (isBlank(raw)) return undefined;
  switch (spec.type) {
    case 'string':
    case 'enum':
    case 'job-ref':
      return String(raw);
    case 'integer': {
      const text = String(raw).trim();
      // Keep what the user typed when it is not an integer: validation names the field.
      return /^-?\d+$/.test(text) ? Number(text) : text;
    }
    case 'numeric-string':
      return String(raw).trim();
    case 'boolean':
      return raw === true;
    case 'boolean-string':
      return raw === true || raw === 'true' ? 'true' : 'false';
    case 'file':
      return isStagedFileDraft(raw) ? { stagedFileId: raw.stagedFileId } : undefined;
    case 'object': {
      const obj = raw as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [n, f] of Object.entries(spec.fields)) {
        const v = toValue(f, obj[n]);
        if (v !== undefined) out[n] = v;
      }
      return out;
    }
    case 'array': {
      if (!Array.isArray(raw) || raw.length === 0) return undefined;
      return raw.map((item) => toValue(spec.items, item) ?? {});
    }
  }
}

/** The request the draft describes (no validation). Required blanks are left out so validation reports them. */
export function toRequestValues(kind: GenerationKind, draft: DraftValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of fieldsOf(kind)) {
    const v = toValue(spec, draft[name]);
    if (v === undefined) continue;
    // An optional string left empty means "not given"; a required one is reported by validation.
    out[name] = v;
  }
  return out;
}

/** Field-level messages keyed by dotted path ("prompt", "spritesheet.frameCount", "references.0.url"). */
export type FieldErrors = Record<string, string>;

/** A message that names request fields, in the plain words and labels users see (shared/api/plain-words.ts). */
export function humanizeMessage(kind: GenerationKind, message: string, field = ''): string {
  return plainProblem({ field, message }, kind);
}

/** Maps field problems (client validation or a 422 from the service) onto the fields' dotted paths. */
export function problemsToErrors(kind: GenerationKind, problems: readonly FieldProblem[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const p of problems) {
    const key = p.field || '_form';
    const text = plainProblem(p, kind);
    // Two checks of one value (a pattern and a range) can say the same thing: say it once.
    errors[key] = !errors[key] ? text : errors[key].includes(text) ? errors[key] : `${errors[key]} ${text}`;
  }
  return errors;
}

/** Validates a draft exactly as main will: the catalogue's schema with staged-file references for files. */
export function validateDraft(kind: GenerationKind, draft: DraftValues):
  | { ok: true; values: Record<string, unknown> }
  | { ok: false; errors: FieldErrors } {
  const values = toRequestValues(kind, draft);
  const check = checkRequest(kind, values, { file: stagedFileRefSchema });
  if (check.ok) return { ok: true, values: check.values };
  // zod skips cross-field rules while a field fails; users should see every problem at once.
  const problems = [...check.problems];
  const ep = ENDPOINTS[kind] as { rules?: readonly CrossFieldRule[] };
  for (const rule of ep.rules ?? []) {
    if (!problems.some((p) => p.field === rule.field) && !rule.check(values)) problems.push({ field: rule.field, message: rule.message, issue: { what: 'rule', rule: rule.id } });
  }
  return { ok: false, errors: problemsToErrors(kind, problems) };
}

/**
 * Draft from a recorded request ("Use these settings again"). File fields
 * are left out: the record holds the local copy's path, which the caller
 * stages again separately.
 */
export function draftFromRequest(kind: GenerationKind, request: Record<string, unknown>): DraftValues {
  const draft = initialDraft(kind);
  for (const [name, spec] of fieldsOf(kind)) {
    const v = request[name];
    if (v === undefined || v === null) continue;
    switch (spec.type) {
      case 'file':
        break;
      case 'integer':
      case 'numeric-string':
        draft[name] = String(v);
        break;
      case 'boolean-string':
        draft[name] = v === true || v === 'true';
        break;
      case 'object':
        draft[name] = Object.fromEntries(
          Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, typeof x === 'number' ? String(x) : x]),
        );
        break;
      default:
        draft[name] = v;
    }
  }
  return draft;
}
