/**
 * How a batch and its rows move on, as pure decisions: given a row (or a
 * batch) and what just happened, the change to make. The service
 * (./service.ts) only applies these changes and does the I/O around them
 * (sending, following, exporting, saving); it never assigns a state itself.
 *
 * Row states: invalid | skipped | ready → queued (handed to the engine, held
 * until durable) → running → done, or failed / cancelled. A failed row can
 * come back while its job is alive again (an uncertain send resent from the
 * history). Batch states: draft → running ⇄ paused → cancelling → cancelled,
 * or running → finished.
 */
import { assetFormatOfKind } from '../../../shared/api';
import { isTerminal, type JobRecord } from '../../../shared/domain/job';
import { settledForBatchRow } from '../../../shared/domain/settled';
import type { BatchCounts, BatchState } from '../../../shared/ipc';
import type { StoredBatch, StoredRow } from './store';

/** A patch of a row or a batch; a key given as `undefined` is removed. */
export type Change<T> = { [K in keyof T]?: T[K] | undefined };
export type RowChange = Change<StoredRow>;
export type BatchChange = Change<StoredBatch>;

export function applyChange<T extends object>(target: T, change: Change<T>): void {
  for (const key of Object.keys(change) as (keyof T)[]) {
    const value = change[key];
    if (value === undefined) delete target[key];
    else target[key] = value as T[keyof T];
  }
}

export const UNCERTAIN_ROW_ERROR =
  'The outcome of sending this row is unknown (the connection ended after the request was sent); resend or dismiss it in the history.';

/** What happened to a row (`at` is the ISO time it happened). */
export type RowEvent =
  /** Imported or edited: its problems and skip flag decide. */
  | { type: 'checked' }
  /** Handed to the engine, held (nothing is sent before its localId is durable). */
  | { type: 'handed'; localId: string; at: string }
  /** The user chose to reuse the identical job already in the ledger. */
  | { type: 'reused'; at: string }
  /** After a crash: the engine record made from this row, which the batch file had not named yet. */
  | { type: 'adopted'; job: Pick<JobRecord, 'localId' | 'jobId' | 'createdAt'> }
  /** Its engine record changed. */
  | { type: 'job'; job: JobRecord; at: string }
  /** Its asset was exported (`file` relative to the batch's asset folder). */
  | { type: 'exported'; file: string; at: string }
  | { type: 'failed'; message: string; at: string }
  /** The batch was cancelled before this row was handed over. */
  | { type: 'cancelled' }
  /** Its submission was taken out of the engine's queue (the batch is cancelling). */
  | { type: 'withdrawn'; at: string };

/** The change a row takes; undefined when the event does not move it. */
export function nextRow(row: Pick<StoredRow, 'state' | 'skip' | 'problems' | 'jobId' | 'duplicateOf' | 'localId'>, event: RowEvent): RowChange | undefined {
  switch (event.type) {
    case 'checked':
      return { state: row.skip ? 'skipped' : row.problems.length ? 'invalid' : 'ready' };
    case 'handed':
      return { localId: event.localId, state: 'queued', startedAt: event.at };
    case 'reused':
      if (!row.duplicateOf) return undefined;
      return { localId: row.duplicateOf.localId, jobId: row.duplicateOf.jobId, state: 'running', startedAt: event.at };
    case 'adopted':
      return { localId: event.job.localId, jobId: event.job.jobId, state: 'queued', startedAt: event.job.createdAt };
    case 'job':
      return onJob(row, event.job, event.at);
    case 'exported':
      return { file: event.file, state: 'done', error: undefined, finishedAt: event.at };
    case 'failed':
      return { state: 'failed', error: event.message, finishedAt: event.at };
    case 'cancelled':
      return row.state === 'ready' && !row.localId ? { state: 'cancelled' } : undefined;
    case 'withdrawn':
      return { state: 'cancelled', finishedAt: event.at };
  }
}

