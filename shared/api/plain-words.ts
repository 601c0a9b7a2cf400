/**
 * Plain words for validation problems: the one mapper every place that shows
 * one (the generate forms, the batch row editor, Settings, any refused IPC
 * request) goes through, so an artist reads "Enter a prompt." and never
 * "Too small: expected string to have >=1 characters" or a field path such
 * as `references.0.url`.
 *
 * Two steps, both pure:
 * 1. facts: what went wrong, read from a zod issue (`factsOfIssue`) or, for
 *    a message that arrived as text (the service's 422, an older record),
 *    read back from the message (`factsFromMessage`);
 * 2. a sentence: the facts said with the field's label (`plainSentence`).
 */
import { ENDPOINTS, type CrossFieldRule, type EndpointId } from './catalogue';
import type { FieldSpec } from './fields';

/** What went wrong with one value. Serialisable: it travels with a FieldProblem over IPC. */
export type IssueFacts =
  | { what: 'missing' }
  | { what: 'too-long'; max: number }
  | { what: 'too-short'; min: number }
  | { what: 'out-of-range'; min?: number; max?: number }
  | { what: 'not-whole' }
  | { what: 'not-one-of'; values?: string[] }
  | { what: 'not-url' }
  | { what: 'rule'; rule: string }
  | { what: 'unexpected' }
  | { what: 'wrong-type' };

/** The parts of a zod 4 issue the facts are read from (the library's issue type is wider). */
export interface IssueLike {
  code: string;
  message?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
  values?: readonly unknown[];
  format?: string;
  params?: Record<string, unknown>;
}

const num = (v: number | bigint | undefined): number | undefined => (v === undefined ? undefined : Number(v));

/**
 * Facts from a zod issue. `sent` says whether the field had a value at all:
 * zod reports a missing enum as a wrong option and a missing string as the
 * wrong type, and both mean the same to a user: nothing was given.
 */
export function factsOfIssue(issue: IssueLike, sent: boolean): IssueFacts | undefined {
  if (issue.code === 'custom' && typeof issue.params?.rule === 'string') return { what: 'rule', rule: issue.params.rule };
  if (!sent && issue.code !== 'unrecognized_keys') return { what: 'missing' };
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int' ? { what: 'not-whole' } : { what: 'wrong-type' };
    case 'too_small':
      if (issue.origin === 'string') return num(issue.minimum)! <= 1 ? { what: 'missing' } : { what: 'too-short', min: num(issue.minimum)! };
      if (issue.origin === 'array') return { what: 'missing' };
      return { what: 'out-of-range', min: num(issue.minimum) };
    case 'too_big':
      if (issue.origin === 'string') return { what: 'too-long', max: num(issue.maximum)! };
      return { what: 'out-of-range', max: num(issue.maximum) };
    case 'not_multiple_of':
      return { what: 'not-whole' };
    case 'invalid_value':
      return { what: 'not-one-of', values: issue.values?.map(String) };
    case 'invalid_format':
      if (issue.format === 'url') return { what: 'not-url' };
      if (issue.format === 'regex') return { what: 'not-whole' };
      return { what: 'wrong-type' };
    case 'unrecognized_keys':
      return { what: 'unexpected' };
    case 'custom':
      return issue.message ? factsFromMessage(issue.message) : undefined;
    default:
      return undefined;
  }
}

/** Facts from a zod issue, with whether the field was sent read from the values that were checked. */
export function factsOfIssueIn(issue: IssueLike & { path: readonly PropertyKey[] }, values: unknown): IssueFacts | undefined {
  let at: unknown = values;
  for (const key of issue.path) at = at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  return factsOfIssue(issue, at !== undefined && at !== null && at !== '');
}

const n = (s: string): number => Number(s.replace(/,/g, ''));
const listOf = (s: string): string[] =>
  s
    .replace(/\.$/, '')
    .split(/\s*[,|]\s*/)
    .map((v) => v.replace(/^"|"$/g, ''))
    .filter(Boolean);

/**
 * Messages that arrive as text, read back into facts: the catalogue schemas'
 * own wording (which the sandbox also answers with in a 422) and zod's
 * defaults. First match wins.
 */
const MESSAGE_TABLE: readonly [RegExp, (m: RegExpMatchArray) => IssueFacts][] = [
  [/\bis required\b(?! unless| besides)|expected \w+, received undefined|expected string to have >=1 characters/i, () => ({ what: 'missing' })],
  [/at most ([\d,]+) characters|expected string to have <=([\d,]+) characters/i, (m) => ({ what: 'too-long', max: n(m[1] ?? m[2]!) })],
  [/expected string to have >=([\d,]+) characters/i, (m) => ({ what: 'too-short', min: n(m[1]!) })],
  [/must be between (-?[\d,]+) and (-?[\d,]+)/i, (m) => ({ what: 'out-of-range', min: n(m[1]!), max: n(m[2]!) })],
  [/must be at least (-?[\d,]+)|expected number to be >=?(-?[\d,]+)/i, (m) => ({ what: 'out-of-range', min: n(m[1] ?? m[2]!) })],
  [/must be at most (-?[\d,]+)|expected number to be <=?(-?[\d,]+)/i, (m) => ({ what: 'out-of-range', max: n(m[1] ?? m[2]!) })],
  [/must be an integer|expected int\b|numeric string/i, () => ({ what: 'not-whole' })],
  [/must be one of:? (.+)$|expected one of (.+)$/i, (m) => ({ what: 'not-one-of', values: listOf(m[1] ?? m[2]!) })],
  [/https?:\/\/ or https:\/\/ URL|invalid url/i, () => ({ what: 'not-url' })],
  [/unrecognized key/i, () => ({ what: 'unexpected' })],
];

