/**
 * When to poll next: the interval table, the estimate from history, and the
 * bound checked over simulated jobs of 2 s to 10 min (no sandbox, no timers):
 * the end is seen within max(0.5 s, 5 % of the run time), with a margin
 * (within 90 % of it) when polls land up to 250 ms late, and with five or
 * more finished jobs of the kind in the ledger in at most 40 GETs; without
 * history, the GETs a job costs stay under a stated ceiling.
 */
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../../shared/domain/job';
import { jobRecord } from '../../../../shared/domain/test/job-record';
import { DEFAULT_POLL_POLICY, decayLateness, detectionBoundMs, estimateDuration, nextPollDelay, observedDurationMs, type DurationEstimate, type PollPolicy } from './poll-policy';

const P = DEFAULT_POLL_POLICY;

function finished(durationMs: number, request: Record<string, unknown> = {}, at = 0, kind: JobRecord['kind'] = 'text-to-3d', stages = 4): JobRecord {
  const accepted = Date.UTC(2026, 0, 1) + at * 1000;
  return jobRecord({
    localId: `l${at}`,
    kind,
    state: 'success',
    jobId: `j${at}`,
    request,
    createdAt: new Date(accepted - 100).toISOString(),
    updatedAt: new Date(accepted + durationMs).toISOString(),
    submittedAt: new Date(accepted - 50).toISOString(),
    acceptedAt: new Date(accepted).toISOString(),
    finishedAt: new Date(accepted + durationMs).toISOString(),
    fragments: Array.from({ length: stages }, (_, i) => ({ name: `s${i}` })),
  });
}

/**
 * Polls a job that ends at `endMs` (stages reached at `stageAt`) with the
 * policy; every poll lands `lateMs` after it was due (a busy event loop and
 * the request itself), which the poller measures and tells the policy.
 * Returns the detection delay and the GETs.
 */
function simulate(
  endMs: number,
  estimate: DurationEstimate | undefined,
  { policy = P, lateMs = 0, random = 0.5, stageAt = () => 1 }: { policy?: PollPolicy; lateMs?: number; random?: number; stageAt?: (t: number) => number } = {},
): { delayMs: number; gets: number } {
  let t = 0;
  let gets = 0;
  let previous: number | undefined;
  let stages = 0;
  let lastStatus = 'pending';
  for (;;) {
    const d = nextPollDelay({ elapsedMs: t, estimate, stages, previousMs: previous, changed: false, latenessMs: lateMs }, policy, random);
    previous = d;
    t += d + lateMs;
    gets++;
    if (t >= endMs) return { delayMs: t - endMs, gets };
    stages = stageAt(t);
    const status = t < endMs * 0.2 ? 'pending' : 'running';
    if (status !== lastStatus && policy.pollPolicy === 'growing') previous = undefined;
    lastStatus = status;
  }
}

const bound = (runMs: number) => detectionBoundMs(runMs);
const RUNS = [2_000, 3_500, 8_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000];
/** Polls on time, and 150 ms and 250 ms late (measured on a loaded 2-core machine: up to about 0.3 s, bursts to 0.55 s). */
const LATE = [0, 150, 250];
const RANDOMS = [0, 0.5, 0.999];
/** Five finished jobs spread ±30 % around `run`. */
const historyAround = (run: number) => estimateDuration({ kind: 'text-to-3d', request: {} }, [0.7, 0.85, 1, 1.15, 1.3].map((f, i) => finished(run * f, {}, i)));
/** Stages as the service reports them: the last of four from 2/3 of the running part. */
const stagesOf = (end: number) => (t: number) => (t < end * 0.2 ? 1 : Math.min(4, 2 + Math.floor(((t - end * 0.2) / (end * 0.8)) * 3)));

describe('nextPollDelay', () => {
  const est: DurationEstimate = { samples: 5, earliestMs: 54_000, medianMs: 60_000, stages: 4 };
  it.each<[string, number, DurationEstimate | undefined, number, number | undefined, [number, number]]>([
    ['no history, at the start: 90 % of the 0.5 s bound less 250 ms for a late poll', 0, undefined, 0, undefined, [180, 200]],
    ['no history, 100 s in: 90 % of 5 % of elapsed, less 250 ms', 100_000, undefined, 0, undefined, [3_825, 4_250]],
    ['polls lately 600 ms late: the margin grows to match', 100_000, undefined, 0, 600, [3_510, 3_900]],
    ['polls lately 2 s late: never under the floor of 150 ms (less the spread)', 0, undefined, 0, 2_000, [135, 150]],
    ['history, early: sparse (30 % of elapsed, at least 2 s)', 20_000, est, 1, undefined, [5_400, 6_000]],
    ['history, sparse never runs past the dense part', 50_000, est, 1, undefined, [4_000, 4_000]],
    ['history, inside the expected end: dense', 56_000, est, 2, undefined, [2_043, 2_270]],
    ['history, past the estimate: still dense', 90_000, est, 2, undefined, [3_420, 3_800]],
    ['history, last stage reached: dense early', 30_000, est, 4, undefined, [990, 1_100]],
  ])('%s', (_what, elapsedMs, estimate, stages, latenessMs, [lo, hi]) => {
    for (const r of RANDOMS) {
      const d = nextPollDelay({ elapsedMs, estimate, stages, ...(latenessMs !== undefined ? { latenessMs } : {}) }, P, r);
      expect(d).toBeGreaterThanOrEqual(lo);
      expect(d).toBeLessThanOrEqual(hi);
    }
  });

  it('the first edition: 2 s, ×1.6 up to 30 s, back to 2 s on a change', () => {
    const g = { ...P, pollPolicy: 'growing' as const };
    expect(nextPollDelay({ elapsedMs: 0, stages: 0 }, g, 0.5)).toBe(2_000);
    expect(nextPollDelay({ elapsedMs: 9_000, stages: 0, previousMs: 5_000 }, g, 0.5)).toBe(8_000);
    expect(nextPollDelay({ elapsedMs: 90_000, stages: 0, previousMs: 25_000 }, g, 0.5)).toBe(30_000);
    expect(nextPollDelay({ elapsedMs: 90_000, stages: 0, previousMs: 25_000, changed: true }, g, 0.5)).toBe(2_000);
  });
});

