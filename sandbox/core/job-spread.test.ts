/** The sandbox's job-duration spread: fixed by default, within ±spread when asked, the same under one seed. */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../index';
import { spreadDurationMs } from './job-timeline';

const open: RunningSandbox[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

describe('spreadDurationMs', () => {
  it.each([
    [8_000, 0, 0.9, 8_000],
    [8_000, 0.3, 0, 5_600],
    [8_000, 0.3, 0.5, 8_000],
    [8_000, 0.3, 0.999_999, 10_400],
    [30_000, 0.1, 0.25, 28_500],
  ])('%i ms with spread %f and draw %f → %i ms', (base, spread, u, expected) => {
    expect(spreadDurationMs(base, spread, u)).toBe(expected);
  });
});

async function durations(jobSpread: number | undefined, seed: number): Promise<number[]> {
  const sandbox = await startSandbox({ port: 0, jobSeconds: 10, seed, credits: 10_000, ...(jobSpread !== undefined ? { jobSpread } : {}) });
  open.push(sandbox);
  const key = sandbox.keys[0]!;
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${sandbox.baseUrl}/jobs/text-to-image`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': key.clientId, 'x-client-secret': key.clientSecret },
      body: JSON.stringify({ prompt: `spread ${i}` }),
    });
    expect(res.status).toBeLessThan(300);
  }
  return sandbox.jobs().map((j) => j.durationMs);
}

describe('the jobSpread option', () => {
  it('keeps every job at the set duration without it', async () => {
    expect(await durations(undefined, 3)).toEqual([10_000, 10_000, 10_000, 10_000, 10_000]);
  });

  it('varies each job within ±30 % with 0.3, the same way under the same seed', async () => {
    const a = await durations(0.3, 3);
    for (const d of a) {
      expect(d).toBeGreaterThanOrEqual(7_000);
      expect(d).toBeLessThanOrEqual(13_000);
    }
    expect(new Set(a).size).toBeGreaterThan(1);
    expect(await durations(0.3, 3)).toEqual(a);
  });
});
