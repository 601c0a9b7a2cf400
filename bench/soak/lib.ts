/**
 * What both soak scripts share: the processes they start (a standalone sandbox
 * through the CLI's `sandbox` command, CLI commands, the browser shell), and
 * the audit that compares what the service created with what the data folder
 * holds once everything has stopped.
 *
 * Figures of the audit (the definitions):
 *  - created: jobs the service created for this run's prompts;
 *  - duplicates: upstream jobs beyond the first for one submission (every
 *    submission carries a prompt unique to it, and nothing here resends);
 *  - lost: an upstream job neither in the ledger by job id nor matched to a
 *    ledger record left `uncertain` (sent, outcome unknown) for its prompt;
 *  - uncertain: ledger records left `uncertain`;
 *  - verified: finished jobs whose cached asset passes the structural checks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JobRecord } from '../../shared/domain/job';
import { readJobs } from '../../electron/services/jobs/store/seed';
import { verifyAsset } from '../../electron/services/jobs/verify';

export const ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(ROOT, 'bin', 'asset-studio.mjs');
const SHELL_CHILD = path.join(__dirname, 'shell-child.ts');

/** `SOAK_SCALE` (default 1) scales every count down (CI) or up (a longer soak). */
export function soakScale(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SOAK_SCALE;
  if (raw === undefined || raw === '') return 1;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`SOAK_SCALE must be a positive number, not "${raw}".`);
  return n;
}

export const scaled = (n: number, scale: number): number => Math.max(1, Math.round(n * scale));

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A child process whose stdout lines are kept and can be awaited. */
export interface Proc {
  child: ChildProcess;
  lines: string[];
  stderr: () => string;
  exited: Promise<number | null>;
  done: boolean;
  waitLine(match: (line: string) => boolean, timeoutMs: number): Promise<string>;
  kill9(): Promise<void>;
  stop(): Promise<number | null>;
}

