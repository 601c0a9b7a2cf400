/**
 * `--wait` as a script sees it: one line per change on stderr (stage,
 * attempt, reason), and a non-zero exit with the reason when the asset ends
 * unavailable or the service rejects the key (never a hang).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { serveLocally } from '../electron/test/local-server';
import type { CliCommand, CliIo } from './command';
import { command as generate } from './commands/generate';
import { command as wait } from './commands/wait';

let sandbox: RunningSandbox;
beforeAll(async () => {
  // Downloads are cut short for 1.5 s after each job ends: the engine retries them, and says so. A job runs
  // 4 s, so the engine's polls see it running even on a loaded machine (at 1.5 s a slow poll saw only its end).
  sandbox = await startSandbox({ port: 0, jobSeconds: 4, keys: 1, credits: 10_000, chaos: 'truncate=1500ms' });
});
afterAll(async () => sandbox?.close());

async function runCmd(cmd: CliCommand, argv: string[], env: Record<string, string>, dataDir: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: { write: (c: string) => (out += c) },
    stderr: { write: (c: string) => (err += c) },
    env: { ...process.env, ASSET_STUDIO_DATA_DIR: dataDir, ...env },
    cwd: dataDir,
    signal: new AbortController().signal,
    listCommands: async () => [],
  };
  const code = await cmd.run(argv, io);
  return { code, out, err };
}

const sandboxEnv = (secret?: string) => ({
  ASSET_STUDIO_BASE_URL: sandbox.baseUrl,
  ASSET_STUDIO_STORAGE_URL: sandbox.storageUrl,
  ASSET_STUDIO_CLIENT_ID: sandbox.keys[0]!.clientId,
  ASSET_STUDIO_CLIENT_SECRET: secret ?? sandbox.keys[0]!.clientSecret,
});

describe('generate --wait progress', () => {
  it('prints the stages and every download attempt with its reason, then the result', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-progress-'));
    const res = await runCmd(generate, ['text-to-3d', '--prompt', 'a progress crate', '--wait'], sandboxEnv(), dataDir);
    expect(res.code, res.err).toBe(0);
    const lines = res.err.trim().split('\n');
    expect(lines[0]).toMatch(/^queued /);
    expect(lines.some((l) => /^running · job \S+ · stage /.test(l))).toBe(true);
    const retries = lines.filter((l) => / · asset retrying · attempt \d+ · retrying in \d+ s: /.test(l));
    expect(retries.length).toBeGreaterThan(0);
    expect(retries[0]).toMatch(/declares \d+ bytes, \d+ arrived/);
    expect(lines.at(-1)).toMatch(/^success · job \S+ · asset ready$/);
    // One line per change: never the same line twice in a row.
    for (let i = 1; i < lines.length; i++) expect(lines[i]).not.toBe(lines[i - 1]);
    expect(res.out).toMatch(/ success /);
  }, 30_000);
});

describe('waiting ends with the reason instead of hanging', () => {
  it('exits 1 when the service rejects the key while the job runs', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-rejected-'));
    const sent = await runCmd(generate, ['text-to-image', '--prompt', 'a rotated key'], sandboxEnv(), dataDir);
    expect(sent.code, sent.err).toBe(0);
    const localId = sent.out.split(/\s+/)[0]!;
    const t0 = Date.now();
    const res = await runCmd(wait, [localId], sandboxEnv('rotated-secret'), dataDir);
    expect(res.code).toBe(1);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(res.err).toMatch(/polling paused: the service rejected this key/);
    expect(res.err.trim().split('\n').at(-1)).toMatch(/^Polling paused: the service rejected this key .*wait \S+" follows it again\.$/);
    expect(res.err).not.toMatch(/rotated-secret/);
  }, 20_000);

  it('exits 1 when the asset ends unavailable, after at most 3 attempts', async () => {
    const server = await serveLocally((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.method === 'POST') res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ jobId: 'html-job' }));
        else if (req.url?.startsWith('/storage/')) res.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><html>Bad gateway</html>');
        else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'html-job', status: 'success', fragments: [] }));
      });
    });
    try {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-unavailable-'));
      const env = { ASSET_STUDIO_BASE_URL: server.baseUrl, ASSET_STUDIO_STORAGE_URL: `${server.baseUrl}/storage`, ASSET_STUDIO_CLIENT_ID: 'id', ASSET_STUDIO_CLIENT_SECRET: 'secret' };
      const res = await runCmd(generate, ['text-to-3d', '--prompt', 'an html crate', '--wait'], env, dataDir);
      expect(res.code).toBe(1);
      expect(res.err).toMatch(/asset retrying · attempt 1 · retrying in \d+ s: Not a GLB/);
      expect(res.err).toMatch(/asset unavailable · attempt [23]: Asset unavailable: Not a GLB.*HTML/);
      expect(res.err.trim().split('\n').at(-1)).toMatch(/^Asset unavailable: .*Retry download/);
    } finally {
      await server.close();
    }
  }, 30_000);
});
