import { describe, expect, it } from 'vitest';
import { rowSetOf } from './row-set';

describe('rowSetOf: the row numbers a group_concat names', () => {
  it.each<[string | null | undefined, number[]]>([
    [null, []],
    [undefined, []],
    ['', []],
    ['7', [7]],
    ['1,2,3', [1, 2, 3]],
    ['100000,5,42', [5, 42, 100000]],
    // A row named twice (two tags of one asset) counts once.
    ['3,3,9', [3, 9]],
    ['0', [0]],
  ])('%j holds %j', (list, members) => {
    const set = rowSetOf(list);
    expect([...set]).toEqual(members);
    expect(set.size).toBe(members.length);
    for (const n of members) expect(set.has(n)).toBe(true);
  });

  it('holds nothing it was not given, however large or odd the number asked about', () => {
    const set = rowSetOf('2,4,8');
    for (const n of [1, 3, 5, 9, 1_000_000, -1, 2.5, Number.NaN]) expect(set.has(n)).toBe(false);
  });
});
