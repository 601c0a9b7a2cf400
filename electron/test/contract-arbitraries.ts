/**
 * fast-check arbitraries for the IPC contract, read from each channel's zod
 * schema (shared/ipc): `valid(schema)` draws arguments of the schema's shape
 * (most pass it; refinements the reader does not know may still fail, and the
 * fuzz test counts how many passed), `invalid(schema)` draws what must not
 * pass: anything at all, and valid arguments with one thing broken (a wrong
 * type, an unknown key, a missing required key).
 *
 * Path-like fields (`path`, `outDir`) draw from `safePaths` only: the services
 * under test are real and run as whatever user runs the tests, and
 * `batch:start` creates its output folder.
 */
import fc from 'fast-check';
import type { z } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number; format?: string; pattern?: RegExp; inclusive?: boolean } } }[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const PATH_KEYS = /^(path|outDir)$/;
/** URLs that fail fast: nothing listens on port 9, and `.invalid` never resolves. */
const URL_KEYS = /^(baseUrl|storageUrl)$/;
const URLS = ['http://127.0.0.1:9/api', 'https://studio.invalid/api', 'ftp://127.0.0.1/x', 'not a url'];

function bounds(def: Def): { min?: number; max?: number; pattern?: RegExp; int: boolean } {
  const out: { min?: number; max?: number; pattern?: RegExp; int: boolean } = { int: false };
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'min_length') out.min = d.minimum;
    else if (d.check === 'max_length') out.max = d.maximum;
    else if (d.check === 'length_equals') out.min = out.max = d.value ?? d.minimum;
    else if (d.check === 'greater_than') out.min = d.value;
    else if (d.check === 'less_than') out.max = d.value;
    else if (d.check === 'string_format' && d.pattern) out.pattern = d.pattern;
    else if (d.check === 'number_format') out.int = d.format === 'safeint' || d.format === 'int32' || d.format === 'uint32';
  }
  return out;
}

export function valid(schema: z.ZodType, safePaths: readonly string[], key = ''): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [k, v] of Object.entries(def.shape ?? {})) {
        shape[k] = valid(v, safePaths, k);
        if (defOf(v).type !== 'optional') required.push(k);
      }
      return fc.record(shape, { requiredKeys: required });
    }
    case 'optional':
    case 'nullable':
    case 'default':
      return valid(def.innerType!, safePaths, key);
    case 'string': {
      if (PATH_KEYS.test(key)) return fc.constantFrom(...safePaths);
      if (URL_KEYS.test(key)) return fc.constantFrom(...URLS);
      const b = bounds(def);
      const max = Math.min(b.max ?? 40, 80);
      if (b.pattern) return fc.stringMatching(b.pattern).filter((s) => s.length >= (b.min ?? 0) && s.length <= (b.max ?? Infinity));
      return fc.string({ minLength: b.min ?? 0, maxLength: Math.max(max, b.min ?? 0) });
    }
    case 'number': {
      const b = bounds(def);
      return b.int
        ? fc.integer({ min: Math.ceil(b.min ?? -1000), max: Math.floor(b.max ?? 100_000) })
        : fc.double({ min: b.min ?? -1000, max: b.max ?? 100_000, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array': {
      const b = bounds(def);
      return fc.array(valid(def.element!, safePaths, key), { minLength: b.min ?? 0, maxLength: Math.max(Math.min(b.max ?? 3, 3), b.min ?? 0) });
    }
    case 'record':
      return fc.dictionary(valid(def.keyType!, safePaths) as fc.Arbitrary<string>, valid(def.valueType!, safePaths), { maxKeys: 4 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => valid(o, safePaths, key)));
    case 'custom':
      return fc.uint8Array({ maxLength: 64 });
    default:
      return fc.jsonValue();
  }
}

/** Valid arguments with one thing broken, or anything at all. */
export function invalid(schema: z.ZodType, safePaths: readonly string[]): fc.Arbitrary<unknown> {
  const broken = fc.tuple(valid(schema, safePaths), fc.nat(), fc.jsonValue(), fc.constantFrom('drop', 'retype', 'extra')).map(([args, pick, junk, how]) => {
    if (!args || typeof args !== 'object' || Array.isArray(args)) return junk;
    const copy = { ...(args as Record<string, unknown>) };
    const keys = Object.keys(copy);
    if (how === 'extra' || keys.length === 0) copy[`unexpected${pick % 7}`] = junk;
    else if (how === 'drop') delete copy[keys[pick % keys.length]!];
    else copy[keys[pick % keys.length]!] = typeof junk === typeof copy[keys[pick % keys.length]!] ? [junk] : junk;
    return copy;
  });
  return fc.oneof(broken, fc.anything({ maxDepth: 3 }), fc.constantFrom(null, undefined, 0, '', [], 'jobs', { __proto__: null }, { constructor: 1 }));
}
