/**
 * The catalogue is where every form and the batch row editor get their
 * words: each field's label and hint must read as an artist would say it.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type CrossFieldRule, type EndpointId } from './catalogue';
import type { FieldSpec } from './fields';

/** Hints that describe the wire, not the art: they never reach the screen. */
const BANNED_IN_HINTS = [/sent as/i, /numeric string/i, /string "?true"?/i, /augmentation/i, /serializ/i, /\bids?\b/, /metadata/i, /job of yours/i, /\bendpoint\b/i, /\bnegotiat/i, /\bpayload\b/i, /\bquery\b/i];
/** A service field name in running text: camelCase (genStyleId), PascalCase compounds (FaceCount), snake_case. */
const FIELD_NAME = /\b[a-z]+[A-Z]\w*\b|\b[A-Z][a-z]+[A-Z]\w*\b|\b\w+_\w+\b/;

function walk(fields: Readonly<Record<string, FieldSpec>>, prefix = ''): [string, FieldSpec][] {
  const out: [string, FieldSpec][] = [];
  for (const [name, spec] of Object.entries(fields)) {
    const path = prefix ? `${prefix}.${name}` : name;
    out.push([path, spec]);
    if (spec.type === 'object') out.push(...walk(spec.fields, path));
    if (spec.type === 'array') out.push([`${path}[]`, spec.items], ...walk(spec.items.fields, `${path}[]`));
  }
  return out;
}

const everyField = (Object.keys(ENDPOINTS) as EndpointId[]).flatMap((id) => walk(ENDPOINTS[id].fields as Record<string, FieldSpec>).map(([path, spec]) => [id, path, spec] as const));

describe('every field of the catalogue reads as an artist would say it', () => {
  it('walks every field', () => {
    expect(everyField.length).toBeGreaterThan(80);
  });

  it.each(everyField.map(([id, path, spec]) => [`${id} ${path}`, path, spec] as const))('%s', (_name, path, spec) => {
    const name = path.split(/[.[\]]+/).filter(Boolean).pop()!;
    // The label is words, not the field name (genStyleId → Style, FaceCount → Face count).
    expect(spec.label).not.toBe(name);
    expect(spec.label).not.toMatch(FIELD_NAME);
    for (const text of [spec.label, spec.help ?? '']) {
      for (const banned of BANNED_IN_HINTS) expect(text, `"${text}"`).not.toMatch(banned);
      expect(text.replace(/\bWebP\b/g, 'webp'), `"${text}" names a service field`).not.toMatch(FIELD_NAME);
    }
  });

  it.each((Object.keys(ENDPOINTS) as EndpointId[]).flatMap((id) => ((ENDPOINTS[id] as { rules?: readonly CrossFieldRule[] }).rules ?? []).map((r) => [id, r] as const)))(
    '%s: the rule says plainly what to do',
    (_id, rule) => {
      expect(rule.plain).not.toMatch(FIELD_NAME);
      expect(rule.plain).not.toMatch(/is required|must be/);
    },
  );
});