export function factsFromMessage(message: string): IssueFacts | undefined {
  for (const [pattern, make] of MESSAGE_TABLE) {
    const m = message.match(pattern);
    if (m) return make(m);
  }
  return undefined;
}

/** What a sentence needs to know about the field: its label, its catalogue spec, and where it sits ("Reference 1"). */
export interface FieldWords {
  label: string;
  spec?: FieldSpec;
  /** Where a nested field sits, said first: "Reference 1: enter an image URL." */
  within?: string;
}

/** "Base URL" → "base URL"; "Prompt" → "prompt". Words in capitals (URL, PBR) keep them. */
function lower(label: string): string {
  return label.replace(/^([A-Z])([a-z])/, (_m, a: string, b: string) => a.toLowerCase() + b);
}
function withArticle(label: string): string {
  const l = lower(label);
  return `${/^[aeiou]/i.test(l) && !/^(one|uni|use)/i.test(l) ? 'an' : 'a'} ${l}`;
}
const format = (v: number): string => v.toLocaleString('en-US');
const orList = (values: readonly string[]): string => (values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`);

const FILE_NOUN: Record<string, string> = { image: 'an image', model: 'a model file', video: 'a video' };

/** The plain sentence for rules across fields, by rule id (the catalogue's `plain`). */
function ruleSentence(rule: string, rules: readonly CrossFieldRule[]): string | undefined {
  return rules.find((r) => r.id === rule)?.plain;
}

/** Everything wrong, said with the field's label: "Enter a prompt.", "Target face count: use a whole number from 0 to 500,000." */
export function plainSentence(facts: IssueFacts, field: FieldWords, rules: readonly CrossFieldRule[] = []): string {
  const { label, spec } = field;
  const sentence = ((): string => {
    const choose = spec && ((spec.type === 'string' && spec.style) || spec.type === 'enum' || spec.type === 'job-ref' || spec.type === 'object' || spec.type === 'array' || (spec.type === 'integer' && spec.oneOf));
    const range = spec && (spec.type === 'integer' || spec.type === 'numeric-string') ? { min: spec.min, max: spec.max } : {};
    switch (facts.what) {
      case 'missing':
        if (spec?.type === 'file') {
          const noun = FILE_NOUN[spec.accept] ?? 'a file';
          return noun.endsWith(lower(label)) ? `Choose ${noun}.` : `${label}: choose ${noun}.`;
        }
        return choose ? `Choose ${withArticle(label)}.` : `Enter ${withArticle(label)}.`;
      case 'too-long':
        return `Keep the ${lower(label)} to ${format(facts.max)} characters or fewer.`;
      case 'too-short':
        return `${label}: use at least ${format(facts.min)} characters.`;
      case 'out-of-range':
      case 'not-whole': {
        const min = range.min ?? (facts.what === 'out-of-range' ? facts.min : undefined);
        const max = range.max ?? (facts.what === 'out-of-range' ? facts.max : undefined);
        if (min !== undefined && max !== undefined) return `${label}: use a whole number from ${format(min)} to ${format(max)}.`;
        if (min !== undefined) return `${label}: use a whole number of ${format(min)} or more.`;
        if (max !== undefined) return `${label}: use a whole number of ${format(max)} or less.`;
        return `${label}: use a whole number.`;
      }
      case 'not-one-of': {
        const values = spec?.type === 'enum' ? [...spec.values] : spec?.type === 'integer' && spec.oneOf ? spec.oneOf.map(String) : facts.values;
        return values?.length ? `${label}: choose ${orList(values)}.` : `Choose ${withArticle(label)}.`;
      }
      case 'not-url':
        return `${label}: enter a web address that starts with https:// (or http://).`;
      case 'rule':
        return ruleSentence(facts.rule, rules) ?? `Check the ${lower(label)}.`;
      case 'unexpected':
        return 'The app sent something this request does not take. Please report it; nothing was sent.';
      case 'wrong-type':
        return `Check the ${lower(label)}.`;
    }
  })();
  return field.within ? `${field.within}: ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}` : sentence;
}

/** A problem as it travels: a dotted path, the original message, and its facts when known. */
export interface ProblemLike {
  field: string;
  message: string;
  issue?: IssueFacts;
}

/** Labels for a request's fields: a catalogue endpoint, or a form's own table (Settings). */
export type LabelSource = EndpointId | Readonly<Record<string, string>>;

