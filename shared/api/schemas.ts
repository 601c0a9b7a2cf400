/**
 * zod schemas derived from the endpoint catalogue.
 *
 * Request schemas are built from the field specs (so a change to the
 * catalogue changes validation everywhere), response schemas are written
 * tolerantly: unknown fields pass, legacy statuses are mapped.
 */
import { z } from 'zod';
import { ENDPOINTS, LEGACY_JOB_STATUSES, JOB_STATUSES, type EndpointId, type CrossFieldRule } from './catalogue';
import type { FieldSpec } from './fields';
import { factsOfIssue, type IssueFacts } from './plain-words';

// ---- requests --------------------------------------------------------------------------------

export interface RequestSchemaOptions {
  /**
   * Schema for the value of a file field. The forms and the IPC contract hold
   * a reference to a staged file; the sandbox holds parsed upload parts.
   */
  file?: z.ZodType;
  /**
   * Wire form: multipart values arrive as strings, so integers and booleans
   * are coerced from their string form before their rules are checked.
   */
  wire?: boolean;
}

function fieldSchema(name: string, spec: FieldSpec, opts: RequestSchemaOptions): z.ZodType {
  const wire = opts.wire ?? false;
  switch (spec.type) {
    case 'string': {
      let s = z.string({ error: `${name} must be a string.` });
      if (spec.maxLength !== undefined) {
        s = s.max(spec.maxLength, { error: `${name} must be at most ${spec.maxLength} characters.` });
      }
      if (spec.required) s = s.min(1, { error: `${name} is required.` });
      return s;
    }
    case 'enum':
      return z.enum(spec.values as [string, ...string[]], {
        error: `${name} must be one of: ${spec.values.join(', ')}.`,
      });
    case 'integer': {
      let n = z.number({ error: `${name} must be an integer.` }).int({ error: `${name} must be an integer.` });
      if (spec.min !== undefined) n = n.min(spec.min, { error: `${name} must be at least ${spec.min}.` });
      if (spec.max !== undefined) n = n.max(spec.max, { error: `${name} must be at most ${spec.max}.` });
      let out: z.ZodType = n;
      if (spec.oneOf) {
        const allowed = spec.oneOf;
        out = n.refine((v) => allowed.includes(v), { error: `${name} must be one of: ${allowed.join(', ')}.` });
      }
      if (wire) {
        return z.preprocess((v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v), out);
      }
      return out;
    }
    case 'boolean': {
      const b = z.boolean({ error: `${name} must be true or false.` });
      if (wire) return z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), b);
      return b;
    }
    case 'numeric-string': {
      const min = spec.min ?? Number.NEGATIVE_INFINITY;
      const max = spec.max ?? Number.POSITIVE_INFINITY;
      return z
        .string({ error: `${name} must be a numeric string.` })
        .regex(/^\d+$/, { error: `${name} must be a numeric string of digits.` })
        .refine((v) => Number(v) >= min && Number(v) <= max, {
          error: `${name} must be between ${spec.min ?? 0} and ${spec.max ?? '∞'}.`,
        });
    }
    case 'boolean-string':
      return z.enum(['true', 'false'], { error: `${name} must be the string "true" or "false".` });
    case 'file':
      return opts.file ?? z.unknown().refine((v) => v != null, { error: `${name} is required.` });
    case 'job-ref':
      return z.string({ error: `${name} must be a job id.` }).min(1, { error: `${name} is required.` });
    case 'object':
      return objectSchema(name, spec.fields, opts);
    case 'array':
      return z.array(objectSchema(`${name}[]`, spec.items.fields, opts), { error: `${name} must be an array.` });
  }
}

function objectSchema(prefix: string, fields: Readonly<Record<string, FieldSpec>>, opts: RequestSchemaOptions) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.retired) continue;
    const qualified = prefix && !prefix.endsWith('[]') ? `${prefix}.${name}` : prefix ? `${prefix.slice(0, -2)}[].${name}` : name;
    const s = fieldSchema(qualified, spec, opts);
    shape[name] = spec.required ? s : s.optional();
  }
  // Unknown keys are dropped (retired fields such as ModelNo are ignored, as the service does).
  return z.object(shape);
}

function applyRules(schema: z.ZodType, rules: readonly CrossFieldRule[] | undefined): z.ZodType {
  if (!rules?.length) return schema;
  return schema.superRefine((value, ctx) => {
    for (const rule of rules) {
      if (!rule.check(value as Record<string, unknown>)) {
        ctx.addIssue({ code: 'custom', message: rule.message, path: rule.field.split('.'), params: { rule: rule.id } });
      }
    }
  });
}

const cache = new Map<string, z.ZodType>();
/** Per file schema (one object per caller: forms, batch rows, the sandbox): building a schema costs ~2 ms, and a 10,000-row list checks one per row. */
const cacheByFile = new WeakMap<z.ZodType, Map<string, z.ZodType>>();

