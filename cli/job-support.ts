/**
 * What the job commands of the CLI share: choosing the environment, waiting
 * for a job to settle (uncertain included, which `waitFor` deliberately does
 * not treat as an end), exporting the asset to a folder, and one-line
 * descriptions of a record.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { ENDPOINTS } from '../shared/api';
import { isTerminal, type JobRecord } from '../shared/domain/job';
import { settledForCommandLine } from '../shared/domain/settled';
import { waitReason, type WaitFacts } from '../shared/domain/wait-reason';
import { pidAlive } from '../electron/services/pid-alive';
import type { HandlerContext, PartialHandlers } from '../electron/services/contracts';
import type { EnvironmentRegistry } from '../electron/services/contracts';
import type { JobEngine } from '../electron/services/jobs/engine-api';

const ctx: HandlerContext = { shell: 'cli' };

/** `--env NAME`, else the environment the ASSET_STUDIO_* variables describe, else the active one. */
export function pickEnvironment(registry: EnvironmentRegistry, env: NodeJS.ProcessEnv, wanted?: string): { environmentId: string; keyId: string } | { error: string } {
  const all = registry.list();
  let environment = wanted ? all.find((e) => e.name === wanted || e.id === wanted || e.name.toLowerCase() === wanted.toLowerCase()) : undefined;
  if (wanted && !environment) return { error: `No environment named "${wanted}". Known: ${all.map((e) => `"${e.name}"`).join(', ') || 'none'}.` };
  const fromEnv = env.ASSET_STUDIO_BASE_URL?.trim().replace(/\/+$/, '');
  if (!environment && fromEnv) environment = all.find((e) => e.baseUrl.replace(/\/+$/, '') === fromEnv);
  const active = registry.active();
  environment ??= active?.environment;
  if (!environment) return { error: 'No environment is set up: add one in Settings or set ASSET_STUDIO_BASE_URL, ASSET_STUDIO_STORAGE_URL and the key variables.' };
  const key = active?.environment.id === environment.id ? active.key : environment.keys.find((k) => k.hasSecret);
  if (!key) return { error: `The environment "${environment.name}" has no key with a secret.` };
  return { environmentId: environment.id, keyId: key.id };
}

/**
 * Settled for a command line: finished with the asset ready or unavailable, uncertain (the user decides), or
 * polling paused on a rejected key (a script must not hang until someone fixes the key).
 */
export const isSettled = settledForCommandLine;

export function waitSettled(engine: JobEngine, localId: string, signal: AbortSignal, onProgress?: (job: JobRecord) => void): Promise<JobRecord> {
  return new Promise((resolve, reject) => {
    const check = (job: JobRecord | undefined) => {
      if (!job || job.localId !== localId) return;
      onProgress?.(job);
      if (isSettled(job)) {
        off();
        resolve(job);
      }
    };
    const off = engine.onChange(check);
    signal.addEventListener(
      'abort',
      () => {
        off();
        reject(new Error('Interrupted.'));
      },
      { once: true },
    );
    check(engine.get(localId));
  });
}

/**
 * The job a command line names: by its local id, its upstream job id, or its
 * library asset id (`j_<local id>`), whichever was given.
 */
export function findJob(engine: Pick<JobEngine, 'get' | 'list' | 'byJobId'>, id: string): JobRecord | undefined {
  const byLocal = engine.get(id) ?? (id.startsWith('j_') ? engine.get(id.slice(2)) : undefined);
  if (byLocal) return byLocal;
  return engine.byJobId ? engine.byJobId(id) : engine.list({ includeHidden: true }).find((j) => j.jobId === id);
}

/** Why a settled job is not a usable result, or undefined when it is. */
export function failureOf(job: JobRecord): string | undefined {
  if (job.state === 'success') {
    if (!job.asset || job.asset.state === 'ready') return undefined;
    return job.asset.problem ?? 'The asset could not be downloaded.';
  }
  if (job.state === 'uncertain') return `${job.problem?.message ?? 'The outcome of the request is unknown.'} (local id ${job.localId}: resend or dismiss it in the app's history)`;
  if (job.polling?.state === 'key-rejected' && !isTerminal(job.state)) {
    return `Polling paused: ${job.polling.reason} The job keeps running upstream; once the key is fixed, "wait ${job.localId}" follows it again.`;
  }
  return job.problem?.message ?? `The job ended as ${job.state}.`;
}

const inSeconds = (iso: string | undefined, now: number) => (iso ? Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000)) : undefined);

/**
 * One line of `--wait` progress: the stage, the attempt and the reason, as
 * `running · job J · stage Texturing` or `success · asset retrying · attempt 2 · retrying in 3 s: the GLB header
 * declares 1000 bytes, 500 arrived.` A new line is printed whenever it changes.
 */
