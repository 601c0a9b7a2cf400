/**
 * What the job commands of the CLI share: choosing the environment, waiting
 * for a job to settle (uncertain included, which `waitFor` deliberately does
 * not treat as an end), exporting the asset to a folder, and one-line
 * descriptions of a record.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { ENDPOINTS } from '../../../shared/api';
import { isTerminal, type JobRecord } from '../../../shared/domain/job';
import type { HandlerContext, PartialHandlers } from '../contracts';
import type { EnvironmentRegistry } from '../contracts';
import type { JobEngine } from './engine-api';

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

/** Settled for a command line: finished with the asset ready or unavailable, or uncertain (the user decides). */
export function isSettled(job: JobRecord): boolean {
  if (job.state === 'uncertain') return true;
  return isTerminal(job.state) && (job.state !== 'success' || !job.asset || job.asset.state === 'ready' || job.asset.state === 'unavailable');
}

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

/** Why a settled job is not a usable result, or undefined when it is. */
export function failureOf(job: JobRecord): string | undefined {
  if (job.state === 'success') {
    if (!job.asset || job.asset.state === 'ready') return undefined;
    return job.asset.problem ?? 'The asset could not be downloaded.';
  }
  if (job.state === 'uncertain') return `${job.problem?.message ?? 'The outcome of the request is unknown.'} (local id ${job.localId}: resend or dismiss it in the app's history)`;
  return job.problem?.message ?? `The job ended as ${job.state}.`;
}

export function describeLine(job: JobRecord): string {
  const what = job.title || job.prompt || ENDPOINTS[job.kind].label;
  const state = job.state === 'success' && job.asset && job.asset.state !== 'ready' ? `success (asset ${job.asset.state})` : job.state;
  return `${job.localId}  ${job.jobId ?? '-'}  ${job.kind}  ${state}  ${what.replace(/\s+/g, ' ').slice(0, 60)}`;
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
