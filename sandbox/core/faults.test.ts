/** Fault injection: the spec syntax, and a run with every fault on that stays up and keeps answering. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../index';
import { client } from '../test/support';
import { NO_CHAOS, parseChaos } from './chaos';

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe('--chaos syntax', () => {
  it('parses every fault', () => {
    expect(parseChaos('500=0.05,drop=0.05,latency=0-300ms,429=0.1,truncate=2s,legacy=0.3,fail=0.1,burst=500ms')).toEqual({
      error500: 0.05,
      drop: 0.05,
      latencyMinMs: 0,
      latencyMaxMs: 300,
      burst429: 0.1,
      burstMs: 500,
      truncateMs: 2000,
      legacy: 0.3,
      fail: 0.1,
    });
    expect(parseChaos('latency=50ms')).toMatchObject({ latencyMinMs: 0, latencyMaxMs: 50 });
    expect(parseChaos('')).toEqual(NO_CHAOS);
  });

  it('rejects what it does not understand, naming the part', () => {
    expect(() => parseChaos('500=2')).toThrow(/500/);
    expect(() => parseChaos('explode=0.1')).toThrow(/explode/);
    expect(() => parseChaos('truncate=soon')).toThrow(/truncate/);
    expect(() => parseChaos('drop')).toThrow(/KEY=VALUE/);
  });
});

describe('faults at run time', () => {
  it('with every fault on, a bounded loop of mixed requests keeps getting answers and the server stays up', async () => {
    sandbox = await startSandbox({ jobSeconds: 0.05, seed: 42, keys: 2, credits: 100_000, chaos: '500=0.15,drop=0.15,latency=0-20ms,429=0.15,burst=50ms,truncate=100ms,legacy=0.3,fail=0.2' });
    const c = client(sandbox);
    const statuses = new Map<string, number>();
    const created: string[] = [];
    let dropped = 0;
    for (let i = 0; i < 120; i++) {
      try {
        const r =
          i % 3 === 0
            ? await c.post('/jobs/text-to-3d', { prompt: `crate ${i}`, targetFaceCount: 200, textureResolution: '128' })
            : i % 3 === 1 && created.length
              ? await c.job(created[i % created.length]!)
              : await c.download(created[0] ?? 'none', 'glb');
        statuses.set(String(r.status), (statuses.get(String(r.status)) ?? 0) + 1);
        const body = (r as { body?: unknown }).body as { jobId?: string } | undefined;
        if (body?.jobId) created.push(body.jobId);
      } catch {
        dropped++;
      }
    }
    expect(dropped).toBeGreaterThan(0);
    expect(statuses.get('500')).toBeGreaterThan(0);
    expect(statuses.get('429')).toBeGreaterThan(0);
    expect(statuses.get('200')).toBeGreaterThan(0);
    // Some drops happened after the job was created: the "uncertain" case.
    expect(sandbox.jobs().length).toBeGreaterThan(created.length);
    // The jobs end on their own clock: some complete, and the chaos makes some fail.
    await vi.waitFor(() => {
      const statusesSeen = new Set(sandbox!.jobs().map((j) => j.status));
      expect([...statusesSeen].some((s) => s === 'completed' || s === 'failed')).toBe(true);
      expect([...statusesSeen].some((s) => s === 'error' || s === 'failed')).toBe(true);
    });
    // Faults off again: it answers normally.
    sandbox.setChaos('');
    const ok = await c.post('/jobs/text-to-3d', { prompt: 'after the storm', targetFaceCount: 200, textureResolution: '128' });
    expect(ok.status).toBe(200);
    expect(sandbox.requests.length).toBeGreaterThan(100);
    expect(sandbox.requests.some((r) => r.dropped)).toBe(true);
  });

  it('asset downloads are cut short for the truncate window after success, then complete', async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    sandbox = await startSandbox({ jobSeconds: 1, now: () => clock, chaos: 'truncate=5s' });
    const c = client(sandbox);
    const id = String((await c.post('/jobs/text-to-3d', { prompt: 'cup', targetFaceCount: 300, textureResolution: '128' })).body.jobId);
    clock += 1_500;
    const partial = await c.download(id, 'glb');
    expect(partial.status).toBe(200);
    const declared = partial.bytes.readUInt32LE(8);
    expect(partial.bytes.length).toBeLessThan(declared);
    clock += 5_000;
    const full = await c.download(id, 'glb');
    expect(full.bytes.length).toBe(full.bytes.readUInt32LE(8));
  });

  it('latency delays answers by the configured amount', async () => {
    sandbox = await startSandbox({ chaos: 'latency=120-150ms' });
    const c = client(sandbox);
    const t0 = performance.now();
    expect((await c.job('missing')).status).toBe(404);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(115);
    sandbox.setChaos('');
    const t1 = performance.now();
    await c.job('missing');
    expect(performance.now() - t1).toBeLessThan(115);
  });

  it('the same seed makes the same fault decisions', async () => {
    const run = async () => {
      const sb = await startSandbox({ seed: 'same', chaos: '500=0.5', jobSeconds: 0 });
      const c = client(sb);
      const out: number[] = [];
      for (let i = 0; i < 20; i++) out.push((await c.job('x')).status);
      await sb.close();
      return out;
    };
    const a = await run();
    expect(a).toContain(500);
    expect(a).toContain(404);
    expect(await run()).toEqual(a);
  });
});
