import { describe, expect, it } from 'vitest';
import { clampVariants, newSetId, orderTakes, SET_ID_PATTERN, setCostText, variantsAllowed } from './sets';

describe('sets of takes', () => {
  it.each([
    ['text-to-3d', true],
    ['image-to-3d', true],
    ['multi-image-to-3d', true],
    ['retexture', true],
    ['text-to-image', true],
    ['sketch-to-image', true],
    ['image-edit', true],
    ['text-to-worldbox', true],
    ['skybox-from-image', true],
    ['skybox-edit', true],
    ['image-upload', false],
    ['upload-3d', false],
    ['split-to-parts', false],
    ['motion-only', false],
  ] as const)('%s offers Variants: %s', (kind, allowed) => {
    expect(variantsAllowed(kind)).toBe(allowed);
  });

  it.each([
    [1, 1],
    [4, 4],
    [0, 1],
    [7, 4],
    [2.6, 3],
    ['3', 3],
    ['many', 1],
    [undefined, 1],
  ])('a count of %s is %i', (given, want) => {
    expect(clampVariants(given)).toBe(want);
  });

  it.each([
    [1, undefined, undefined],
    [3, undefined, '3 takes: 3 paid jobs, each charged like a single one.'],
    [3, 20, '3 takes × 20 credits = 60 credits.'],
    [4, 1500, '4 takes × 1,500 credits = 6,000 credits.'],
  ])('%i takes at %s credits each: %s', (n, price, text) => {
    expect(setCostText(n, price)).toBe(text);
  });

  it('makes set ids the channels accept, different each time', () => {
    const a = newSetId();
    expect(a).toMatch(SET_ID_PATTERN);
    expect(newSetId()).not.toBe(a);
  });

  const take = (localId: string, createdAt: string) => ({ localId, createdAt });
  const takes = [take('c-third', '2026-01-01T00:00:03Z'), take('a-first', '2026-01-01T00:00:01Z'), take('b-second', '2026-01-01T00:00:02Z')];
  it.each([
    [undefined, ['a-first', 'b-second', 'c-third']],
    ['b-second', ['b-second', 'a-first', 'c-third']],
    ['c-third', ['c-third', 'a-first', 'b-second']],
    ['a-first', ['a-first', 'b-second', 'c-third']],
    ['gone', ['a-first', 'b-second', 'c-third']],
  ])('kept %s: takes shown %j', (kept, order) => {
    expect(orderTakes(takes, kept).map((t) => t.localId)).toEqual(order);
  });
});
