/**
 * One environment's service refuses connections (a closed loopback port),
 * another accepts them and never answers; each holds a queued job and a
 * running one. Beside them a healthy sandbox gets a new job every 20 s. For
 * 10 minutes of fake time (timers and Date faked; sockets real, given a real
 * turn of the event loop every 100 ms step): the healthy jobs are sent within
 * 1 s and seen finished within the engine's bound, max(0.5 s, 5 % of the run
 * time); the stalled jobs say why they wait; the POST that got no answer ends
 * uncertain and is never sent again. Before each service had its own network
 * state, one failure held back every environment's polls and sends.
 */
import fs from 'node:fs';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox';
import type { JobRecord } from '../../../shared/domain/job';
import { waitReason } from '../../../shared/domain/wait-reason';
import { StagingArea } from '../files/staging';
import { Engine } from './engine';
import { newLocalId, nowIso } from './engine-core';
import { trackedRecord } from './decide/records';
import { seedJobs } from './store/seed';
import { multiRegistry, tempDir } from './test/harness';

const realSetTimeout = globalThis.setTimeout;
/** Real time for sockets and files to move (fake timers do not move them). */
const realTurn = () => new Promise((r) => realSetTimeout(r, 1));
const STEP_MS = 100;

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const o of open.splice(0).reverse()) await o.close();
});

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A loopback port nothing listens on: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise((r) => server.close(r));
  return port;
}

