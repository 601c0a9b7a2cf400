/**
 * Starts the browser shell the way a user does (`asset-studio web --port 0`)
 * as a child process with its own data directory, reads the one JSON line it
 * prints, and keeps everything it writes to stderr for the test's report.
 * Used by the Playwright fixture and by docs/take-screenshot.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

export const ROOT = path.resolve(__dirname, '..');

export interface StudioHost {
  /** `http://127.0.0.1:PORT/?token=...`, exactly as printed. */
  url: string;
  origin: string;
  token: string;
  /** The fresh data directory this host uses (ledger, settings, assets, logs). */
  dataDir: string;
  /** Every stderr line the host wrote so far (JSON log lines and messages). */
  hostLogs: string[];
  /** The host's process (the browser shell's main runs in it), for memory figures. */
  pid: number;
  /** Calls one contract channel with the token, as the renderer does; returns the Result as sent. */
  invoke<T = unknown>(channel: string, args?: unknown): Promise<{ ok: true; value: T } | { ok: false; problem: { reason: string; message: string } }>;
  /** SIGTERM, then wait for the process to exit (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

export interface StartHostOptions {
  /** An existing data directory (default: a fresh temp one, removed on stop). */
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the URL line (the first run may build the renderer). */
  timeoutMs?: number;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function startHost(options: StartHostOptions = {}): Promise<StudioHost> {
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'asset-studio-e2e-'));
  const hostLogs: string[] = [];
  const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'asset-studio.mjs'), 'web', '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, ASSET_STUDIO_DATA_DIR: dataDir, ASSET_STUDIO_NO_BROWSER: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  readline.createInterface({ input: child.stderr! }).on('line', (line) => hostLogs.push(line));
  const stdoutLines: string[] = [];

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the browser shell printed no URL within ${options.timeoutMs ?? 60_000} ms`)), options.timeoutMs ?? 60_000);
    const fail = (err: Error): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${err.message}\n--- host stderr ---\n${hostLogs.join('\n')}`));
    };
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      stdoutLines.push(line);
      if (stdoutLines.length > 1) {
        // The contract is one line on stdout; a second one is a bug worth failing on.
        hostLogs.push(`UNEXPECTED STDOUT: ${line}`);
        return;
      }
      try {
        const parsed = JSON.parse(line) as { url?: unknown };
        if (typeof parsed.url !== 'string') throw new Error('no url');
        clearTimeout(timer);
        resolve(parsed.url);
      } catch {
        fail(new Error(`the browser shell's first stdout line is not {"url": ...}: ${line}`));
      }
    });
    child.once('exit', (code) => fail(new Error(`the browser shell exited (code ${code}) before printing its URL`)));
  });

  const parsed = new URL(url);
  const token = parsed.searchParams.get('token') ?? '';
  let stopped: Promise<void> | undefined;
  return {
    url,
    origin: parsed.origin,
    token,
    dataDir,
    hostLogs,
    pid: child.pid!,
    async invoke(channel, args = {}) {
      const res = await fetch(`${parsed.origin}/api/invoke/${channel}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
      return (await res.json()) as never;
    },
    stop: () =>
      (stopped ??= (async () => {
        child.kill('SIGTERM');
        if (!(await waitForExit(child, 10_000))) {
          hostLogs.push('host did not stop within 10 s of SIGTERM; killed');
          child.kill('SIGKILL');
          await waitForExit(child, 5_000);
        }
        if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
      })()),
  };
}
