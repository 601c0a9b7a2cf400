/**
 * A download two processes could both do (the app and a CLI batch follow
 * the same jobs over one data folder): exactly one holds it, and when that one
 * stops or dies with a retry still waiting, the other finishes it. Found by
 * soak:chaos: a job stayed "retrying" for good after the CLI batch that had
 * taken its download exited.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox';
import { serveLocally } from '../../test/local-server';
import { StagingArea } from '../files/staging';
import { retryWaitMs } from './loops/downloader';
import { Engine } from './engine';
import { claimHolder, dropClaim, holdClaimAs } from './store/test/claims';
import { FAST_TIMING, staticRegistry, tempDir, until } from './test/harness';
import { stopAfterEach } from './test/stop-after-each';
import { expectNothingFor } from '../../../testkit/expect-nothing';

const open = stopAfterEach();

/** The sandbox's storage behind a switch: while `failing`, every asset GET answers 500. */
async function storageGate(storageUrl: string) {
  const gate = { failing: true, gets: 0 };
  const server = await serveLocally((req, res) => {
    gate.gets++;
    if (gate.failing) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('storage is down');
      return;
    }
    void fetch(`${storageUrl}${req.url}`).then(async (upstream) => {
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  open.push({ server });
  return { gate, storageUrl: server.baseUrl };
}

async function setup() {
  const sandbox = await startSandbox({ port: 0, jobSeconds: 0.3, keys: 1, seed: 11, credits: 10_000 });
  open.push({ sandbox });
  const { gate, storageUrl } = await storageGate(sandbox.storageUrl);
  const dataDir = tempDir('handover');
  const registry = staticRegistry(sandbox.baseUrl, storageUrl, sandbox.keys);
  const make = (timing: Record<string, unknown>, random?: () => number) => {
    const engine = new Engine({ dataDir, registry, staging: new StagingArea(dataDir), timing: { ...FAST_TIMING, ...timing }, timeouts: { create: 5_000, poll: 5_000, download: 5_000 }, ...(random ? { random } : {}) });
    open.push({ engine });
    return engine;
  };
  // The app follows the CLI's jobs only through the ledger (its own polls would come a minute later).
  const app = make({ pollPolicy: 'growing', pollFirstMs: 60_000, pollMaxMs: 60_000, downloadRetryCapMs: 4_000 });
  // The CLI polls and downloads; its download retries wait about 4 s (backoff near its cap), past the checks below.
  const cli = make({ downloadRetryBaseMs: 4_000, downloadRetryCapMs: 4_000 }, () => 0.95);
  const lease = {
    holder: (localId: string) => claimHolder(dataDir, localId, 'download'),
    holdAs: (localId: string, pid: number) => holdClaimAs(dataDir, localId, 'download', pid),
    drop: (localId: string) => dropClaim(dataDir, localId, 'download'),
  };
  /** The CLI submits a job and its first download fails: it holds the lease and waits to retry. */
  const cliJobWaitingToRetry = async (kind: 'text-to-3d' | 'text-to-image') => {
    const r = await cli.submit({ kind, fields: { prompt: 'a brass lantern' } });
    const localId = r.ok ? r.value.localId : '';
    await until(() => cli.get(localId)?.asset?.state === 'retrying', 10_000, "the CLI's download to fail and wait to retry");
    return localId;
  };
  return { app, cli, gate, lease, cliJobWaitingToRetry };
}

describe('a download the CLI held', () => {
  it('is finished by the app beside it when the CLI stops with a retry waiting, and never downloaded by both', async () => {
    const { app, cli, gate, lease, cliJobWaitingToRetry } = await setup();
    await app.start();
    await cli.start();
    const localId = await cliJobWaitingToRetry('text-to-3d');
    expect(lease.holder(localId)).toMatch(/^\d+\./);
    // The app reads the retry in and leaves it to the CLI that holds it.
    await until(() => app.get(localId)?.asset?.state === 'retrying', 5_000, 'the app to read the retry in');
    await expectNothingFor(1_000, 'second download of a retry the CLI holds', () => gate.gets !== 1);

    gate.failing = false;
    await cli.stop();
    // Before the fix the retry went with the CLI: the record said "retrying" for good. The app keeps the wait it shows.
    const retryAt = Date.parse(app.get(localId)!.asset!.nextAttemptAt!);
    await until(() => app.get(localId)?.asset?.state === 'ready', 10_000, 'the app to take the download over');
    expect(gate.gets).toBe(2);
    expect(Date.now()).toBeGreaterThanOrEqual(retryAt);
    expect(app.get(localId)?.asset?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.existsSync(app.assetPath(localId)!)).toBe(true);
    expect(lease.holder(localId)).toBeUndefined();
  });

  it('is taken over from a process that died holding it', async () => {
    const { app, cli, gate, lease, cliJobWaitingToRetry } = await setup();
    await cli.start();
    const localId = await cliJobWaitingToRetry('text-to-image');
    await cli.stop();
    // As a killed CLI leaves it: its lease still held, under a process id that no longer runs.
    lease.holdAs(localId, 2147483646);
    gate.failing = false;
    await app.start();
    await until(() => app.get(localId)?.asset?.state === 'ready', 10_000, 'the app to take the download over');
    expect(app.get(localId)?.asset?.image?.width).toBeGreaterThan(0);
  });

  it('is left to another live process while it holds it, and taken over once it lets go', async () => {
    const { app, cli, gate, lease, cliJobWaitingToRetry } = await setup();
    await cli.start();
    const localId = await cliJobWaitingToRetry('text-to-3d');
    await cli.stop();
    // The test runner's parent process stands for a CLI still running with the download in hand.
    lease.holdAs(localId, process.ppid);
    gate.failing = false;
    const before = gate.gets;
    await app.start();
    // Past the retry's time, the app still leaves it to the live holder.
    const retryAt = Date.parse(app.get(localId)!.asset!.nextAttemptAt!);
    await new Promise((res) => setTimeout(res, Math.max(0, retryAt - Date.now()) + 1_000));
    expect(gate.gets).toBe(before);
    expect(app.get(localId)?.asset?.state).toBe('retrying');
    lease.drop(localId);
    await until(() => app.get(localId)?.asset?.state === 'ready', 5_000, 'the app to take the download over');
  });
});

describe('retryWaitMs: the wait a download taken over or resumed keeps', () => {
  const at = (iso: string) => ({ state: 'retrying' as const, format: 'glb' as const, attempts: 2, nextAttemptAt: iso });
  const now = Date.parse('2026-11-26T10:00:00.000Z');
  it.each([
    ['retrying, 12 s to go: 12 s', at('2026-11-26T10:00:12.000Z'), 'glb', 12_000],
    ['retrying, the time passed already: at once', at('2026-11-26T09:59:50.000Z'), 'glb', 0],
    ['a time beyond the cap (another clock): the cap', at('2026-11-26T11:00:00.000Z'), 'glb', 30_000],
    ['a time that does not parse: at once', at('soon'), 'glb', 0],
    ['the format changed (a job tracked by id turned out an image): at once', at('2026-11-26T10:00:12.000Z'), 'png', 0],
    ['downloading, not waiting: at once', { state: 'downloading' as const, format: 'glb' as const, attempts: 1 }, 'glb', 0],
    ['no asset record yet: at once', undefined, 'glb', 0],
  ] as const)('%s', (_what, asset, format, expected) => {
    expect(retryWaitMs(asset, format, now, 30_000)).toBe(expected);
  });
});