function track(child: ChildProcess): Proc {
  const lines: string[] = [];
  const waiters: { match: (l: string) => boolean; resolve: (l: string) => void }[] = [];
  let buf = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => {
    buf += c.toString();
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      lines.push(line);
      for (const w of [...waiters]) {
        if (!w.match(line)) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  child.stderr!.on('data', (c: Buffer) => {
    err += c.toString();
    if (err.length > 64_000) err = err.slice(-32_000);
  });
  const proc: Proc = {
    child,
    lines,
    stderr: () => err,
    done: false,
    exited: new Promise((resolve) => child.on('exit', (code) => ((proc.done = true), resolve(code)))),
    waitLine(match, timeoutMs) {
      const seen = lines.find(match);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No expected line within ${timeoutMs} ms. stderr: ${err.slice(-2000)}`)), timeoutMs);
        const w = { match, resolve: (l: string) => (clearTimeout(timer), resolve(l)) };
        waiters.push(w);
        void proc.exited.then(() => {
          if (!waiters.includes(w)) return;
          clearTimeout(timer);
          reject(new Error(`The process exited first. stderr: ${err.slice(-2000)}`));
        });
      });
    },
    async kill9() {
      if (!proc.done) child.kill('SIGKILL');
      await proc.exited;
    },
    async stop() {
      if (!proc.done) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await proc.exited;
      clearTimeout(timer);
      return code;
    },
  };
  return proc;
}

/** `node bin/asset-studio.mjs ARGS` (the real CLI) with extra environment variables. */
export function cli(args: string[], env: NodeJS.ProcessEnv): Proc {
  return track(spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
}

export interface SandboxProc {
  proc: Proc;
  origin: string;
  baseUrl: string;
  storageUrl: string;
  keys: { clientId: string; clientSecret: string }[];
}

/**
 * The sandbox as its own process (`asset-studio sandbox`), so it outlives
 * every client the soak kills.
 */
export async function startSandboxProcess(opts: { jobSeconds: number; keys: number; seed: number; chaos?: string; dataDir?: string }): Promise<SandboxProc> {
  const args = ['sandbox', '--port', '0', '--job-seconds', String(opts.jobSeconds), '--keys', String(opts.keys), '--seed', String(opts.seed), '--credits', '100000000'];
  if (opts.chaos) args.push('--chaos', opts.chaos);
  if (opts.dataDir) args.push('--data-dir', opts.dataDir);
  const proc = cli(args, {});
  const line = await proc.waitLine((l) => l.startsWith('{'), 60_000);
  const info = JSON.parse(line) as Omit<SandboxProc, 'proc' | 'origin'>;
  return { proc, ...info, origin: new URL(info.baseUrl).origin };
}

/**
 * The environment variables that point the CLI and the shell at the sandbox,
 * with every key. HOME is the soak's work folder: the browser shell accepts
 * export folders under the home folder only, and the soak's live there.
 */
export function clientEnv(sandbox: SandboxProc, dataDir: string, home: string): NodeJS.ProcessEnv {
  return {
    HOME: home,
    ASSET_STUDIO_DATA_DIR: dataDir,
    ASSET_STUDIO_BASE_URL: sandbox.baseUrl,
    ASSET_STUDIO_STORAGE_URL: sandbox.storageUrl,
    ASSET_STUDIO_KEYS: JSON.stringify(sandbox.keys),
  };
}

/** One soak run's start: a work folder (the clients' home) holding the data folder, the standalone sandbox, and the clients' environment. */
export interface SoakRun {
  work: string;
  dataDir: string;
  sandbox: SandboxProc;
  env: NodeJS.ProcessEnv;
  started: number;
  /** Stops the sandbox and removes the work folder (kept, and said so, under SOAK_KEEP). */
  finish(): Promise<void>;
}

export async function startSoak(name: string, sandbox: { jobSeconds: number; keys: number; chaos: string }): Promise<SoakRun> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const proc = await startSandboxProcess({ ...sandbox, seed: 16 });
  return {
    work,
    dataDir,
    sandbox: proc,
    env: clientEnv(proc, dataDir, work),
    started: performance.now(),
    async finish() {
      await proc.proc.stop();
      if (!process.env.SOAK_KEEP) fs.rmSync(work, { recursive: true, force: true });
      else console.log(`kept ${work}`);
    },
  };
}

export interface UpstreamJob {
  id: string;
  status: string;
  clientId: string;
  genParams: Record<string, unknown>;
}

/** Every job the service created, from the sandbox's inspection API. */
export async function upstreamJobs(sandbox: SandboxProc): Promise<UpstreamJob[]> {
  const res = await fetch(`${sandbox.origin}/__sandbox/state`);
  if (!res.ok) throw new Error(`The sandbox's inspection API answered ${res.status}.`);
  return ((await res.json()) as { jobs: UpstreamJob[] }).jobs;
}

export async function setChaos(sandbox: SandboxProc, spec: string): Promise<void> {
  const res = await fetch(`${sandbox.origin}/__sandbox/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ spec }) });
  if (!res.ok) throw new Error(`Setting the sandbox's chaos answered ${res.status}.`);
}

/** Opens the data folder's job store the way the app does and reads every record (`skipped` stays for the reports: a database has no torn lines). */
export function readLedger(dataDir: string): { records: JobRecord[]; skipped: number } {
  return { records: readJobs(dataDir), skipped: 0 };
}

/** The browser shell (the same services and server as `asset-studio web`) on the data folder; see shell-child.ts. */
export async function startShell(env: NodeJS.ProcessEnv): Promise<{ proc: Proc; url: URL; token: string; environmentId: string }> {
  const proc = track(spawn(process.execPath, ['--import', 'tsx', SHELL_CHILD], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
  const line = await proc.waitLine((l) => l.startsWith('{'), 60_000);
  const info = JSON.parse(line) as { url: string; environmentId: string };
  const url = new URL(info.url);
  return { proc, url, token: url.searchParams.get('token')!, environmentId: info.environmentId };
}

export type Answer = { ok: true; value: unknown } | { ok: false; problem: { reason: string; message: string } };

/** One contract call over HTTP, as the browser page makes it. */
export async function invoke(shell: { url: URL; token: string }, channel: string, args: unknown, timeoutMs = 30_000): Promise<Answer> {
  const res = await fetch(new URL(`/api/invoke/${channel}`, shell.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${shell.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return (await res.json()) as Answer;
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

export interface FileAudit {
  /** Final-named files (cached `asset.*`, exported `.glb`/`.png`, sidecars) checked. */
  checked: number;
  /** Final-named files that fail the structural checks: a partial file where a whole one should be. */
  partial: string[];
  /** Temp files left by a killed writer (never read as an asset; named so they cannot be mistaken for one). */
  leftoverTemp: number;
  /** Their paths, to tell which writer left them. */
  temp: string[];
}

/** No partial file in the cache or an export folder: every file under a final name passes the structural checks. */
export async function auditFiles(dataDir: string, exportDirs: string[]): Promise<FileAudit> {
  const out: FileAudit = { checked: 0, partial: [], leftoverTemp: 0, temp: [] };
  const check = async (file: string) => {
    const base = path.basename(file);
    if (base.endsWith('.tmp')) {
      out.temp.push(path.relative(dataDir, file));
      return void out.leftoverTemp++;
    }
    let ok = true;
    if (/\.(glb|png)$/.test(base) && !base.startsWith('thumbnail')) ok = (await verifyAsset(file, base.endsWith('.glb') ? 'glb' : 'png')).ok;
    else if (base.endsWith('.json')) {
      try {
        JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch {
        ok = false;
      }
    } else return;
    out.checked++;
    if (!ok) out.partial.push(file);
  };
  for (const file of walk(path.join(dataDir, 'assets'))) await check(file);
  for (const dir of exportDirs) for (const file of walk(dir)) await check(file);
  return out;
}

export interface JobAudit {
  created: number;
  duplicates: number;
  lost: number;
  uncertain: number;
  verified: number;
  /** Finished jobs whose asset ended unavailable (a fault corrupted it): neither verified nor lost. */
  unavailable: number;
  /** Records by state, for the report. */
  states: Record<string, number>;
  lostJobs: string[];
  duplicateJobs: string[];
}

/**
 * Compares the service's jobs for this run's prompts (`isOurs`) with the ledger.
 * Upstream jobs are matched to records by job id, then by prompt for records
 * whose submission stayed uncertain.
 */
export async function auditJobs(upstream: UpstreamJob[], records: JobRecord[], dataDir: string, isOurs: (prompt: string) => boolean): Promise<JobAudit> {
  const ours = upstream.filter((j) => typeof j.genParams.prompt === 'string' && isOurs(j.genParams.prompt));
  const byPrompt = new Map<string, UpstreamJob[]>();
  for (const j of ours) byPrompt.set(j.genParams.prompt as string, [...(byPrompt.get(j.genParams.prompt as string) ?? []), j]);
  const duplicateJobs = [...byPrompt.entries()].filter(([, jobs]) => jobs.length > 1).map(([prompt, jobs]) => `${prompt}: ${jobs.map((j) => j.id).join(', ')}`);
  const duplicates = [...byPrompt.values()].reduce((n, jobs) => n + jobs.length - 1, 0);
  const known = new Set(records.map((r) => r.jobId).filter(Boolean));
  const uncertainPrompts = new Set(records.filter((r) => r.state === 'uncertain' && !r.jobId).map((r) => r.request.prompt as string));
  const lostJobs = ours.filter((j) => !known.has(j.id) && !uncertainPrompts.has(j.genParams.prompt as string)).map((j) => `${j.id} (${String(j.genParams.prompt)})`);
  const states: Record<string, number> = {};
  let verified = 0;
  let unavailable = 0;
  for (const r of records) {
    const key = r.state === 'success' ? `success/${r.asset?.state ?? 'none'}` : r.state;
    states[key] = (states[key] ?? 0) + 1;
    if (r.state !== 'success') continue;
    if (r.asset?.state === 'unavailable') unavailable++;
    const file = path.join(dataDir, 'assets', r.localId, `asset.${r.asset?.format ?? 'glb'}`);
    if (r.asset?.state === 'ready' && fs.existsSync(file) && (await verifyAsset(file, r.asset.format)).ok) verified++;
  }
  return {
    created: ours.length,
    duplicates,
    lost: lostJobs.length,
    uncertain: records.filter((r) => r.state === 'uncertain').length,
    verified,
    unavailable,
    states,
    lostJobs,
    duplicateJobs,
  };
}

/** Writes `bench/results/NAME` (or under `SOAK_RESULTS_DIR`, so the CI test's short runs leave the real figures alone). */
export function writeResult(name: string, figures: Record<string, unknown>): string {
  const file = path.join(process.env.SOAK_RESULTS_DIR || path.join(ROOT, 'bench', 'results'), name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  return file;
}