describe('decayLateness', () => {
  it.each<[string, { ms: number; at: number } | undefined, number, number, number]>([
    ['the first sample is the lateness', undefined, 300, 1_000, 300],
    ['a later, larger sample replaces it', { ms: 300, at: 0 }, 900, 1_000, 900],
    ['a smaller sample keeps the last value, halved every 30 s', { ms: 600, at: 0 }, 100, 30_000, 300],
    ['a minute later it has fallen to a quarter', { ms: 800, at: 0 }, 0, 60_000, 200],
    ['a stall counts as 1.5 s at most', undefined, 9_000, 0, 1_500],
    ['a poll answered early counts as on time', undefined, -40, 0, 0],
  ])('%s', (_what, last, sample, now, expected) => {
    expect(decayLateness(last, sample, now).ms).toBeCloseTo(expected, 6);
  });
});

describe('the detection bound, simulated', () => {
  const cases = RUNS.flatMap((run) => LATE.map((late) => [run, late] as const));

  it.each(cases)('no history: a %i ms job is seen within 90 percent of max(0.5 s, 5 percent) with polls %i ms late', (run, lateMs) => {
    for (const random of RANDOMS) expect(simulate(run, undefined, { lateMs, random }).delayMs).toBeLessThanOrEqual(0.9 * bound(run));
  });

  it.each(cases)('five finished jobs spread ±30 percent around %i ms: a job anywhere in that spread is seen within 90 percent of the bound with polls %i ms late, in at most 40 GETs up to 10 min', (run, lateMs) => {
    const estimate = historyAround(run);
    expect(estimate?.samples).toBe(5);
    for (const f of [0.7, 0.8, 1, 1.2, 1.3])
      for (const random of RANDOMS) {
        const end = run * f;
        const { delayMs, gets } = simulate(end, estimate, { lateMs, random, stageAt: stagesOf(end) });
        expect(delayMs).toBeLessThanOrEqual(0.9 * bound(end));
        // The scope: jobs up to 10 minutes.
        if (end <= 600_000) expect(gets).toBeLessThanOrEqual(40);
      }
  });

  it.each([30_000, 60_000, 300_000, 600_000])('polls 500 ms late (a heavily loaded machine): a %i ms job is still seen within the bound, the margin having grown', (run) => {
    for (const random of RANDOMS) {
      expect(simulate(run, undefined, { lateMs: 500, random }).delayMs).toBeLessThanOrEqual(bound(run));
      expect(simulate(run, historyAround(run), { lateMs: 500, random, stageAt: stagesOf(run) }).delayMs).toBeLessThanOrEqual(bound(run));
    }
  });

  // The GETs a job with no history costs (polls on time: the most): the price of the bound when nothing says where the end is.
  it.each([
    [2_000, 12],
    [3_500, 20],
    [8_000, 45],
    [15_000, 75],
    [30_000, 100],
    [60_000, 120],
    [120_000, 140],
    [300_000, 165],
    [600_000, 180],
  ])('no history: a %i ms job takes at most %i GETs', (run, most) => {
    for (const random of RANDOMS) expect(simulate(run, undefined, { random }).gets).toBeLessThanOrEqual(most);
  });

  it('the first edition misses the bound (why this module exists)', () => {
    const growing = { ...P, pollPolicy: 'growing' as const };
    expect(simulate(60_000, undefined, { policy: growing }).delayMs).toBeGreaterThan(bound(60_000));
  });
});

describe('estimateDuration', () => {
  it('needs three finished jobs of the kind', () => {
    expect(estimateDuration({ kind: 'text-to-3d', request: {} }, [finished(10_000, {}, 1), finished(11_000, {}, 2)])).toBeUndefined();
  });

  it('prefers jobs with similar parameters, and falls back to the whole kind', () => {
    const small = [1, 2, 3].map((i) => finished(8_000, { textureResolution: '1024', targetFaceCount: 10_000 }, i));
    const large = [4, 5, 6].map((i) => finished(100_000, { textureResolution: '4096', targetFaceCount: 200_000 }, i));
    const images = [7, 8, 9].map((i) => finished(2_000, {}, i, 'text-to-image'));
    const all = [...small, ...large, ...images];
    expect(estimateDuration({ kind: 'text-to-3d', request: { textureResolution: '4096', targetFaceCount: 150_000 } }, all)?.medianMs).toBe(100_000);
    expect(estimateDuration({ kind: 'text-to-3d', request: { textureResolution: '1024', targetFaceCount: 12_000 } }, all)?.medianMs).toBe(8_000);
    expect(estimateDuration({ kind: 'text-to-3d', request: { textureResolution: '2048' } }, all)?.samples).toBe(6);
    expect(estimateDuration({ kind: 'text-to-image', request: {} }, all)?.earliestMs).toBe(1_800);
  });

  it('counts only jobs this engine sent and saw finish (not tracked or unfinished ones)', () => {
    const tracked = { ...finished(5_000, {}, 1), submittedAt: undefined };
    const running = { ...finished(5_000, {}, 2), state: 'running' as const };
    expect(observedDurationMs(tracked)).toBeUndefined();
    expect(observedDurationMs(running)).toBeUndefined();
    expect(observedDurationMs(finished(5_000, {}, 3))).toBe(5_000);
  });
});
