import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './catalogue';
import type { EnumField, FieldSpec } from './fields';
import { optionLabel } from './plain-words';
import { requestSchema } from './schemas';

/** Every enum field of the catalogue, nested ones (References' role, the spritesheet's fields) included. */
function enumFields(fields: Readonly<Record<string, FieldSpec>>, at: string): [string, EnumField][] {
  return Object.entries(fields).flatMap(([name, spec]): [string, EnumField][] => {
    const path = `${at}.${name}`;
    if (spec.type === 'enum') return [[path, spec]];
    if (spec.type === 'object') return enumFields(spec.fields, path);
    if (spec.type === 'array') return enumFields(spec.items.fields, `${path}[]`);
    return [];
  });
}

const ALL = Object.values(ENDPOINTS).flatMap((e) => enumFields(e.fields as Record<string, FieldSpec>, e.id));
const OPTIONS = ALL.flatMap(([path, spec]) => spec.values.map((value): [string, string, string] => [path, value, optionLabel(spec, value)]));

/**
 * The rule: an option reads as a person would write it. It starts with a capital or a digit; a value's
 * words are not left joined by '-' or '_'; a one- or two-letter word is an abbreviation in capitals ('UI', not 'Ui');
 * a size is not glued to a lowercase unit ('1k'). A label may equal the raw value only when the value
 * already follows this rule (none in today's catalogue does: its values are lowercase words and sizes).
 */
function problemsOf(value: string, label: string): string[] {
  const out: string[] = [];
  if (!/^[A-Z0-9]/.test(label)) out.push('starts lowercase');
  // A value's joined words ('kick-football', 'back_left') are split; a real hyphenated word ('four-sided') may stay.
  if (label.includes('_') || (value.includes('-') && label.toLowerCase().includes(value.toLowerCase()))) out.push('joined words');
  if (/^[A-Za-z]{1,2}$/.test(label) && label !== label.toUpperCase()) out.push('short word not in capitals');
  if (/\d[a-z]\b/.test(label)) out.push('size glued to a lowercase unit');
  if (label === value && out.length > 0) out.push('raw value shown');
  return out;
}

describe('every enum option in the catalogue has a label a person would write', () => {
  it('finds the enum fields it is about', () => {
    const paths = ALL.map(([p]) => p);
    expect(paths).toEqual(expect.arrayContaining(['text-to-3d.topology', 'text-to-3d.textureResolution', 'retarget.retargetId', 'image-edit.references[].kind', 'spritesheet.spritesheet.assetKind']));
    expect(OPTIONS.length).toBeGreaterThan(60);
  });

  it.each(OPTIONS)('%s = %s reads as "%s"', (_path, value, label) => {
    expect(problemsOf(value, label)).toEqual([]);
  });

  it.each<[string, string, string]>([
    ['auto', 'auto', 'Auto'],
    ['quads', 'quads', 'Quads (four-sided)'],
    ['triangles', 'triangles', 'Triangles'],
    ['none', 'none', 'None (no texture)'],
    ['1k', '1k', '1K (1024 px)'],
    ['kick-football', 'kick-football', 'Football kick'],
    ['back-left', 'back-left', 'Back left'],
    ['ui', 'ui', 'UI element'],
  ])('the rule itself: %s', (_case, value, good) => {
    // The raw value fails the rule; its label passes.
    expect(problemsOf(value, value)).not.toEqual([]);
    expect(problemsOf(value, good)).toEqual([]);
  });

  it('labels only values the field has, and the value sent is still the raw one', () => {
    for (const [path, spec] of ALL) {
      for (const key of Object.keys(spec.labels ?? {})) expect(spec.values, `${path} labels ${key}`).toContain(key);
    }
    const schema = requestSchema('text-to-3d');
    expect(schema.safeParse({ prompt: 'a chair', topology: 'quads', textureResolution: 'none' }).success).toBe(true);
    expect(schema.safeParse({ prompt: 'a chair', topology: 'Quads (four-sided)' }).success).toBe(false);
  });
});
