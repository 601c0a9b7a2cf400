import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../../../shared/domain/job';
import { entryKey, groupSets } from './history-sets';

const job = (localId: string, createdAt: number, setId?: string) =>
  ({ localId, kind: 'text-to-3d', state: 'success', createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, createdAt)).toISOString(), ...(setId ? { setId } : {}) }) as unknown as JobSummary;

// Newest first, as the history lists them.
const rows = [job('lone-new', 9), job('take-c', 5, 'set-aaaaaa'), job('take-b', 4, 'set-aaaaaa'), job('take-a', 3, 'set-aaaaaa'), job('lone-old', 1)];

describe('history sets', () => {
  it.each([
    ['collapsed, nothing kept', {}, [], ['lone-new', 'set-aaaaaa', 'lone-old']],
    ['expanded, takes in order', {}, ['set-aaaaaa'], ['lone-new', 'set-aaaaaa', 'take-a', 'take-b', 'take-c', 'lone-old']],
    ['expanded, the kept take first', { 'set-aaaaaa': 'take-b' }, ['set-aaaaaa'], ['lone-new', 'set-aaaaaa', 'take-b', 'take-a', 'take-c', 'lone-old']],
  ] as const)('%s', (_name, kept, expanded, keys) => {
    expect(groupSets(rows, kept, new Set(expanded)).map(entryKey)).toEqual(keys);
  });

  it('the set row shows the kept take first and says which it is', () => {
    const [, set] = groupSets(rows, { 'set-aaaaaa': 'take-c' }, new Set());
    expect(set).toMatchObject({ type: 'set', keptLocalId: 'take-c' });
    expect(set!.type === 'set' && set!.takes.map((t) => t.localId)).toEqual(['take-c', 'take-a', 'take-b']);
  });

  it('a set with one take left in view (filtered, removed) is a plain row, and a kept take no longer there is ignored', () => {
    const one = [job('take-a', 3, 'set-aaaaaa'), job('lone', 1)];
    expect(groupSets(one, {}, new Set()).map((e) => e.type)).toEqual(['job', 'job']);
    const [, set] = groupSets(rows, { 'set-aaaaaa': 'gone-1' }, new Set());
    expect(set!.type === 'set' && set!.keptLocalId).toBeUndefined();
  });
});