function onJob(row: Pick<StoredRow, 'state' | 'jobId'>, job: JobRecord, at: string): RowChange | undefined {
  if (row.state === 'done' || row.state === 'cancelled') return undefined;
  if (row.state === 'failed' && (isTerminal(job.state) || job.state === 'uncertain')) return undefined;
  const jobId = job.jobId ?? row.jobId;
  // Never re-sent automatically: the row fails with the choice left to the user (resend or dismiss in
  // the history). Its follower keeps waiting, so a resend that succeeds still completes the row.
  if (job.state === 'uncertain') return { jobId, state: 'failed', error: UNCERTAIN_ROW_ERROR, finishedAt: at };
  // The end itself is the follower's (rowEnding): the export comes first.
  if (isTerminal(job.state)) return jobId === row.jobId ? undefined : { jobId };
  // Time on the service, not in the local queue, feeds the estimate.
  const sentAt = job.submittedAt ?? job.acceptedAt;
  return { jobId, state: job.state === 'queued' ? 'queued' : 'running', ...(sentAt ? { startedAt: sentAt } : {}), error: undefined };
}

/** Whether a row's job is still worth following (its end not yet recorded on the row). */
export function needsFollowing(row: Pick<StoredRow, 'state' | 'localId'>, job: Pick<JobRecord, 'state'> | undefined): boolean {
  if (!row.localId || row.state === 'done' || row.state === 'cancelled') return false;
  // A failed row whose job can still change (an uncertain send resent from the history) is followed.
  return !(row.state === 'failed' && isTerminal(job?.state ?? 'error'));
}

/** What to do with a row once its job has ended (the engine's waitFor resolved). */
export type RowEnding =
  /** Success reported a moment before the download is recorded: wait for the asset itself. */
  | { then: 'await-asset' }
  | { then: 'export'; assetPath: string }
  | { then: 'row'; event: RowEvent };

/** `assetWaited`: the follower already waited for the asset once (it will not ask to wait again). */
export function rowEnding(job: JobRecord, batchState: BatchState, assetPath: string | undefined, at: string, assetWaited = false): RowEnding {
  if (job.state === 'success') {
    if (assetFormatOfKind(job.kind) && !settledForBatchRow(job) && !assetWaited) return { then: 'await-asset' };
    if (!assetPath || job.asset?.state === 'unavailable') {
      const message = job.asset?.problem ?? 'The job succeeded but its asset could not be downloaded; retry the download from the history.';
      return { then: 'row', event: { type: 'failed', message, at } };
    }
    return { then: 'export', assetPath };
  }
  // Taken out of the queue before the service saw it.
  if (batchState === 'cancelling' && !job.jobId) return { then: 'row', event: { type: 'withdrawn', at } };
  return { then: 'row', event: { type: 'failed', message: job.problem?.message ?? `The job ended as ${job.state}.`, at } };
}

// ---- the batch ---------------------------------------------------------------------------------

export type BatchEvent =
  | { type: 'start'; at: string }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'cancel' }
  /** The service answered 402 to one of its submissions (the engine re-queued it as paused). */
  | { type: 'out-of-credits'; credits?: { required: number; available: number } }
  /** A row moved: the batch ends when no row is left to send or to finish. */
  | { type: 'rows-moved'; at: string };

export interface Refusal {
  refused: string;
  message: string;
}