export function progressLine(job: JobRecord, now = Date.now()): string {
  const parts: string[] = [job.state];
  let reason: string | undefined;
  if (job.jobId) parts.push(`job ${job.jobId}`);
  const stage = job.fragments?.at(-1);
  if (stage && (job.state === 'pending' || job.state === 'running')) parts.push(`stage ${stage.displayName ?? stage.name}`);
  if (job.state === 'queued' && job.queue) {
    parts.push(job.queue.reason === 'cap' ? 'waiting for a free slot' : job.queue.reason);
    if (job.queue.attempts > 0) parts.push(`attempt ${job.queue.attempts + 1}`);
    const s = inSeconds(job.queue.retryAt, now);
    if (s !== undefined) parts.push(`sent again in ${s} s`);
    reason = job.problem?.message;
  }
  if (job.polling && !isTerminal(job.state)) {
    if (job.polling.state === 'key-rejected') parts.push('polling paused');
    else {
      parts.push(`status attempt ${job.polling.attempts + 1}`);
      const s = inSeconds(job.polling.retryAt, now);
      if (s !== undefined) parts.push(`retrying in ${s} s`);
    }
    reason = job.polling.reason;
  }
  if (job.state === 'success' && job.asset) {
    parts.push(`asset ${job.asset.state}`);
    if (job.asset.attempts > 0 && job.asset.state !== 'ready') parts.push(`attempt ${job.asset.attempts}`);
    const s = job.asset.state === 'retrying' ? inSeconds(job.asset.nextAttemptAt, now) : undefined;
    if (s !== undefined) parts.push(`retrying in ${s} s`);
    if (job.asset.state !== 'ready') reason = job.asset.problem;
  }
  if ((job.state === 'error' || job.state === 'rejected' || job.state === 'uncertain') && job.problem) reason = job.problem.message;
  return `${parts.join(' · ')}${reason ? `: ${reason}` : ''}`;
}

/** What a command writes to. */
export interface CliOut {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/**
 * The end of `generate --wait`, `wait` and `track --wait`: export the asset when asked (and the job is usable),
 * print the record (a line, or JSON with `exportedTo`), and say why it failed on stderr. Returns the exit code.
 */
export async function finishAndPrint(
  io: CliOut,
  services: { handlers: PartialHandlers; engine: JobEngine },
  job: JobRecord,
  options: { out?: string; json: boolean; waited: boolean },
): Promise<0 | 1> {
  const failure = options.waited ? failureOf(job) : undefined;
  let exported: string | undefined;
  if (!failure && options.out) {
    const res = await exportTo(services.handlers, services.engine, job, options.out);
    if (!res.ok) {
      io.stderr.write(`Export failed: ${res.message}\n`);
      return 1;
    }
    exported = res.file;
  }
  io.stdout.write(options.json ? `${JSON.stringify({ ...job, ...(exported ? { exportedTo: exported } : {}) })}\n` : `${describeLine(job)}${exported ? `\n${exported}` : ''}\n`);
  if (failure) {
    io.stderr.write(`${failure}\n`);
    return 1;
  }
  return 0;
}

/** Waits for the job, printing a progress line on stderr whenever its stage, attempt or reason changes (unless JSON was asked for). */
export function waitWithProgress(engine: JobEngine, localId: string, io: CliOut & { signal: AbortSignal }, options: { json: boolean; prefix?: string }): Promise<JobRecord> {
  let last = '';
  return waitSettled(engine, localId, io.signal, (j) => {
    if (options.json) return;
    const line = progressLine(j);
    if (line === last) return;
    last = line;
    io.stderr.write(`${options.prefix ?? ''}${line}\n`);
  });
}

/**
 * What `asset-studio jobs` reads from the whole history for one line's wait
 * reason: the time, the jobs active on the line's key, and whether the
 * process holding its download still runs (by its pid).
 */
export function waitFactsFor(job: JobRecord, all: readonly JobRecord[], now = Date.now()): WaitFacts {
  const runningOnKey =
    job.state === 'queued' && job.queue?.reason === 'cap'
      ? all.filter((j) => j.environmentId === job.environmentId && j.keyId === job.keyId && (j.state === 'pending' || j.state === 'running' || j.state === 'submitting')).length
      : undefined;
  const holder = job.asset?.holder;
  return { now, ...(runningOnKey !== undefined ? { runningOnKey } : {}), ...(holder !== undefined ? { holderAlive: pidAlive(holder) } : {}) };
}

/** One job as a line: local id, job id, kind, state, title, and why it waits when it does (`facts`: see waitFactsFor). */
export function describeLine(job: JobRecord, facts?: WaitFacts): string {
  const what = job.title || job.prompt || ENDPOINTS[job.kind].label;
  const reason = facts ? waitReason(job, facts) : undefined;
  const state =
    job.state === 'success' && job.asset && job.asset.state !== 'ready'
      ? `success (asset ${job.asset.state})`
      : job.polling?.state === 'key-rejected' && !isTerminal(job.state)
        ? `${job.state} (polling paused: key rejected)`
        : job.state;
  return `${job.localId}  ${job.jobId ?? '-'}  ${job.kind}  ${state}  ${what.replace(/\s+/g, ' ').slice(0, 60)}${reason ? `  (${reason})` : ''}`;
}

/** Exports with the export service when it is there; otherwise a plain copy with a safe file name. */
export async function exportTo(handlers: PartialHandlers, engine: JobEngine, job: JobRecord, outDir: string): Promise<{ ok: true; file: string } | { ok: false; message: string }> {
  const source = engine.assetPath(job.localId);
  if (!source) return { ok: false, message: 'The job has no verified asset to export.' };
  const abs = path.resolve(outDir);
  await fs.mkdir(abs, { recursive: true });
  const addFolder = handlers['export:addFolder'];
  const run = handlers['export:run'];
  if (addFolder && run) {
    const folder = await addFolder({ path: abs }, ctx);
    if (folder.ok) {
      const report = await run({ localIds: [job.localId], folderId: folder.value.id }, ctx);
      const item = report.ok ? report.value.items[0] : undefined;
      if (item?.ok && item.path) return { ok: true, file: item.path };
      return { ok: false, message: item?.message ?? (report.ok ? 'The export failed.' : report.problem.message) };
    }
  }
  const safe = `${job.kind}-${(job.jobId ?? job.localId).replace(/[^A-Za-z0-9_-]/g, '_')}${path.extname(source)}`;
  const target = path.join(abs, safe);
  await fs.copyFile(source, target);
  return { ok: true, file: target };
}
