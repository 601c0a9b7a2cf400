/**
 * When to poll a running job next. Pure.
 *
 * The bound: a job's end (success or error upstream) is seen at most
 * max(0.5 s, 5 % of its run time) after it happens (detectionBoundMs). The
 * dense interval aims at 90 % of the bound at the elapsed time, less a
 * margin for a poll that lands late (a busy event loop, a machine shared
 * with other work) and for the request itself: at least 250 ms, more when
 * this engine's polls have lately landed later than that (the poller
 * measures it, see decayLateness). So a poll that lands 250 ms late still
 * sees the end within about 90 % of the bound. bench:batch measured why:
 * with a 0.25 s floor and 4 % of elapsed time and no margin, 5 of 800 ends
 * were seen late (0.66 s on 8 s jobs, 1.74 s on 30 s jobs) with polls
 * landing 0.3 to 0.55 s late on a loaded 2-core machine.
 *
 * With history (this user's finished jobs of the same kind and similar
 * parameters), polls are sparse until the earliest end seen and dense from
 * there, or from the last stage the service reports: with five or more
 * finished jobs of the kind, a job up to 10 minutes takes at most 38 GETs
 * (the bound: 40). Without history every poll is dense, since the end may
 * come at any time: that is the bound's price, at most 12 GETs for a 2 s
 * job, 45 for 8 s, 100 for 30 s, 140 for 2 min and 180 for 10 min with
 * polls on time (poll-policy.test.ts checks these ceilings). After a burst
 * of lateness the measured margin can hold a short job at the 150 ms floor
 * for a while: bench:batch saw up to 53 GETs for an 8 s job with no
 * history (8 s / 150 ms), and 101 for a 30-39 s one. The
 * poller looks at the history again while a job has none, so on a fresh
 * data folder only the jobs running before three of the kind have finished
 * pay it.
 */
import type { JobRecord } from '../../../../shared/domain/job';

export interface PollPolicy {
  /** 'adaptive' (this module) or 'growing' (the first edition's: ×1.6 from pollFirstMs to pollMaxMs, back to pollFirstMs on a status change), kept as the benchmark's baseline. */
  pollPolicy: 'adaptive' | 'growing';
  /** Shortest interval, whatever the margin: it caps the GETs of a job with no history. */
  pollFloorMs: number;
  /** The detection bound: max(pollBoundFloorMs, pollBoundShare × run time). */
  pollBoundFloorMs: number;
  pollBoundShare: number;
  /** The dense interval aims at this share of the bound... */
  pollAim: number;
  /** ...less at least this margin for a poll landing late and the request's own time. */
  pollLatenessMs: number;
  /** Sparse interval (before the expected end) as a share of the elapsed time, and its floor. */
  pollSparseShare: number;
  pollSparseFloorMs: number;
  pollFirstMs: number;
  pollMaxMs: number;
}

export const DEFAULT_POLL_POLICY: PollPolicy = {
  pollPolicy: 'adaptive',
  pollFloorMs: 150,
  pollBoundFloorMs: 500,
  pollBoundShare: 0.05,
  pollAim: 0.9,
  pollLatenessMs: 250,
  pollSparseShare: 0.3,
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
  /** How late this engine's polls have lately landed (timer lateness plus the request), see decayLateness. */
  latenessMs?: number;
  /** Growing policy only: the last interval, and whether the status just changed. */
  previousMs?: number;
  changed?: boolean;
}

/** The detection bound for a job that has run `runMs`: max(0.5 s, 5 % of it) by default. */
export function detectionBoundMs(runMs: number, p: Pick<PollPolicy, 'pollBoundFloorMs' | 'pollBoundShare'> = DEFAULT_POLL_POLICY): number {
  return Math.max(p.pollBoundFloorMs, p.pollBoundShare * runMs);
}

/** Where the end may come at any time: the bound at the elapsed time, aimed inside, less the margin for a late poll. */
export function denseInterval(elapsedMs: number, p: PollPolicy, latenessMs = 0): number {
  const margin = Math.max(p.pollLatenessMs, latenessMs);
  return Math.max(p.pollFloorMs, p.pollAim * detectionBoundMs(elapsedMs, p) - margin);
}

/** Half-life of a measured lateness: a burst of load raises the margin for a while, then it falls back. */
export const LATENESS_HALF_LIFE_MS = 30_000;
/** A lateness above this is a stall, not load: the floor interval is all polling can do about it. */
const LATENESS_CAP_MS = 1_500;

/**
 * The poller's running lateness after a poll that was due at some time and
 * was answered `sampleMs` after it: the larger of the sample and the last
 * value, halved every LATENESS_HALF_LIFE_MS since it was measured.
 */
export function decayLateness(last: { ms: number; at: number } | undefined, sampleMs: number, nowMs: number): { ms: number; at: number } {
  const kept = last ? last.ms * 0.5 ** (Math.max(0, nowMs - last.at) / LATENESS_HALF_LIFE_MS) : 0;
  const sample = Math.min(LATENESS_CAP_MS, Math.max(0, sampleMs));
  return sample >= kept ? { ms: sample, at: nowMs } : { ms: kept, at: nowMs };
}

/** The interval before the next poll; `random` in [0, 1) spreads polls of many jobs (only ever shortening them). */
export function nextPollDelay(s: PollState, p: PollPolicy, random: number): number {
  if (p.pollPolicy === 'growing') {
    if (s.changed || s.previousMs === undefined) return Math.round(p.pollFirstMs * (0.8 + 0.4 * random));
    const grown = Math.min(p.pollMaxMs, Math.max(p.pollFirstMs, s.previousMs * 1.6));
    return Math.round(grown * (0.8 + 0.4 * random));
  }
  const dense = denseInterval(s.elapsedMs, p, s.latenessMs);
  const spread = 0.9 + 0.1 * random;
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
