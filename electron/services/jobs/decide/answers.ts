/**
 * What an upstream failure means for the job, decided without side effects:
 * for a submission (retry, uncertain, refused) and for a poll (retry with
 * backoff, key rejected, the job ended, the job is missing). The engine's
 * loops apply these verdicts; ./answers.test.ts holds their table.
 */
import type { JobRecord } from '../../../../shared/domain/job';
import type { UpstreamErrorKind, Outcome } from '../../../upstream/errors';

/** The facts of a failure the decisions read (an UpstreamError has them all). */
export interface FailureFacts {
  kind: UpstreamErrorKind | 'internal';
  outcome: Outcome;
  status?: number;
  message: string;
  retryAfterMs?: number;
}

export function factsOf(err: unknown): FailureFacts {
  const e = err as Partial<FailureFacts> & { name?: string };
  if (e && e.name === 'UpstreamError' && typeof e.kind === 'string') {
    return { kind: e.kind, outcome: e.outcome ?? 'not-created', message: e.message ?? '', ...(e.status !== undefined ? { status: e.status } : {}), ...(e.retryAfterMs !== undefined ? { retryAfterMs: e.retryAfterMs } : {}) };
  }
  return { kind: 'internal', outcome: 'not-created', message: err instanceof Error ? err.message : String(err) };
}

export interface RetryTiming {
  retryBaseMs: number;
  retryCapMs: number;
  maxServerAttempts: number;
  maxPoll404: number;
}

type QueueReason = NonNullable<JobRecord['queue']>['reason'];

export type SubmitVerdict =
  /** The body may have reached the service: never resent on the engine's own. */
  | { action: 'uncertain' }
  /** Back in the queue, sent again at `delayMs` from now. */
  | { action: 'requeue'; reason: QueueReason; delayMs: number; attempts: number; serverErrors: number; networkDown: boolean }
  /** Cancelled by the engine stopping: back in the queue as it was. */
  | { action: 'unsent' }
  /** A batch out of credits: held, its rows wait for the user. */
  | { action: 'hold-batch'; attempts: number; serverErrors: number }
  | { action: 'rejected'; message?: string };

/** Full jitter: a random delay in [0, min(cap, base × 2^attempt)]. */
export function fullJitter(attempt: number, baseMs: number, capMs: number, random: number): number {
  return Math.round(random * Math.min(capMs, baseMs * 2 ** attempt));
}

/** A submission that failed: what becomes of it. */
export function judgeSubmitFailure(f: FailureFacts, queue: JobRecord['queue'], inBatch: boolean, t: RetryTiming, random: number): SubmitVerdict {
  if (f.kind === 'internal') return { action: 'rejected' };
  if (f.outcome === 'unknown') return { action: 'uncertain' };
  const attempts = (queue?.attempts ?? 0) + 1;
  const status = f.status ?? 0;
  const serverErrors = (queue?.serverErrors ?? 0) + (f.kind === 'http' && status >= 500 ? 1 : 0);
  const backoff = () => fullJitter(Math.min(attempts, 6), t.retryBaseMs, t.retryCapMs, random) + t.retryBaseMs;
  if (f.kind === 'aborted') return { action: 'unsent' };
  if (f.kind === 'network' || f.kind === 'timeout') return { action: 'requeue', reason: 'network', delayMs: backoff(), attempts, serverErrors, networkDown: true };
  if (status === 429) return { action: 'requeue', reason: 'rate-limited', delayMs: f.retryAfterMs ?? backoff(), attempts, serverErrors, networkDown: false };
  if (status >= 500) {
    if (serverErrors < t.maxServerAttempts) {
      return { action: 'requeue', reason: 'server-error', delayMs: fullJitter(serverErrors, t.retryBaseMs, t.retryCapMs, random), attempts, serverErrors, networkDown: false };
    }
    return { action: 'rejected', message: `${f.message} Gave up after ${serverErrors} server errors.` };
  }
  if (status === 402 && inBatch) return { action: 'hold-batch', attempts, serverErrors };
  return { action: 'rejected' };
}

export const KEY_REJECTED = 'the service rejected this key';

export type PollVerdict =
  /** 401: pause every poll on this key until it is updated or the user resumes. */
  | { action: 'pause-key'; reason: string }
  /** 403, or 404 beyond the tolerance: the job ends in error with the service's message. */
  | { action: 'end'; message: string }
  /** Poll again after `delayMs`, saying why. `networkDown` holds back every poll until then. */
  | { action: 'retry'; reason: string; delayMs: number; networkDown: boolean; missing?: number }
  /** The engine is stopping. */
  | { action: 'stop' };

/**
 * A poll that got no status. `missing` counts 404s in a row before this one;
 * `attempts` failed polls in a row before this one.
 */
export function judgePollFailure(f: FailureFacts, ctx: { missing: number; attempts: number }, t: RetryTiming & { pollMaxMs: number }, random: number): PollVerdict {
  if (f.kind === 'aborted') return { action: 'stop' };
  const delay = Math.round(Math.max(t.retryBaseMs, random * Math.min(t.pollMaxMs, t.retryBaseMs * 2 ** Math.min(ctx.attempts + 1, 8))));
  if (f.kind === 'http' && f.status === 401) return { action: 'pause-key', reason: `${KEY_REJECTED} (401). Update the key in Settings, or choose Resume polling.` };
  if (f.kind === 'http' && f.status === 403) return { action: 'end', message: f.message };
  if (f.kind === 'http' && f.status === 404) {
    const missing = ctx.missing + 1;
    if (missing >= t.maxPoll404) return { action: 'end', message: f.message };
    return { action: 'retry', reason: `the service does not know this job yet (404, ${missing} of ${t.maxPoll404} allowed)`, delayMs: delay, networkDown: false, missing };
  }
  if (f.kind === 'network' || f.kind === 'timeout') return { action: 'retry', reason: f.message, delayMs: delay, networkDown: true };
  // 5xx, 429, an unreadable body, an unknown status value, anything else the service said.
  return { action: 'retry', reason: f.message, delayMs: delay, networkDown: false };
}