/** Accepts connections, reads their first line, never answers. */
async function silentServer() {
  const requestLines: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    let first = true;
    socket.on('data', (d) => {
      if (first) requestLines.push(d.toString('latin1').split('\r\n')[0]!);
      first = false;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listen(server);
  open.push({
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  });
  return { port, requestLines };
}

const KEY = { clientId: 'stalled-client', clientSecret: 'stalled-secret' };

describe('one environment whose service is down never stalls another', () => {
  it('for 10 minutes: healthy jobs are sent within 1 s and seen finished within the bound; stalled ones say why; the silent POST ends uncertain, never resent', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: Date.now() });
    const sandbox: RunningSandbox = await startSandbox({ port: 0, jobSeconds: 8, keys: 1, seed: 7, credits: 1_000_000, now: () => Date.now() });
    open.push(sandbox);
    const refusedPort = await closedPort();
    const silent = await silentServer();
    const registry = multiRegistry([
      { id: 'env-ok', name: 'Sandbox', baseUrl: sandbox.baseUrl, storageUrl: sandbox.storageUrl, keys: sandbox.keys },
      { id: 'env-refused', name: 'Refuses', baseUrl: `http://127.0.0.1:${refusedPort}/api`, storageUrl: `http://127.0.0.1:${refusedPort}/storage`, keys: [KEY] },
      { id: 'env-silent', name: 'Silent', baseUrl: `http://127.0.0.1:${silent.port}/api`, storageUrl: `http://127.0.0.1:${silent.port}/storage`, keys: [KEY] },
    ]);
    const dataDir = tempDir('stall');

    // Each stalled environment already follows a running job (sent by an earlier session).
    const running: Record<string, string> = {};
    for (const env of ['env-refused', 'env-silent']) {
      const rec = trackedRecord(`job-${env}`, 'text-to-3d', false, { environmentId: env, environmentName: env, keyId: 'k0', keyName: 'Key 0', earlyAccess: false }, newLocalId(), nowIso());
      seedJobs(dataDir, [{ ...rec, state: 'running', upstreamStatus: 'running' }]);
      running[env] = rec.localId;
    }

    const engine = new Engine({ dataDir, registry, staging: new StagingArea(dataDir) });
    open.push({ close: () => engine.stop() });
    const submittedAt = new Map<string, number>();
    const sentAt = new Map<string, number>();
    const seenAt = new Map<string, number>();
    engine.onChange((r: JobRecord) => {
      if (r.environmentId !== 'env-ok') return;
      if (r.state === 'submitting' && !sentAt.has(r.localId)) sentAt.set(r.localId, Date.now());
      if (r.state === 'success' && !seenAt.has(r.localId)) seenAt.set(r.localId, Date.now());
    });
    await engine.start();

    const submit = async (environmentId: string, prompt: string) => {
      const r = await engine.submit({ kind: 'text-to-3d', fields: { prompt }, environmentId, keyId: 'k0' });
      if (!r.ok) throw new Error(r.problem.message);
      return r.value.localId;
    };
    const queuedRefused = await submit('env-refused', 'a crate nobody can make');
    const queuedSilent = await submit('env-silent', 'a barrel sent into silence');
    let laterSilent: string | undefined;
    const refusedSaid: string[] = [];

    const tenMinutes = 10 * 60_000;
    let healthy = 0;
    for (let t = 0; t < tenMinutes; t += STEP_MS) {
      if (t % 20_000 === 0) {
        const id = await submit('env-ok', `a carved wooden totem pole ${healthy++}`);
        submittedAt.set(id, Date.now());
      }
      // Once the silent service is known to be down, a new job for it waits instead of being sent into it.
      if (t === 120_000) laterSilent = await submit('env-silent', 'a lantern for the silent service');
      await vi.advanceTimersByTimeAsync(STEP_MS);
      await realTurn();
      // What the refused service's queued job says, all along: a refusal comes back at once, so it counts down to the next probe.
      if (t >= 30_000) refusedSaid.push(waitReason(engine.get(queuedRefused)!, { now: Date.now() }) ?? '');
    }

    // Healthy jobs: sent within 1 s of being queued (their slot was free: five at most run at once here).
    expect(submittedAt.size).toBe(30);
    for (const [id, at] of submittedAt) {
      expect(sentAt.get(id), `job ${id} was sent`).toBeDefined();
      expect(sentAt.get(id)! - at).toBeLessThanOrEqual(1_000);
    }
    // Seen finished within the bound of the moment the service finished it.
    const upstream = new Map(sandbox.jobs().map((j) => [j.id, j]));
    let checked = 0;
    const delays: number[] = [];
    for (const [id, seen] of seenAt) {
      const job = upstream.get(engine.get(id)!.jobId!)!;
      const bound = Math.max(500, 0.05 * job.durationMs);
      delays.push(seen - Date.parse(job.endsAt));
      expect(seen - Date.parse(job.endsAt), `detection of ${id}`).toBeLessThanOrEqual(bound);
      checked++;
    }
    if (process.env.STALL_TEST_REPORT) console.log(JSON.stringify({ detectionMs: delays, sendMs: [...submittedAt].map(([id, at]) => sentAt.get(id)! - at) }));
    // Every job whose 8 s ended before the last step was seen (the last one may still run).
    expect(checked).toBeGreaterThanOrEqual(29);

    // The stalled environments' jobs say why they wait.
    const now = Date.now();
    const reason = (id: string) => waitReason(engine.get(id)!, { now });
    // A refusal is answered at once, so between probes its jobs count down to the next one (not a stale "trying again now").
    const stale = refusedSaid.filter((r) => !/; next try in \d+ s$/.test(r));
    expect(stale.length, stale.slice(0, 3).join(' | ')).toBeLessThanOrEqual(refusedSaid.length * 0.02);
    expect(reason(running['env-refused']!)).toMatch(new RegExp(`^the service at 127\\.0\\.0\\.1:${refusedPort} is not answering; next try in \\d+ s$`));
    expect(reason(queuedRefused)).toMatch(new RegExp(`^the service at 127\\.0\\.0\\.1:${refusedPort} is not answering; next try in \\d+ s$`));
    expect(reason(running['env-silent']!)).toMatch(new RegExp(`^the service at 127\\.0\\.0\\.1:${silent.port} is not answering`));
    expect(reason(laterSilent!)).toMatch(new RegExp(`^the service at 127\\.0\\.0\\.1:${silent.port} is not answering`));
    expect(engine.get(queuedRefused)!.state).toBe('queued');
    expect(engine.get(laterSilent!)!.state).toBe('queued');

    // The POST the silent service took and never answered may have made the job: uncertain, sent once, never again.
    expect(engine.get(queuedSilent)!.state).toBe('uncertain');
    expect(silent.requestLines.filter((l) => l.startsWith('POST '))).toHaveLength(1);
    // The silent service is asked again with one free GET at a time, backing off: not hammered.
    expect(silent.requestLines.filter((l) => l.startsWith('GET ')).length).toBeLessThan(60);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});
