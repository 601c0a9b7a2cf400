/**
 * The app and the CLI on one data folder at once: an engine in this process
 * (the app) and an engine in a child process (a CLI command) submit at the
 * same time against one sandbox. Both follow every job through the shared
 * database; the claims and leases in it make each job sent once (one POST
 * per prompt in the sandbox's request log) and each asset fetched once (one
 * GET per storage file), and both see every job finished.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../sandbox';
import type { JobRecord } from '../../../../shared/domain/job';
import { StagingArea } from '../../files/staging';
import { Engine } from '../engine';
import { FAST_TIMING, staticRegistry, tempDir, until } from '../test/harness';
import { readJobs } from './seed';

const CHILD = path.join(__dirname, '..', 'test', 'kill-child.ts');
const EACH = 6;

let sandbox: RunningSandbox | undefined;
let app: Engine | undefined;
afterAll(async () => {
  await app?.stop();
  await sandbox?.close();
});

const finished = (r: JobRecord | undefined) => r?.state === 'success' && (r.asset?.state === 'ready' || r.asset?.state === 'unavailable');

describe('the app and the CLI on one data folder', () => {
  it('submit at once: every job is sent once and every asset fetched once, and both see all finished', async () => {
    sandbox = await startSandbox({ port: 0, jobSeconds: 0.3, keys: 1, seed: 5, credits: 100_000 });
    const dataDir = tempDir('shared-folder');
    const registry = staticRegistry(sandbox.baseUrl, sandbox.storageUrl, sandbox.keys);
    app = new Engine({ dataDir, registry, staging: new StagingArea(dataDir), timing: FAST_TIMING });
    await app.start();

    // The CLI: its own engine over the same folder, submitting its jobs while the app submits its own.
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, KILL_DATA_DIR: dataDir, KILL_BASE_URL: sandbox.baseUrl, KILL_STORAGE_URL: sandbox.storageUrl, KILL_KEYS: JSON.stringify(sandbox.keys), KILL_SUBMIT: String(EACH) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    const cliQueued: string[] = [];
    let cliSettled = false;
    child.stdout.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        const q = /^QUEUED (\S+)$/.exec(line);
        if (q) cliQueued.push(q[1]!);
        if (line === 'ALL-SETTLED' && cliQueued.length === EACH) cliSettled = true;
      }
    });
    try {
      const appQueued: string[] = [];
      for (let i = 0; i < EACH; i++) {
        const r = await app.submit({ kind: i % 2 ? 'text-to-image' : 'text-to-3d', fields: { prompt: `shared folder app object ${i}` } });
        if (r.ok) appQueued.push(r.value.localId);
      }
      expect(appQueued).toHaveLength(EACH);
      await until(() => cliQueued.length === EACH, 60_000, 'the CLI to submit its jobs');
      const all = [...appQueued, ...cliQueued];
      await until(() => all.every((id) => finished(app!.get(id))), 90_000, 'every job to finish, as the app sees it');
      await until(() => cliSettled, 30_000, 'the CLI to see every job finished');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }

    const records = readJobs(dataDir);
    expect(records).toHaveLength(2 * EACH);
    expect(records.every((r) => r.state === 'success' && r.asset?.state === 'ready')).toBe(true);
    // Sent once: one created job per prompt, one POST each.
    const prompts = sandbox.jobs().map((j) => String(j.genParams.prompt));
    expect(prompts).toHaveLength(2 * EACH);
    expect(new Set(prompts).size).toBe(2 * EACH);
    const posts = sandbox.requests.filter((r) => r.method === 'POST' && r.status < 300);
    expect(posts).toHaveLength(2 * EACH);
    // Fetched once: every storage file the service served was asked for by one process, once.
    const gets = sandbox.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/storage/')).map((r) => r.path);
    expect(gets.length).toBeGreaterThanOrEqual(2 * EACH);
    expect(gets.filter((p, i) => gets.indexOf(p) !== i)).toEqual([]);
  }, 180_000);
});
