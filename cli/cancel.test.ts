/**
 * Cancel anything not yet sent: three queued jobs whose service is down (a
 * closed loopback port) are cancelled in the middle of their retry wait, by
 * Cancel, by Remove from history and by `asset-studio cancel` (its own
 * services over the same data folder, as a second process would). Then the
 * service comes back on that port: it receives a POST only for the fourth
 * job, which nobody cancelled.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { StagingArea } from '../electron/services/files/staging';
import { Engine } from '../electron/services/jobs/engine';
import { FAST_TIMING, multiRegistry, tempDir, until } from '../electron/services/jobs/test/harness';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** `asset-studio cancel ...` as its own process over the data folder (as a user runs it beside the app). */
async function runCli(argv: string[], dataDir: string) {
  const bin = path.join(__dirname, '..', 'bin', 'asset-studio.mjs');
  const child = spawn(process.execPath, [bin, 'cancel', ...argv], { env: { ...process.env, ASSET_STUDIO_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, out, err };
}

describe('cancelling a request that has not been sent', () => {
  it('by Cancel, by Remove from history and by asset-studio cancel: the service, back again, never gets their POSTs', async () => {
    const port = await freePort();
    const key = { clientId: 'client-one', clientSecret: 'secret-one' };
    const dataDir = tempDir('cancel');
    const base = `http://127.0.0.1:${port}`;
    const registry = multiRegistry([{ id: 'env-down', name: 'Down', baseUrl: `${base}/api`, storageUrl: `${base}/storage`, keys: [key] }]);
    const engine = new Engine({ dataDir, registry, staging: new StagingArea(dataDir), timing: FAST_TIMING });
    open.push({ close: () => engine.stop() });
    await engine.start();

    const ids: string[] = [];
    for (const prompt of ['cancelled crate', 'removed barrel', 'cancelled from the command line', 'a lamp nobody cancelled']) {
      const r = await engine.submit({ kind: 'text-to-3d', fields: { prompt } });
      if (!r.ok) throw new Error(r.problem.message);
      ids.push(r.value.localId);
    }
    const [cancelled, removed, byCli, kept] = ids as [string, string, string, string];
    // Each has tried and failed: it waits for its service, retry pending.
    await until(() => ids.every((id) => engine.get(id)?.state === 'queued' && engine.get(id)?.queue?.reason === 'network' && (engine.get(id)?.queue?.attempts ?? 0) >= 1), 5_000, 'every job to wait for the service');

    const c = await engine.cancel(cancelled);
    expect(c.ok && c.value.state).toBe('dismissed');
    await engine.remove([removed]);
    expect(engine.get(removed)).toMatchObject({ state: 'dismissed', hidden: true });
    const cli = await runCli([engine.get(byCli)!.localId], dataDir);
    expect([cli.code, cli.err]).toEqual([0, '']);
    expect(cli.out).toBe(`Cancelled ${byCli}: it will not be sent.\n`);
    await until(() => engine.get(byCli)?.state === 'dismissed', 2_000, 'the engine to read the CLI’s cancel');
    // A second cancel is refused with the reason: it is no longer waiting to be sent.
    const again = await runCli([byCli], dataDir);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/not been sent yet can be cancelled/);

    // The service comes back on the same port.
    const sandbox: RunningSandbox = await startSandbox({ port, jobSeconds: 0.2, keys: [key], credits: 1_000 });
    open.push(sandbox);
    await until(() => !!engine.get(kept)?.jobId, 15_000, 'the job nobody cancelled to be made');
    const posts = sandbox.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    for (const id of [cancelled, removed, byCli]) expect(engine.get(id)!.state).toBe('dismissed');
    fs.rmSync(dataDir, { recursive: true, force: true });
    // Two CLI processes start here, each compiling its sources (about 7 s apiece on a busy 2-core machine).
  }, 90_000);
});
