/**
 * The job commands against the sandbox through the app's own services:
 * generate --wait --out, jobs --json, wait by job id, track, and a failing
 * job giving a non-zero exit with the reason.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAIL_WORD, startSandbox, type RunningSandbox } from '../sandbox';
import type { JobRecord } from '../shared/domain/job';
import type { CliCommand } from './command';
import { runAgainst, sandboxEnv } from './test-support';
import { command as generate } from './commands/generate';
import { command as jobs } from './commands/jobs';
import { command as track } from './commands/track';
import { command as wait } from './commands/wait';

let sandbox: RunningSandbox;
let dataDir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, jobSeconds: 0.3, keys: 1, credits: 10_000 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-jobs-'));
});
afterAll(async () => sandbox?.close());

const runCmd = (cmd: CliCommand, argv: string[]) => runAgainst(sandbox, dataDir, cmd, argv);

describe('job commands', () => {
  it('generates, waits for a verified asset, exports it, and lists it in the shared history', async () => {
    const outDir = path.join(dataDir, 'exported');
    const res = await runCmd(generate, ['text-to-3d', '--prompt', 'a wooden barrel', '--targetFaceCount', '2000', '--wait', '--out', outDir, '--json']);
    expect(res.err).not.toMatch(/secret/i);
    expect([res.code, res.err]).toEqual([0, '']);
    const job = JSON.parse(res.out) as JobRecord & { exportedTo: string };
    expect(job.state).toBe('success');
    expect(job.asset?.state).toBe('ready');
    expect(fs.readFileSync(job.exportedTo).subarray(0, 4).toString()).toBe('glTF');
    expect(path.dirname(job.exportedTo).startsWith(outDir)).toBe(true);

    const listed = await runCmd(jobs, ['--json']);
    expect(listed.code).toBe(0);
    const all = JSON.parse(listed.out) as JobRecord[];
    expect(all.map((j) => j.jobId)).toContain(job.jobId);
    // Never a secret in the job store (the database file and its write-ahead log, read as bytes).
    const storeText = fs.readdirSync(dataDir).filter((f) => f.startsWith('studio.sqlite')).map((f) => fs.readFileSync(path.join(dataDir, f), 'latin1')).join('');
    expect(storeText).toContain(job.jobId!);
    expect(storeText).not.toContain(sandbox.keys[0]!.clientSecret);

    const waited = await runCmd(wait, [job.jobId!]);
    expect(waited.code).toBe(0);
    expect(waited.out).toContain(job.localId);
  });

  it('exits non-zero with the reason when the job fails, and refuses bad fields before sending', async () => {
    const failed = await runCmd(generate, ['text-to-image', '--prompt', `a cat ${FAIL_WORD}`, '--wait']);
    expect(failed.code).toBe(1);
    expect(failed.err.trim().length).toBeGreaterThan(0);
    const before = sandbox.requests.filter((r) => r.method === 'POST').length;
    const bad = await runCmd(generate, ['text-to-3d', '--prompt', 'x', '--topology', 'hexagons']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/topology/);
    await expect(runCmd(generate, ['text-to-3d', '--colour', 'red'])).rejects.toThrow(/no field "colour"/);
    expect(sandbox.requests.filter((r) => r.method === 'POST').length).toBe(before);
  });

  it('tracks a job created elsewhere with the same key', async () => {
    const k = sandbox.keys[0]!;
    const res = await fetch(`${sandbox.baseUrl}/jobs/text-to-worldbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': k.clientId, 'x-client-secret': k.clientSecret },
      body: JSON.stringify({ prompt: 'a desert at night' }),
    });
    const { jobId } = (await res.json()) as { jobId: string };
    const tracked = await runCmd(track, [jobId, '--kind', 'text-to-worldbox', '--wait', '--json']);
    expect(tracked.code).toBe(0);
    const job = JSON.parse(tracked.out) as JobRecord;
    expect(job.jobId).toBe(jobId);
    expect(job.asset?.state).toBe('ready');
    expect(job.asset?.format).toBe('png');
  });
  it('as its own process, stays alive through the wait (the service is another process) and exports the asset', async () => {
    // Regression: with only the engine's unref'd poll timers left, Node exited with code 13 right after "pending".
    const outDir = path.join(dataDir, 'spawned-out');
    const bin = path.join(__dirname, '..', 'bin', 'asset-studio.mjs');
    const child = spawn(process.execPath, [bin, 'generate', 'text-to-image', '--prompt', 'a brass key', '--wait', '--out', outDir], {
      env: sandboxEnv(sandbox, fs.mkdtempSync(path.join(os.tmpdir(), 'cli-spawned-'))),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, err).toBe(0);
    // One line per change: pending, then (when a poll lands while it runs) running with its stage, then success.
    expect(err).toMatch(/^pending .*\n(?:^running .*\n)*^success /m);
    const exported = fs.readdirSync(outDir);
    expect(exported.filter((n) => n.endsWith('.png'))).toHaveLength(1);
  }, 60_000);
});