/** The change a batch takes, a refusal (requests the user made), or undefined (nothing to do). */
export function nextBatch(batch: Pick<StoredBatch, 'state' | 'rows'>, event: BatchEvent): BatchChange | Refusal | undefined {
  switch (event.type) {
    case 'start':
      if (batch.state !== 'draft') return { refused: 'already-started', message: 'The batch has already been started.' };
      if (!batch.rows.some((r) => r.state === 'ready')) {
        return { refused: 'nothing-to-send', message: 'No row is ready to send: fix the invalid rows or import another list.' };
      }
      return { state: 'running', startedAt: event.at };
    case 'pause':
      if (batch.state !== 'running') return { refused: 'not-running', message: 'Only a running batch can be paused.' };
      return { state: 'paused', pauseReason: 'user' };
    case 'resume':
      if (batch.state !== 'paused') return { refused: 'not-paused', message: 'Only a paused batch can be resumed.' };
      return { state: 'running', pauseReason: undefined, credits: undefined };
    case 'cancel':
      if (batch.state === 'finished' || batch.state === 'cancelled') return { refused: 'batch-ended', message: 'The batch has already ended.' };
      return { state: batch.state === 'draft' ? 'cancelled' : 'cancelling' };
    case 'out-of-credits':
      if (batch.state !== 'running') return undefined;
      return { state: 'paused', pauseReason: 'credits', ...(event.credits ? { credits: event.credits } : {}) };
    case 'rows-moved': {
      if (batch.state !== 'running' && batch.state !== 'cancelling') return undefined;
      const open = batch.rows.some((r) => r.state === 'queued' || r.state === 'running' || (r.state === 'ready' && batch.state === 'running'));
      if (open) return undefined;
      return { state: batch.state === 'cancelling' ? 'cancelled' : 'finished', finishedAt: event.at };
    }
  }
}

export function isRefusal(step: BatchChange | Refusal | undefined): step is Refusal {
  return step !== undefined && 'refused' in step;
}

/** A batch that may still send or finish rows: engine changes concern it. */
export function isOpen(batch: Pick<StoredBatch, 'state'>): boolean {
  return batch.state !== 'draft' && batch.state !== 'finished' && batch.state !== 'cancelled';
}

/** Why a row cannot be edited any more, if it cannot. */
export function editRefusal(batch: Pick<StoredBatch, 'state'>, row: Pick<StoredRow, 'row' | 'localId'>): Refusal | undefined {
  if (row.localId) return { refused: 'row-sent', message: `Row ${row.row} was already handed to the job engine; it can no longer be changed.` };
  if (batch.state === 'finished' || batch.state === 'cancelled') return { refused: 'batch-ended', message: 'The batch has ended; import the list again to change it.' };
  return undefined;
}

/** Why a batch cannot be discarded, if it cannot. */
export function discardRefusal(batch: Pick<StoredBatch, 'state'>): Refusal | undefined {
  return batch.state === 'running' || batch.state === 'paused' || batch.state === 'cancelling'
    ? { refused: 'batch-active', message: 'Cancel the batch before discarding it.' }
    : undefined;
}

/** A 402 on one of this batch's submissions: the engine put it back in the queue as paused and held the batch. */
export function creditStop(batch: Pick<StoredBatch, 'id'>, job: JobRecord): BatchEvent | undefined {
  const paid = job.queue?.reason === 'paused' && (job.problem?.status === 402 || job.problem?.credits !== undefined);
  return job.batchId === batch.id && job.state === 'queued' && paid ? { type: 'out-of-credits', credits: job.problem?.credits } : undefined;
}

// ---- figures -----------------------------------------------------------------------------------

export function emptyCounts(): BatchCounts {
  return { total: 0, done: 0, failed: 0, queued: 0, running: 0, invalid: 0, skipped: 0, cancelled: 0 };
}

export function countRows(batch: Pick<StoredBatch, 'rows'>): BatchCounts {
  const c = emptyCounts();
  c.total = batch.rows.length;
  for (const r of batch.rows) {
    if (r.state === 'ready') c.queued++;
    else c[r.state]++;
  }
  return c;
}

const PER_KEY = 5;

/** Remaining time: rounds of (slots in use) rows at the mean duration of the rows finished so far. */
export function estimateMs(rows: readonly StoredRow[], counts: BatchCounts, keys: number): number | undefined {
  const durations = rows
    .filter((r) => r.state === 'done' && r.startedAt && r.finishedAt && r.duplicateChoice !== 'reuse')
    .map((r) => Date.parse(r.finishedAt!) - Date.parse(r.startedAt!));
  const remaining = counts.queued + counts.running;
  if (!durations.length || remaining === 0) return remaining === 0 ? 0 : undefined;
  const mean = durations.reduce((a, b) => a + b, 0) / durations.length;
  const slots = Math.max(PER_KEY * Math.max(1, keys), counts.running);
  return Math.round(Math.ceil(remaining / slots) * mean);
}
