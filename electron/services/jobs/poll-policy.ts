/**
 * When to poll a running job next. Pure.
 *
 * The bound: a job's end (success or error upstream) is seen at most
 * max(0.5 s, 5 % of its run time) after it happens. A poll every
 * max(floor, share × elapsed) keeps it for any run time (the next poll comes
 * before the end plus its allowance), which is the policy with no history.
 * The floor (0.25 s) and share (4 %) leave half the 0.5 s and a fifth of the
 * 5 % for the request itself and a busy event loop: bench:batch measured
 * 0.4 s / 4.5 % missing the bound for 1 job in 10 of 8 s on a loaded machine.
 * With history (this user's finished jobs of the same kind and similar
 * parameters), polls are sparse until the earliest end seen and dense from
 * there, or from the last stage the service reports: a 10-minute job is
 * then seen within the bound in about 30 GETs instead of about 120.
 */
import type { JobRecord } from '../../../shared/domain/job';

export interface PollPolicy {
  /** 'adaptive' (this module) or 'growing' (the first edition's: ×1.6 from pollFirstMs to pollMaxMs, back to pollFirstMs on a status change), kept as the benchmark's baseline. */
  pollPolicy: 'adaptive' | 'growing';
  /** Shortest interval: the 0.5 s of the bound, less a margin for the request's own time. */
  pollFloorMs: number;
  /** Dense interval as a share of the elapsed time: the 5 % of the bound, less a margin. */
  pollDenseShare: number;
  /** Sparse interval (before the expected end) as a share of the elapsed time, and its floor. */
  pollSparseShare: number;
  pollSparseFloorMs: number;
  pollFirstMs: number;
  pollMaxMs: number;
}

export const DEFAULT_POLL_POLICY: PollPolicy = {
  pollPolicy: 'adaptive',
  pollFloorMs: 250,
  pollDenseShare: 0.04,
  pollSparseShare: 0.25,
  pollSparseFloorMs: 2_000,
  pollFirstMs: 2_000,
  pollMaxMs: 30_000,
};

/** What history says of a job's duration. */
export interface DurationEstimate {
  /** How many finished jobs it is drawn from. */
  samples: number;
  /** Where the end may come first: a margin below the shortest duration seen. */
  earliestMs: number;
  medianMs: number;
  /** How many stages (`fragments`) a finished job of the kind reported: reaching the last means the end is near. */
  stages?: number;
}

/** Fields whose value changes how long a job takes. */
const SIZE_FIELDS = ['textureResolution', 'targetFaceCount', 'topology', 'resolution', 'aspectRatio'] as const;

function similar(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  for (const f of SIZE_FIELDS) {
    const x = a[f];
    const y = b[f];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number' && Math.max(x, y) <= 2 * Math.min(x, y)) continue;
    return false;
  }
  return true;
}

/** A finished job's upstream duration as this engine saw it (sent to seen finished); undefined for tracked or merged jobs. */
export function observedDurationMs(r: Pick<JobRecord, 'state' | 'submittedAt' | 'acceptedAt' | 'finishedAt' | 'jobId'>): number | undefined {
  if ((r.state !== 'success' && r.state !== 'error') || !r.jobId || !r.submittedAt || !r.acceptedAt || !r.finishedAt) return undefined;
  const d = Date.parse(r.finishedAt) - Date.parse(r.acceptedAt);
  return Number.isFinite(d) && d >= 0 ? d : undefined;
}

/** At least this many finished jobs before history is trusted. */
export const MIN_SAMPLES = 3;
/** The most recent this many are used. */
const MAX_SAMPLES = 30;

/**
 * The estimate for `job` from `history` (finished records, any order): the
 * similar ones of its kind when there are enough, else all of its kind.
 */
export function estimateDuration(job: Pick<JobRecord, 'kind' | 'request'>, history: readonly JobRecord[]): DurationEstimate | undefined {
  const ofKind = history
    .filter((r) => r.kind === job.kind && observedDurationMs(r) !== undefined)
    .sort((a, b) => (a.finishedAt! < b.finishedAt! ? 1 : -1));
  const close = ofKind.filter((r) => similar(r.request, job.request));
  const pool = (close.length >= MIN_SAMPLES ? close : ofKind).slice(0, MAX_SAMPLES);
  if (pool.length < MIN_SAMPLES) return undefined;
  const durations = pool.map((r) => observedDurationMs(r)!).sort((a, b) => a - b);
  const stages = Math.max(...pool.filter((r) => r.state === 'success').map((r) => r.fragments?.length ?? 0), 0);
  return {
    samples: pool.length,
    earliestMs: Math.round(durations[0]! * 0.9),
    medianMs: durations[Math.floor(durations.length / 2)]!,
    ...(stages > 1 ? { stages } : {}),
  };
}

export interface PollState {
  /** Since the service accepted the job (ms). */
  elapsedMs: number;
  estimate?: DurationEstimate;
  /** Stages the job reports now. */
  stages: number;
  /** Growing policy only: the last interval, and whether the status just changed. */
  previousMs?: number;
  changed?: boolean;
}

/** The interval before the next poll; `random` in [0, 1) spreads polls of many jobs (only ever shortening them). */
export function nextPollDelay(s: PollState, p: PollPolicy, random: number): number {
  if (p.pollPolicy === 'growing') {
    if (s.changed || s.previousMs === undefined) return Math.round(p.pollFirstMs * (0.8 + 0.4 * random));
    const grown = Math.min(p.pollMaxMs, Math.max(p.pollFirstMs, s.previousMs * 1.6));
    return Math.round(grown * (0.8 + 0.4 * random));
  }
  const dense = Math.max(p.pollFloorMs, p.pollDenseShare * s.elapsedMs);
  const spread = 0.85 + 0.15 * random;
  const e = s.estimate;
  const nearEnd = !e || s.elapsedMs >= e.earliestMs || (e.stages !== undefined && s.stages >= e.stages);
  if (nearEnd) return Math.round(dense * spread);
  const sparse = Math.max(dense, p.pollSparseFloorMs, p.pollSparseShare * s.elapsedMs);
  // Never past the start of the dense part.
  return Math.round(Math.max(p.pollFloorMs, Math.min(sparse * spread, e.earliestMs - s.elapsedMs)));
}

/** Backoff of a poll that got no status (5xx, dropped, unreadable): full jitter, at least the normal interval's floor. */
export function pollRetryDelay(attempts: number, p: { retryBaseMs: number; pollMaxMs: number }, random: number): number {
  return Math.round(Math.max(p.retryBaseMs, random * Math.min(p.pollMaxMs, p.retryBaseMs * 2 ** Math.min(attempts, 8))));
}
