/**
 * When to poll next: the interval table, the estimate from history, and the
 * bound checked over simulated jobs of 2 s to 10 min (no sandbox, no timers):
 * the end is seen within max(0.5 s, 5 % of the run time), and with five or
 * more finished jobs of the kind in the ledger in at most 40 GETs.
 */
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../shared/domain/job';
import { DEFAULT_POLL_POLICY, estimateDuration, nextPollDelay, observedDurationMs, type DurationEstimate, type PollPolicy } from './poll-policy';

const P = DEFAULT_POLL_POLICY;

function finished(durationMs: number, request: Record<string, unknown> = {}, at = 0, kind: JobRecord['kind'] = 'text-to-3d', stages = 4): JobRecord {
  const accepted = Date.UTC(2026, 0, 1) + at * 1000;
  return {
    localId: `l${at}`,
    kind,
    state: 'success',
    jobId: `j${at}`,
    environmentId: 'e',
    environmentName: 'E',
    keyId: 'k',
    keyName: 'K',
    request,
    title: '',
    createdAt: new Date(accepted - 100).toISOString(),
    updatedAt: new Date(accepted + durationMs).toISOString(),
    submittedAt: new Date(accepted - 50).toISOString(),
    acceptedAt: new Date(accepted).toISOString(),
    finishedAt: new Date(accepted + durationMs).toISOString(),
    fragments: Array.from({ length: stages }, (_, i) => ({ name: `s${i}` })),
  };
}

/** Polls a job that ends at `endMs` (stages reached at `stageAt`) with the policy; returns the detection delay and the GETs. */
function simulate(endMs: number, estimate: DurationEstimate | undefined, policy: PollPolicy = P, stageAt: (t: number) => number = () => 1): { delayMs: number; gets: number } {
  let t = 0;
  let gets = 0;
  let previous: number | undefined;
  let stages = 0;
  let lastStatus = 'pending';
  for (;;) {
    const d = nextPollDelay({ elapsedMs: t, estimate, stages, previousMs: previous, changed: false }, policy, 0.5);
    previous = d;
    t += d;
    gets++;
    if (t >= endMs) return { delayMs: t - endMs, gets };
    stages = stageAt(t);
    const status = t < endMs * 0.2 ? 'pending' : 'running';
    if (status !== lastStatus && policy.pollPolicy === 'growing') previous = undefined;
    lastStatus = status;
  }
}

const bound = (runMs: number) => Math.max(500, 0.05 * runMs);
const RUNS = [2_000, 3_500, 8_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000];

describe('nextPollDelay', () => {
  const est: DurationEstimate = { samples: 5, earliestMs: 54_000, medianMs: 60_000, stages: 4 };
  it.each<[string, number, DurationEstimate | undefined, number, [number, number]]>([
    ['no history, at the start: the floor', 0, undefined, 0, [212, 250]],
    ['no history, 100 s in: 4 % of elapsed', 100_000, undefined, 0, [3_400, 4_000]],
    ['history, early: sparse (a quarter of elapsed, at least 2 s)', 20_000, est, 1, [4_250, 5_000]],
    ['history, sparse never runs past the dense part', 50_000, est, 1, [4_000, 4_000]],
    ['history, inside the expected end: dense', 56_000, est, 2, [1_904, 2_240]],
    ['history, past the estimate: still dense', 90_000, est, 2, [3_060, 3_600]],
    ['history, last stage reached: dense early', 30_000, est, 4, [1_020, 1_200]],
  ])('%s', (_what, elapsedMs, estimate, stages, [lo, hi]) => {
    for (const r of [0, 0.5, 0.999]) {
      const d = nextPollDelay({ elapsedMs, estimate, stages }, P, r);
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

describe('the detection bound, simulated', () => {
  it.each(RUNS)('no history: a %i ms job is seen within max(0.5 s, 5 percent)', (run) => {
    const { delayMs } = simulate(run, undefined);
    expect(delayMs).toBeLessThanOrEqual(bound(run));
  });

  it.each(RUNS)('five finished jobs spread ±30 percent around %i ms: a job anywhere in that spread is seen within the bound, in at most 40 GETs up to 10 min', (run) => {
    const history = [0.7, 0.85, 1, 1.15, 1.3].map((f, i) => finished(run * f, {}, i));
    const estimate = estimateDuration({ kind: 'text-to-3d', request: {} }, history);
    expect(estimate?.samples).toBe(5);
    for (const f of [0.7, 0.8, 1, 1.2, 1.3]) {
      // Stages as the service reports them: the last of four from 2/3 of the running part.
      const end = run * f;
      const { delayMs, gets } = simulate(end, estimate, P, (t) => (t < end * 0.2 ? 1 : Math.min(4, 2 + Math.floor(((t - end * 0.2) / (end * 0.8)) * 3))));
      expect(delayMs).toBeLessThanOrEqual(bound(end));
      // The scope: jobs up to 10 minutes.
      if (end <= 600_000) expect(gets).toBeLessThanOrEqual(40);
    }
  });

  it('the first edition misses the bound (why this module exists)', () => {
    const growing = { ...P, pollPolicy: 'growing' as const };
    expect(simulate(60_000, undefined, growing).delayMs).toBeGreaterThan(bound(60_000));
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
