/**
 * Why a job waits, in the words the history row and `asset-studio jobs`
 * show: no free slot on its key, its service not answering (with the next
 * try), a paused batch, the service asking to slow down, or a download no
 * process works on. Pure: the record and a few facts the caller knows (the
 * time, how many jobs run on the key, whether the download's process is
 * alive). `undefined` when the job is not waiting. ./wait-reason.test.ts
 * holds its table.
 */
import type { JobRecord, JobSummary } from './job';

export interface WaitFacts {
  now: number;
  /** Jobs active upstream on the job's key (pending, running, being sent). */
  runningOnKey?: number;
  /**
   * Whether the process that holds the download is still running. Left out
   * (the renderer cannot tell), a download whose record names no holder is
   * taken as paused: its process let it go when it stopped.
   */
  holderAlive?: boolean;
}

type Waiting = Pick<JobRecord, 'state' | 'keyName' | 'queue' | 'polling' | 'problem'> & { asset?: JobSummary['asset'] };

/** "12 s", "1 min 05 s": a wait the next try is due in. */
export function inSeconds(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

function nextTry(retryAt: string | undefined, now: number): string {
  const at = retryAt ? Date.parse(retryAt) : NaN;
  // Due now (or the service's probe is on its way): no countdown to a time that has passed.
  return Number.isFinite(at) && at > now ? `next try in ${inSeconds(at - now)}` : 'trying again now';
}

const clause = (text: string | undefined) => (text ?? '').trim().replace(/[.\s]+$/, '');

export function waitReason(job: Waiting, facts: WaitFacts): string | undefined {
  const { now } = facts;
  if (job.state === 'queued' && job.queue) {
    const q = job.queue;
    switch (q.reason) {
      case 'cap':
        return `waiting for a free slot on ${job.keyName}${facts.runningOnKey !== undefined ? ` (${facts.runningOnKey} running)` : ''}`;
      case 'network':
        return q.host ? `the service at ${q.host} is not answering; ${nextTry(q.retryAt, now)}` : `the service could not be reached; ${nextTry(q.retryAt, now)}`;
      case 'rate-limited':
        return `the service asked to slow down; ${nextTry(q.retryAt, now)}`;
      case 'server-error':
        return `the service had a server error; ${nextTry(q.retryAt, now)}`;
      case 'paused':
        return `paused with its batch; resumes when the batch is resumed${job.problem ? `; last attempt: ${clause(job.problem.message)}` : ''}`;
    }
  }
  if ((job.state === 'pending' || job.state === 'running') && job.polling?.state === 'retrying' && job.polling.host) {
    return `the service at ${job.polling.host} is not answering; ${nextTry(job.polling.retryAt, now)}`;
  }
  const asset = job.asset;
  if (job.state === 'success' && asset && (asset.state === 'downloading' || asset.state === 'retrying')) {
    const gone = facts.holderAlive === false || asset.holder === undefined;
    if (gone) return `paused: resumes when Asset Studio or the CLI runs; last attempt: ${clause(asset.problem) || 'none yet'}`;
  }
  return undefined;
}
