/**
 * When is a job "settled"? Four callers wait for a job and each stops at a
 * different moment, on purpose. They are named here side by side, so a change
 * to one is made knowing the others (see settled.test.ts for where they differ).
 */
import { isTerminal, type JobRecord } from './job';

type Settling = Pick<JobRecord, 'state' | 'asset' | 'polling'>;

/** A successful job's file has arrived or will not come (retries ran out): ready or unavailable. */
export function assetSettled(job: Pick<JobRecord, 'asset'> | undefined): boolean {
  return job?.asset?.state === 'ready' || job?.asset?.state === 'unavailable';
}

/**
 * Waiting in the engine (`waitFor`): the job ended, and a success's file is settled. A success with no
 * asset record at all resolves too: there is nothing to wait for that the engine knows of.
 */
export function settledForWaiting(job: Settling | undefined): boolean {
  return job !== undefined && isTerminal(job.state) && (job.state !== 'success' || !job.asset || assetSettled(job));
}

/**
 * A batch row, once `waitFor` resolved: a success is only over when its file is settled. The success status
 * can be recorded a moment before the download's first step (no asset record yet), and the row must export
 * the file, so it waits for it.
 */
export function settledForBatchRow(job: Settling | undefined): boolean {
  return job !== undefined && isTerminal(job.state) && (job.state !== 'success' || assetSettled(job));
}

/**
 * The command line (`generate --wait`, `wait`, `track --wait`): as waiting, and also where only a person can
 * move the job on, so a script must not hang on it: a send whose outcome is unknown (`uncertain`: resend or
 * dismiss), or polling paused because the service rejected the key (until the key is fixed).
 */
export function settledForCommandLine(job: Settling | undefined): boolean {
  if (job === undefined) return false;
  if (job.state === 'uncertain') return true;
  if (job.polling?.state === 'key-rejected' && (job.state === 'pending' || job.state === 'running')) return true;
  return settledForWaiting(job);
}

/**
 * After kills and restarts (the crash tests): ended as a batch row is, or uncertain. Nothing more will happen
 * to the job without the user.
 */
export function settledAfterRestart(job: Settling | undefined): boolean {
  return job !== undefined && (job.state === 'uncertain' || settledForBatchRow(job));
}
