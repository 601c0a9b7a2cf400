/**
 * SIGKILL at random moments (during submit, poll and download) over 20
 * trials: after each kill the job store opens, every job id and every
 * acknowledged submission the child had printed is in it, no cached asset is
 * corrupt; a last run finishes all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox';
import { isTerminal } from '../../../shared/domain/job';
import { readJobs } from './store/seed';
import { tempDir } from './test/harness';
import { verifyAsset } from './verify';

const CHILD = path.join(__dirname, 'test', 'kill-child.ts');
let sandbox: RunningSandbox | undefined;
afterAll(async () => sandbox?.close());

function runChild(env: NodeJS.ProcessEnv, onLine: (line: string, child: ChildProcess) => void): { child: ChildProcess; exited: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let buf = '';
  child.stdout!.on('data', (c: Buffer) => {
    buf += c.toString();
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      onLine(buf.slice(0, nl), child);
      buf = buf.slice(nl + 1);
    }
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  void exited.then(() => {
    if (stderr.trim() && !child.killed) process.stderr.write(stderr);
  });
  return { child, exited };
}

describe('engine killed with SIGKILL', () => {
  it('loses no job id and caches no corrupt asset over 20 kills, then finishes every job', async () => {
    sandbox = await startSandbox({ port: 0, jobSeconds: 0.3, keys: 1, seed: 11, credits: 100_000, chaos: 'truncate=300ms,latency=0-30ms' });
    const dataDir = tempDir('kill');
    const env = { KILL_DATA_DIR: dataDir, KILL_BASE_URL: sandbox.baseUrl, KILL_STORAGE_URL: sandbox.storageUrl, KILL_KEYS: JSON.stringify(sandbox.keys) };
    const received = new Set<string>();
    const queued = new Set<string>();
    let kills = 0;
    for (let trial = 0; trial < 20; trial++) {
      const delay = 100 + Math.random() * 900;
      const { exited } = runChild({ ...env, KILL_SUBMIT: '2' }, (line, child) => {
        if (line === 'READY') setTimeout(() => child.kill('SIGKILL'), delay);
        const m = /^JOB (\S+) (\S+)$/.exec(line);
        if (m) received.add(m[2]!);
        const q = /^QUEUED (\S+)$/.exec(line);
        if (q) queued.add(q[1]!);
      });
      await exited;
      kills++;
      const records = readJobs(dataDir);
      const ids = new Set(records.map((r) => r.jobId).filter(Boolean));
      for (const id of received) expect(ids.has(id)).toBe(true);
      // Every submission the engine acknowledged is kept (a kill may come before a submission was made at all).
      const localIds = new Set(records.map((r) => r.localId));
      for (const id of queued) expect(localIds.has(id)).toBe(true);
      const assets = path.join(dataDir, 'assets');
      for (const dir of fs.existsSync(assets) ? fs.readdirSync(assets) : []) {
        for (const name of fs.readdirSync(path.join(assets, dir)).filter((n) => n.startsWith('asset.'))) {
          const format = name.endsWith('.glb') ? 'glb' : 'png';
          expect((await verifyAsset(path.join(assets, dir, name), format)).ok).toBe(true);
        }
      }
    }
    expect(kills).toBe(20);
    expect(received.size).toBeGreaterThan(0);

    // A last run without a kill resumes every unfinished job.
    // Awaits the child's own line (or its exit, or a 30 s deadline): whichever comes first says how the run ended.
    let saySettled!: () => void;
    const allSettled = new Promise<'settled'>((resolve) => (saySettled = () => resolve('settled')));
    const { child, exited } = runChild({ ...env, KILL_SUBMIT: '0' }, (line) => {
      if (line === 'ALL-SETTLED') saySettled();
    });
    let deadline: NodeJS.Timeout | undefined;
    const ended = await Promise.race([allSettled, exited.then(() => 'exited' as const), new Promise<'deadline'>((resolve) => (deadline = setTimeout(() => resolve('deadline'), 30_000)))]);
    clearTimeout(deadline);
    expect(ended, 'the resuming engine exited before its jobs settled').not.toBe('exited');
    const settled = ended === 'settled';
    child.kill('SIGKILL');
    await exited;
    const all = readJobs(dataDir);
    const open = all.filter((r) => !(isTerminal(r.state) || r.state === 'uncertain') || (r.state === 'success' && r.asset?.state !== 'ready'));
    expect(open.map((r) => `${r.localId} ${r.state} ${r.asset?.state ?? '-'} ${r.asset?.problem ?? r.problem?.message ?? ''}`)).toEqual([]);
    expect(settled).toBe(true);
    expect(all.length).toBeGreaterThanOrEqual(queued.size);
    expect(all.length).toBeLessThanOrEqual(40);
    expect(queued.size).toBeGreaterThan(0);
    for (const rec of all) {
      expect(isTerminal(rec.state) || rec.state === 'uncertain').toBe(true);
      if (rec.state === 'success') expect(rec.asset?.state).toBe('ready');
    }
    // Every upstream job the sandbox made for this key is known to the ledger, except for uncertain ones.
    const known = new Set(all.map((r) => r.jobId));
    const unknown = sandbox.jobs().filter((j) => !known.has(j.id)).length;
    expect(unknown).toBeLessThanOrEqual(all.filter((r) => r.state === 'uncertain').length);
  }, 120_000);
});