const isPathIndex = (s: string): boolean => /^\d+$/.test(s);

/** The label, spec and place of a dotted path in an endpoint ("references.0.url" → Image URL within Reference 1). */
export function catalogueWords(id: EndpointId, path: string): FieldWords | undefined {
  const parts = path.split('.').filter(Boolean);
  let fields: Readonly<Record<string, FieldSpec>> = ENDPOINTS[id].fields as Record<string, FieldSpec>;
  let spec: FieldSpec | undefined;
  let within: string | undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (isPathIndex(part)) continue;
    spec = fields[part];
    if (!spec) return undefined;
    if (spec.type === 'array') {
      const index = parts[i + 1];
      if (index !== undefined && isPathIndex(index) && i + 2 < parts.length) {
        within = `${spec.items.label} ${Number(index) + 1}`;
        fields = spec.items.fields;
      }
    } else if (spec.type === 'object' && i + 1 < parts.length) {
      fields = spec.fields;
    }
  }
  return spec ? { label: spec.label, spec, ...(within ? { within } : {}) } : undefined;
}

/** A field path no label was found for, made readable: "clientId" → "Client id". */
function wordsOfName(path: string): string {
  const last = path.split('.').filter((p) => !isPathIndex(p)).pop() ?? '';
  const spaced = last
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\b(url|id)\b/g, (w) => w.toUpperCase());
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : 'This value';
}

function wordsFor(source: LabelSource, path: string): FieldWords {
  if (typeof source === 'string') return catalogueWords(source, path) ?? { label: wordsOfName(path) };
  const label = source[path] ?? source[path.split('.')[0] ?? ''];
  return { label: label ?? wordsOfName(path) };
}

/** Replaces the field names a message mentions with their labels (a message no facts were read from). */
function relabel(source: LabelSource, message: string): string {
  const names = typeof source === 'string' ? namesOf(ENDPOINTS[source].fields as Record<string, FieldSpec>) : Object.entries(source);
  let out = message;
  for (const [name, label] of names.sort((a, b) => b[0].length - a[0].length)) {
    // A field named by an ordinary word ("file", "prompt") is replaced only where it leads the message; identifiers anywhere.
    if (/^[a-z]+$/.test(name)) {
      out = out.replace(new RegExp(`^${name}(?=[\\s:])`), label);
      continue;
    }
    out = out.replace(new RegExp(`(^|[^\\w.\\[])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\.\\d+|\\[\\])?(?![\\w\\[])`, 'g'), (_m, lead: string) => `${lead}${label}`);
  }
  return out.charAt(0).toUpperCase() + out.slice(1);
}

function namesOf(fields: Readonly<Record<string, FieldSpec>>, prefix = ''): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, spec] of Object.entries(fields)) {
    const path = prefix ? `${prefix}.${name}` : name;
    out.push([path, spec.label]);
    if (spec.type === 'object') out.push(...namesOf(spec.fields, path));
    if (spec.type === 'array') out.push(...namesOf(spec.items.fields, `${path}[]`), ...namesOf(spec.items.fields, path));
  }
  return out;
}

/**
 * The one mapper: a validation problem (from the forms' own check, a refused
 * IPC request, a batch row, or the service's 422) as the sentence the screen
 * shows, in the labels of `source`.
 */
export function plainProblem(given: ProblemLike, source: LabelSource): string {
  const problem = given.field ? given : { ...given, field: fieldNamedIn(given.message, source) ?? '' };
  const facts = problem.issue ?? factsFromMessage(problem.message);
  const rules = typeof source === 'string' ? ((ENDPOINTS[source] as { rules?: readonly CrossFieldRule[] }).rules ?? []) : [];
  const byRule = rules.find((r) => r.message === problem.message);
  if (byRule) return byRule.plain;
  if (facts) return plainSentence(facts, problem.field ? wordsFor(source, problem.field) : { label: 'This request' }, rules);
  return relabel(source, problem.message);
}

/** The field a message starts with ("prompt must be…", "references[].url is required"), when it names one. */
function fieldNamedIn(message: string, source: LabelSource): string | undefined {
  const first = message.match(/^([\w.[\]]+?)(?:\[\])?(?::|\s)/)?.[1];
  if (!first) return undefined;
  const path = first.replace(/\[\]/g, '.0');
  const known = typeof source === 'string' ? catalogueWords(source, path) !== undefined : path in source;
  return known ? path : undefined;
}

/** Several problems as one line, each once (a form-level summary, a batch row). */
export function plainProblems(problems: readonly ProblemLike[], source: LabelSource): string[] {
  return [...new Set(problems.map((p) => plainProblem(p, source)))];
}

/**
 * An enum option as a person reads it: the field's own label for the value
 * when the catalogue gives one, else the value said in words: its first
 * letter capitalised and joined words ('kick-football', 'back_left') split
 * ('Kick football', 'Back left'). The value sent is never changed.
 */
export function optionLabel(spec: { labels?: Readonly<Partial<Record<string, string>>> }, value: string): string {
  const given = spec.labels?.[value];
  if (given) return given;
  const words = value.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
