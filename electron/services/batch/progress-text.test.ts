import { describe, expect, it } from 'vitest';
import type { Batch } from '../../../shared/ipc';
import { failureReason, progressLine } from './progress-text';

const base = (patch: Partial<Omit<Batch, 'counts'>> & { counts?: Partial<Batch['counts']> } = {}): Batch => ({
  id: 'b_000001',
  name: 'props.csv',
  listSha256: 'x',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  startedAt: '2026-01-01T00:00:00.000Z',
  state: 'running',
  spreadAcrossKeys: false,
  rows: [],
  ...patch,
  counts: { total: 50, done: 10, failed: 0, queued: 35, running: 5, invalid: 0, skipped: 0, cancelled: 0, ...patch.counts },
});

describe('progress text', () => {
  it('draws one line with the bar, counts, elapsed time and estimate', () => {
    const line = progressLine(base({ estimateMs: 70_000 }), Date.parse('2026-01-01T00:00:42.000Z'), 10);
    expect(line).toBe('[##--------] 10/50 done · 5 running · 35 queued · 0:42 elapsed · ~1:10 left');
  });

  it('leaves invalid and skipped rows out of the total and says why a batch is paused', () => {
    const line = progressLine(base({ state: 'paused', pauseReason: 'credits', counts: { total: 12, invalid: 1, skipped: 1, done: 5, queued: 5, running: 0 } }), Date.parse('2026-01-01T00:01:00.000Z'), 10);
    expect(line).toContain('5/10 done');
    expect(line).toContain('paused: not enough credits');
  });

  it('gives the reason a run did not fully succeed, or none', () => {
    expect(failureReason(base({ state: 'finished', counts: { done: 50, queued: 0, running: 0 } }))).toBeUndefined();
    expect(failureReason(base({ state: 'finished', counts: { done: 48, failed: 2, queued: 0, running: 0 }, rows: [{ row: 7, kind: 'text-to-3d', fields: {}, problems: [], skip: false, state: 'failed', error: 'The service could not generate this model.' }] }))).toBe(
      '2 row(s) failed; row 7: The service could not generate this model.',
    );
    const credits = failureReason(base({ state: 'paused', pauseReason: 'credits', credits: { required: 20, available: 5 }, counts: { done: 5, queued: 45, running: 0 } }));
    expect(credits).toMatch(/402: not enough credits \(available 5, required 20\)\. 45 row\(s\) are still queued/);
  });
});
