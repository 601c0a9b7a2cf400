/**
 * The batch command end to end, in child processes, against a real sandbox:
 * - killed with SIGKILL mid-batch, the same command continues it and no row
 *   is sent twice (asserted on the sandbox's own job list);
 * - a 402 mid-batch pauses it with every unsent row still queued; after a
 *   top-up the same command finishes it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEnv } from '../../../cli/test-support';
import { startSandbox, type RunningSandbox } from '../../../sandbox';
import { UNCERTAIN_ROW_ERROR } from './lifecycle';

const repo = path.resolve(import.meta.dirname, '../../..');
const cli = path.join(repo, 'bin', 'asset-studio.mjs');

interface JsonLine {
  event: string;
  state?: string;
  row?: number;
  jobId?: string | null;
  environment?: string;
  ok?: boolean;
  reason?: string;
  counts?: { done: number; failed: number; queued: number; running: number; total: number };
  report?: { csv: string; json: string };
  assetDir?: string;
}

function runCli(args: string[], env: NodeJS.ProcessEnv, onLine?: (line: JsonLine, kill: () => void) => void) {
  const child = spawn(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: JsonLine[] = [];
  let stderr = '';
  let buf = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buf += chunk;
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const text = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (!text.trim()) continue;
      const line = JSON.parse(text) as JsonLine;
      lines.push(line);
      onLine?.(line, () => child.kill('SIGKILL'));
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { lines, exit, stderr: () => stderr };
}

describe('batch command against the sandbox', () => {
  let sandbox: RunningSandbox;
  const dirs: string[] = [];
  const temp = (name: string) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), `batch-cli-${name}-`));
    dirs.push(d);
    return d;
  };

  beforeAll(async () => {
    // 1.5 s jobs: the kill test needs waves of 5 far enough apart that rows are still unsent when the CLI's
    // report of row 6 reaches the test (with 0.6 s jobs a busy child sometimes sent all 16 before it did).
    sandbox = await startSandbox({ port: 0, jobSeconds: 1.5, keys: 1, credits: 100_000 });
  });
  afterAll(async () => {
    await sandbox?.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true, maxRetries: 3 });
  });

  function setup(tag: string, rows: number, { envFlag = true } = {}) {
    const dataDir = temp('data');
    const listDir = temp('list');
    const out = path.join(temp('out'), 'assets');
    const list = path.join(listDir, `${tag}.csv`);
    const prompts = Array.from({ length: rows }, (_, i) => `${tag} crate ${i + 1}`);
    fs.writeFileSync(list, ['kind,prompt,targetFaceCount,textureResolution', ...prompts.map((p) => `text-to-3d,${p},500,128`)].join('\n') + '\n');
    const env = sandboxEnv(sandbox, dataDir);
    // Without --env the ASSET_STUDIO_* variables choose the environment, as for `generate`.
    const args = ['batch', list, '--out', out, ...(envFlag ? ['--env', 'From environment variables'] : []), '--json'];
    const sentPrompts = () => sandbox.jobs().map((j) => String(j.genParams.prompt ?? '')).filter((p) => p.startsWith(`${tag} crate `));
    return { env, args, out, prompts, sentPrompts };
  }

  it('a batch killed mid-run continues after restart and no row is sent twice', async () => {
    const { env, args, prompts, sentPrompts } = setup('kill', 16);

    const accepted = new Set<unknown>();
    const first = runCli(args, env, (line, kill) => {
      // Killed once the second wave is under way (row 6 accepted by the service), with rows still unsent. Not
      // "after three rows done": the engine frees a slot the moment it sees a job end, and a cold process's first
      // downloads, checks and exports can take longer than every remaining row needs to be sent. Not "row 6
      // running" either: a row reads running while its request is still being sent, before the service has it; the
      // CLI prints the row again when the service's job id arrives (before, that id first showed with "done", which
      // waits for the checking threads' cold start, so all 16 were sent before the kill).
      if (line.event === 'row' && line.jobId) accepted.add(line.row);
      if (accepted.size === 6) kill();
    });
    const killed = await first.exit;
    expect(killed.signal, first.stderr()).toBe('SIGKILL');
    const sentBeforeRestart = sentPrompts().length;
    expect(sentBeforeRestart).toBeGreaterThanOrEqual(6);
    expect(sentBeforeRestart).toBeLessThan(16);

    const second = runCli(args, env);
    const { code } = await second.exit;
    const summary = second.lines.find((l) => l.event === 'summary');
    expect(second.lines.some((l) => l.event === 'continue'), second.stderr()).toBe(true);
    expect(summary, second.stderr()).toBeDefined();

    // No row sent twice: every prompt reached the service at most once.
    const sent = sentPrompts();
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent.every((p) => prompts.includes(p))).toBe(true);
    // A submission cut off by the kill after its body was sent is "uncertain": never re-sent automatically, so
    // those rows fail saying the outcome is unknown; every other row is done. How many were on the
    // wire: the key runs 5 jobs at once and row 6 held one slot, so at most 4. (This said "at most 1" until a
    // fresh-clone run killed the CLI with two requests out: the first wave ends together and frees its slots at once.)
    expect(summary!.counts!.done + summary!.counts!.failed).toBe(16);
    expect(summary!.counts!.failed).toBeLessThanOrEqual(4);
    if (code === 0) {
      expect(sent).toHaveLength(16);
      expect(summary!.counts!.done).toBe(16);
    } else {
      expect(summary!.reason).toMatch(/unknown|resend/i);
    }
    const assetDir = summary!.assetDir!;
    expect(fs.readdirSync(assetDir).filter((f) => f.endsWith('.glb'))).toHaveLength(summary!.counts!.done);
    const report = JSON.parse(fs.readFileSync(path.join(assetDir, 'batch-report.json'), 'utf8')) as { status: string; error: string }[];
    expect(report).toHaveLength(16);
    const failed = report.filter((r) => r.status === 'failed');
    expect(failed).toHaveLength(summary!.counts!.failed);
    for (const row of failed) expect(row.error).toBe(UNCERTAIN_ROW_ERROR);
  }, 120_000);

  it('a 402 mid-batch pauses it with every unsent row still queued; after a top-up the same command finishes it', async () => {
    const { env, args, sentPrompts } = setup('credits', 12, { envFlag: false });
    const key = sandbox.keys[0]!;
    // text-to-3d costs 20 credits on the sandbox's rate card: enough for exactly 5 rows.
    sandbox.setBalance(key.clientId, 100);

    const first = runCli(args, env);
    const { code } = await first.exit;
    const summary = first.lines.find((l) => l.event === 'summary');
    expect(code, first.stderr()).toBe(1);
    expect(summary?.state).toBe('paused');
    expect(summary?.reason).toMatch(/credits/);
    expect(first.lines.find((l) => l.event === 'start')?.environment).toBe('From environment variables');
    expect(summary?.counts).toMatchObject({ done: 5, failed: 0, running: 0, queued: 7 });
    expect(sentPrompts()).toHaveLength(5);

    sandbox.setBalance(key.clientId, 100_000);
    const second = runCli(args, env);
    const end = await second.exit;
    const final = second.lines.find((l) => l.event === 'summary');
    expect(end.code, second.stderr()).toBe(0);
    expect(final?.counts).toMatchObject({ done: 12, failed: 0 });
    const sent = sentPrompts();
    expect(sent).toHaveLength(12);
    expect(new Set(sent).size).toBe(12);
  }, 120_000);
});
