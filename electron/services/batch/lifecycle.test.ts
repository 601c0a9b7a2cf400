import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../shared/domain/job';
import { jobRecord } from '../../../shared/domain/test/job-record';
import type { BatchRowState, BatchState } from '../../../shared/ipc';
import {
  UNCERTAIN_ROW_ERROR,
  applyChange,
  countRows,
  creditStop,
  discardRefusal,
  editRefusal,
  estimateMs,
  needsFollowing,
  nextBatch,
  nextRow,
  rowEnding,
  type RowEvent,
} from './lifecycle';
import type { StoredRow } from './store';

const AT = '2026-11-25T12:00:00.000Z';

function row(state: BatchRowState, patch: Partial<StoredRow> = {}): StoredRow {
  return { row: 3, kind: 'text-to-3d', fields: { prompt: 'a chair' }, problems: [], skip: false, state, ...patch };
}

function job(state: JobRecord['state'], patch: Partial<JobRecord> = {}): JobRecord {
  return jobRecord({ state, batchId: 'b_batch1', ...patch });
}

/** The row after the event: its state and the fields the event set or removed. */
function moved(before: StoredRow, event: RowEvent): StoredRow {
  const after = { ...before };
  const change = nextRow(before, event);
  if (change) applyChange(after, change);
  return after;
}

const problem = { field: 'targetFaceCount', message: 'Must be at least 100.' };
const dup = { localId: 'job-old001', jobId: 'up-old', state: 'success' };

describe('nextRow: how a batch row moves on', () => {
  it.each<[string, StoredRow, RowEvent, Partial<StoredRow>]>([
    ['checked, no problem', row('invalid'), { type: 'checked' }, { state: 'ready' }],
    ['checked, with problems', row('ready', { problems: [problem] }), { type: 'checked' }, { state: 'invalid' }],
    ['checked, skipped by the user (problems or not)', row('invalid', { skip: true, problems: [problem] }), { type: 'checked' }, { state: 'skipped' }],
    ['handed to the engine, held', row('ready'), { type: 'handed', localId: 'job-new001', at: AT }, { state: 'queued', localId: 'job-new001', startedAt: AT }],
    ['reusing an identical ledger job', row('ready', { duplicateOf: dup, duplicateChoice: 'reuse' }), { type: 'reused', at: AT }, { state: 'running', localId: 'job-old001', jobId: 'up-old', startedAt: AT }],
    ['adopted after a crash (the engine record was never named)', row('ready'), { type: 'adopted', job: job('queued') }, { state: 'queued', localId: 'job-abc123', startedAt: '2026-11-25T11:00:00.000Z' }],
    ['its job is sent and running upstream', row('queued'), { type: 'job', job: job('running', { jobId: 'up-1', submittedAt: AT }), at: AT }, { state: 'running', jobId: 'up-1', startedAt: AT }],
    ['its job still waits in the engine queue', row('queued', { startedAt: 'x' }), { type: 'job', job: job('queued'), at: AT }, { state: 'queued', startedAt: 'x' }],
    ['its send had no answer: failed, the choice left to the user', row('running'), { type: 'job', job: job('uncertain'), at: AT }, { state: 'failed', error: UNCERTAIN_ROW_ERROR, finishedAt: AT }],
    ['its uncertain send was resent from the history: back to running, the error gone', row('failed', { error: UNCERTAIN_ROW_ERROR }), { type: 'job', job: job('pending', { jobId: 'up-2' }), at: AT }, { state: 'running', jobId: 'up-2', error: undefined }],
    ['its job ended upstream: only the job id, the end is the follower’s', row('running'), { type: 'job', job: job('success', { jobId: 'up-3' }), at: AT }, { state: 'running', jobId: 'up-3' }],
    ['a done row ignores its job', row('done', { file: 'a.glb' }), { type: 'job', job: job('running'), at: AT }, { state: 'done', file: 'a.glb' }],
    ['a failed row ignores its job ending', row('failed', { error: 'x' }), { type: 'job', job: job('error'), at: AT }, { state: 'failed', error: 'x' }],
    ['exported', row('running', { error: 'old' }), { type: 'exported', file: 'row-003.glb', at: AT }, { state: 'done', file: 'row-003.glb', error: undefined, finishedAt: AT }],
    ['failed with a reason', row('queued'), { type: 'failed', message: 'No credits.', at: AT }, { state: 'failed', error: 'No credits.', finishedAt: AT }],
    ['batch cancelled before it was handed over', row('ready'), { type: 'cancelled' }, { state: 'cancelled' }],
    ['batch cancelled after it was handed over: the engine decides', row('queued', { localId: 'job-x00001' }), { type: 'cancelled' }, { state: 'queued' }],
    ['an invalid row stays invalid when the batch is cancelled', row('invalid'), { type: 'cancelled' }, { state: 'invalid' }],
    ['taken out of the engine queue', row('queued', { localId: 'job-x00001' }), { type: 'withdrawn', at: AT }, { state: 'cancelled', finishedAt: AT }],
  ])('%s', (_what, before, event, expected) => {
    const after = moved(before, event);
    expect(after).toMatchObject(Object.fromEntries(Object.entries(expected).filter(([, v]) => v !== undefined)));
    for (const [key, v] of Object.entries(expected)) if (v === undefined) expect(after).not.toHaveProperty(key);
  });

  it('reuse without a duplicate to reuse does not move the row', () => {
    expect(nextRow(row('ready'), { type: 'reused', at: AT })).toBeUndefined();
  });
});