/** The request schema of one endpoint: field rules, then cross-field rules. */
export function requestSchema(id: EndpointId, opts: RequestSchemaOptions = {}): z.ZodType<Record<string, unknown>> {
  const key = `${id}|${opts.wire ? 'w' : ''}|${opts.file ? 'f' : ''}`;
  let store = cache;
  if (opts.file) {
    store = cacheByFile.get(opts.file) ?? new Map();
    cacheByFile.set(opts.file, store);
  }
  const cached = store.get(key);
  if (cached) return cached as z.ZodType<Record<string, unknown>>;
  const ep = ENDPOINTS[id];
  const fields = Object.fromEntries(
    Object.entries(ep.fields as Record<string, FieldSpec>).filter(([, f]) => f.location !== 'query' || id !== 'get-job'),
  );
  const schema = applyRules(objectSchema('', fields, opts), 'rules' in ep ? ep.rules : undefined);
  store.set(key, schema);
  return schema as z.ZodType<Record<string, unknown>>;
}

export interface FieldProblem {
  /** Dotted path of the field ("prompt", "spritesheet.frameCount", "references.0.kind"). */
  field: string;
  /** In field names, as the service words it (the CLI and the sandbox's 422 show this). */
  message: string;
  /** What went wrong, for the screen's plain sentence (shared/api/plain-words.ts). */
  issue?: IssueFacts;
}

export type RequestCheck =
  | { ok: true; values: Record<string, unknown> }
  | { ok: false; problems: FieldProblem[]; message: string };

/** Validates a request against its endpoint. The message names every field that failed. */
export function checkRequest(id: EndpointId, values: unknown, opts: RequestSchemaOptions = {}): RequestCheck {
  const parsed = requestSchema(id, opts).safeParse(values ?? {});
  if (parsed.success) return { ok: true, values: parsed.data };
  const problems = parsed.error.issues.map((issue): FieldProblem => {
    const field = issue.path.map(String).join('.');
    const sent = valueAt(values, issue.path);
    const facts = factsOfIssue(issue, sent !== undefined && sent !== null && sent !== '');
    const withFacts = (p: FieldProblem): FieldProblem => (facts ? { ...p, issue: facts } : p);
    // zod 4 leaves `input` off issues, so whether the field was sent at all is read from the values themselves.
    if (issue.code === 'invalid_type') {
      if (sent === undefined || sent === null) return withFacts({ field, message: `${field} is required.` });
      return withFacts({ field, message: `${field} must be ${article(issue.expected)}, not ${describeValue(sent)}.` });
    }
    const named = issue.message.includes(field) || !field ? issue.message : `${field}: ${issue.message}`;
    return withFacts({ field, message: named });
  });
  return { ok: false, problems, message: problems.map((p) => p.message).join(' ') };
}

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = values;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

/** The request with the spec's defaults filled in for fields the caller did not set (what `genParams` reports). */
export function withDefaults(id: EndpointId, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const [name, spec] of Object.entries(ENDPOINTS[id].fields as Record<string, FieldSpec>)) {
    if (spec.retired || out[name] !== undefined) continue;
    if ('default' in spec && spec.default !== undefined) out[name] = spec.default;
  }
  return out;
}

// ---- responses -------------------------------------------------------------------------------

export const jobStatusSchema = z.preprocess(
  (v) => (typeof v === 'string' && v in LEGACY_JOB_STATUSES ? LEGACY_JOB_STATUSES[v as keyof typeof LEGACY_JOB_STATUSES] : v),
  z.enum(JOB_STATUSES),
);
export type JobStatus = (typeof JOB_STATUSES)[number];

export const fragmentSchema = z.looseObject({ name: z.string(), displayName: z.string().optional() });
export type Fragment = { name: string; displayName?: string };

/** The Job resource of `GET /jobs/{jobId}`, read tolerantly: unknown fields pass, missing optional ones are fine. */
export const jobResourceSchema = z.looseObject({
  id: z.string(),
  status: jobStatusSchema,
  title: z.string().nullish(),
  prompt: z.string().nullish(),
  createdAt: z.string().nullish(),
  genParams: z.record(z.string(), z.unknown()).nullish(),
  fragments: z.array(fragmentSchema).nullish(),
  errorMessage: z.string().nullish(),
  isSuccess: z.boolean().nullish(),
  libraryEligible: z.boolean().nullish(),
});
export type JobResource = z.infer<typeof jobResourceSchema>;

export const createJobResponseSchema = z.looseObject({ jobId: z.string().min(1) });
export const imageUploadResponseSchema = z.looseObject({
  jobId: z.string().min(1),
  metaJson: z.record(z.string(), z.unknown()).nullish(),
});
/**
 * Image edit "may finish inline and hand back the result with the job id"; the
 * exact shape is not in the spec. We require the job id and keep the rest.
 */
export const imageEditResponseSchema = z.looseObject({ jobId: z.string().min(1) });

// ---- errors ----------------------------------------------------------------------------------

/** `{ statusCode, message }`: 401, 403, 404, 422, 429, 500. */
export const errorBodySchema = z.looseObject({
  statusCode: z.number().int(),
  message: z.union([z.string(), z.array(z.string())]),
});
/** 402: `{ available, error, message, required }`. Field types are not in the spec, so numbers may arrive as strings. */
const creditNumber = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)]);
export const creditErrorBodySchema = z.looseObject({
  available: creditNumber,
  error: z.unknown(),
  message: z.string(),
  required: creditNumber,
});

export const ERROR_STATUSES = [401, 402, 403, 404, 422, 429, 500] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];
/** Which body shape each documented status uses. */
export const ERROR_BODY_BY_STATUS: Record<ErrorStatus, 'error' | 'credit'> = {
  401: 'error',
  402: 'credit',
  403: 'error',
  404: 'error',
  422: 'error',
  429: 'error',
  500: 'error',
};