describe('needsFollowing: whether a row’s job is still worth waiting for', () => {
  it.each<[string, StoredRow, JobRecord | undefined, boolean]>([
    ['a row not handed over', row('ready'), undefined, false],
    ['a queued row', row('queued', { localId: 'job-abc123' }), job('queued'), true],
    ['a done row', row('done', { localId: 'job-abc123' }), job('success'), false],
    ['a cancelled row', row('cancelled', { localId: 'job-abc123' }), job('dismissed'), false],
    ['a failed row whose job ended', row('failed', { localId: 'job-abc123' }), job('error'), false],
    ['a failed row whose job is gone from the ledger', row('failed', { localId: 'job-abc123' }), undefined, false],
    ['a failed row whose send is uncertain (it may be resent)', row('failed', { localId: 'job-abc123' }), job('uncertain'), true],
  ])('%s → %s', (_what, r, j, expected) => {
    expect(needsFollowing(r, j)).toBe(expected);
  });
});

describe('rowEnding: what a row does once its job ends', () => {
  const ready = { state: 'ready', format: 'glb', attempts: 1 } as const;
  it.each<[string, JobRecord, BatchState, string | undefined, boolean, ReturnType<typeof rowEnding>]>([
    ['success, the file still downloading: wait for it', job('success', { asset: { state: 'downloading', format: 'glb', attempts: 0 } }), 'running', undefined, false, { then: 'await-asset' }],
    ['success, still no file after waiting: failed', job('success', { asset: { state: 'downloading', format: 'glb', attempts: 0 } }), 'running', undefined, true, { then: 'row', event: { type: 'failed', message: 'The job succeeded but its asset could not be downloaded; retry the download from the history.', at: AT } }],
    ['success with the file in the cache: export it', job('success', { asset: ready }), 'running', '/cache/a.glb', false, { then: 'export', assetPath: '/cache/a.glb' }],
    ['success, the file unavailable: failed with its reason', job('success', { asset: { state: 'unavailable', format: 'glb', attempts: 9, problem: 'Asset unavailable: 404.' } }), 'running', undefined, false, { then: 'row', event: { type: 'failed', message: 'Asset unavailable: 404.', at: AT } }],
    ['upstream error: failed with the service’s message', job('error', { jobId: 'up-1', problem: { message: 'Mesh failed.' } }), 'running', undefined, false, { then: 'row', event: { type: 'failed', message: 'Mesh failed.', at: AT } }],
    ['refused without a message', job('rejected'), 'running', undefined, false, { then: 'row', event: { type: 'failed', message: 'The job ended as rejected.', at: AT } }],
    ['dismissed before the service saw it, batch cancelling: cancelled', job('dismissed'), 'cancelling', undefined, false, { then: 'row', event: { type: 'withdrawn', at: AT } }],
    ['an accepted job that failed while cancelling is a failure', job('error', { jobId: 'up-9' }), 'cancelling', undefined, false, { then: 'row', event: { type: 'failed', message: 'The job ended as error.', at: AT } }],
  ])('%s', (_what, j, batchState, assetPath, waited, expected) => {
    expect(rowEnding(j, batchState, assetPath, AT, waited)).toEqual(expected);
  });
});

describe('nextBatch: how the batch moves on', () => {
  const rows = (...states: BatchRowState[]) => states.map((s) => row(s));
  it.each<[string, BatchState, StoredRow[], Parameters<typeof nextBatch>[1], ReturnType<typeof nextBatch>]>([
    ['start a draft', 'draft', rows('ready', 'invalid'), { type: 'start', at: AT }, { state: 'running', startedAt: AT }],
    ['start a draft with no ready row', 'draft', rows('invalid', 'skipped'), { type: 'start', at: AT }, { refused: 'nothing-to-send', message: expect.stringContaining('No row is ready') }],
    ['start twice', 'running', rows('ready'), { type: 'start', at: AT }, { refused: 'already-started', message: expect.any(String) }],
    ['pause a running batch', 'running', rows('queued'), { type: 'pause' }, { state: 'paused', pauseReason: 'user' }],
    ['pause a paused batch', 'paused', rows('queued'), { type: 'pause' }, { refused: 'not-running', message: expect.any(String) }],
    ['resume: the pause reason and the balance go', 'paused', rows('queued'), { type: 'resume' }, { state: 'running', pauseReason: undefined, credits: undefined }],
    ['resume a running batch', 'running', rows('queued'), { type: 'resume' }, { refused: 'not-paused', message: expect.any(String) }],
    ['cancel a draft: cancelled at once', 'draft', rows('ready'), { type: 'cancel' }, { state: 'cancelled' }],
    ['cancel a running batch: cancelling while accepted jobs end', 'running', rows('running'), { type: 'cancel' }, { state: 'cancelling' }],
    ['cancel a paused batch', 'paused', rows('queued'), { type: 'cancel' }, { state: 'cancelling' }],
    ['cancel a finished batch', 'finished', rows('done'), { type: 'cancel' }, { refused: 'batch-ended', message: expect.any(String) }],
    ['out of credits while running: paused with the balance', 'running', rows('queued'), { type: 'out-of-credits', credits: { required: 20, available: 3 } }, { state: 'paused', pauseReason: 'credits', credits: { required: 20, available: 3 } }],
    ['out of credits while paused by the user: stays as it is', 'paused', rows('queued'), { type: 'out-of-credits' }, undefined],
    ['rows moved, some still running', 'running', rows('done', 'running'), { type: 'rows-moved', at: AT }, undefined],
    ['rows moved, one still ready to send', 'running', rows('done', 'ready'), { type: 'rows-moved', at: AT }, undefined],
    ['rows moved, all ended: finished', 'running', rows('done', 'failed', 'invalid', 'skipped'), { type: 'rows-moved', at: AT }, { state: 'finished', finishedAt: AT }],
    ['rows moved while cancelling, ready rows do not count: cancelled', 'cancelling', rows('done', 'ready', 'cancelled'), { type: 'rows-moved', at: AT }, { state: 'cancelled', finishedAt: AT }],
    ['rows moved while paused: stays paused', 'paused', rows('done'), { type: 'rows-moved', at: AT }, undefined],
  ])('%s', (_what, state, batchRows, event, expected) => {
    expect(nextBatch({ state, rows: batchRows }, event)).toEqual(expected);
  });
});

describe('requests refused by the state they find', () => {
  it.each<[string, BatchState, string | undefined, string | undefined]>([
    ['edit a row not yet handed over', 'running', undefined, undefined],
    ['edit a row already handed over', 'running', 'job-abc123', 'row-sent'],
    ['edit a row of a finished batch', 'finished', undefined, 'batch-ended'],
    ['edit a row of a cancelled batch', 'cancelled', undefined, 'batch-ended'],
  ])('%s', (_what, state, localId, expected) => {
    expect(editRefusal({ state }, { row: 4, localId })?.refused).toBe(expected);
  });

  it.each<[BatchState, string | undefined]>([
    ['draft', undefined],
    ['running', 'batch-active'],
    ['paused', 'batch-active'],
    ['cancelling', 'batch-active'],
    ['finished', undefined],
    ['cancelled', undefined],
  ])('discard a %s batch → %s', (state, expected) => {
    expect(discardRefusal({ state })?.refused).toBe(expected);
  });
});

describe('creditStop: a 402 on one of the batch’s submissions', () => {
  const paused = { reason: 'paused', attempts: 1 } as const;
  it.each<[string, JobRecord, boolean]>([
    ['re-queued as paused after a 402', job('queued', { queue: paused, problem: { status: 402, message: 'Not enough credits.', credits: { required: 20, available: 3 } } }), true],
    ['re-queued for the cap', job('queued', { queue: { reason: 'cap', attempts: 0 } }), false],
    ['another batch’s job', job('queued', { batchId: 'b_other1', queue: paused, problem: { status: 402, message: 'x' } }), false],
    ['a 402 that ended the job', job('rejected', { problem: { status: 402, message: 'x' } }), false],
  ])('%s', (_what, j, stops) => {
    expect(creditStop({ id: 'b_batch1' }, j) !== undefined).toBe(stops);
  });
});

describe('figures', () => {
  it('counts ready rows as queued', () => {
    expect(countRows({ rows: [row('ready'), row('queued'), row('done'), row('invalid')] })).toEqual({
      total: 4, done: 1, failed: 0, queued: 2, running: 0, invalid: 1, skipped: 0, cancelled: 0,
    });
  });

  it.each<[string, StoredRow[], number, number | undefined]>([
    ['nothing left', [row('done', { startedAt: '2026-11-25T12:00:00Z', finishedAt: '2026-11-25T12:00:30Z' })], 1, 0],
    ['nothing finished yet', [row('queued')], 1, undefined],
    // 12 remaining on one key (5 slots): 3 rounds of the 30 s mean.
    ['three rounds of 30 s', [row('done', { startedAt: '2026-11-25T12:00:00Z', finishedAt: '2026-11-25T12:00:30Z' }), ...Array.from({ length: 12 }, () => row('queued'))], 1, 90_000],
    // Same rows on three keys (15 slots): one round.
    ['one round with three keys', [row('done', { startedAt: '2026-11-25T12:00:00Z', finishedAt: '2026-11-25T12:00:30Z' }), ...Array.from({ length: 12 }, () => row('queued'))], 3, 30_000],
    // A reused row took no time on the service: it does not shorten the mean.
    ['reused rows do not count', [row('done', { duplicateChoice: 'reuse', startedAt: '2026-11-25T12:00:00Z', finishedAt: '2026-11-25T12:00:00Z' }), row('queued')], 1, undefined],
  ])('estimate: %s', (_what, rows, keys, expected) => {
    expect(estimateMs(rows, countRows({ rows }), keys)).toBe(expected);
  });
});
