/**
 * Exports finished jobs into a project folder: the original GLB (or a
 * transformed copy) for models, the PNG for images and skyboxes, and an
 * optional provenance sidecar. Writes are atomic (temp file in the target
 * directory, then rename); an existing file is replaced only when it is the
 * earlier version of the same asset lineage, otherwise a numbered name is used.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, link, mkdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, posix, resolve } from 'node:path';
import type { JobRecord } from '../../../shared/domain/job';
import { DEFAULT_EXPORT_OPTIONS, type ExportItemResult, type ExportOptions } from '../../../shared/ipc';
import type { JobEngine } from '../jobs/engine-api';
import { isInside } from './browse';
import type { ExportRecord, ExportStore, StoredFolder } from './export-store';
import { numbered, renderTemplate, safeBaseName, safeSubfolder } from './file-name';
import { lineageKey } from './lineage';
import { isIdentity, transformGlb } from './model-transform';

export interface ExportContext {
  engine: JobEngine;
  store: ExportStore;
  now: () => Date;
}

export class FolderProblem extends Error {}

/** Checks the folder is there and writable; a clear sentence when not. Nothing is written. */
export async function checkFolder(folderPath: string): Promise<string | undefined> {
  try {
    const s = await stat(folderPath);
    if (!s.isDirectory()) return `The project folder ${folderPath} is not a folder any more. Choose it again in Settings.`;
  } catch {
    return `The project folder ${folderPath} is missing (moved, renamed, or on a drive that is not connected). Nothing was exported; reconnect it or choose another folder.`;
  }
  try {
    await access(folderPath, constants.W_OK);
  } catch {
    return `Asset Studio cannot write to ${folderPath} (permissions or a read-only drive). Nothing was exported; fix the permissions or choose another folder.`;
  }
  return undefined;
}

export async function exportJobs(
  ctx: ExportContext,
  folder: StoredFolder,
  localIds: string[],
  requested: Partial<ExportOptions>,
): Promise<ExportItemResult[]> {
  const options: ExportOptions = { ...DEFAULT_EXPORT_OPTIONS, ...requested };
  const folderProblem = await checkFolder(folder.path);
  if (folderProblem) return localIds.map((localId) => ({ localId, ok: false, message: folderProblem }));
  const root = await realpath(folder.path);
  const all = ctx.engine.list({ includeHidden: true });
  /** Paths written in this run: two items never share one. */
  const claimed = new Set<string>();
  const results: ExportItemResult[] = [];
  for (const localId of localIds) {
    try {
      results.push(await exportOne(ctx, folder, root, localId, all, options, claimed));
    } catch (err) {
      results.push({ localId, ok: false, message: describeWriteError(err, folder.path) });
    }
  }
  return results;
}

async function exportOne(
  ctx: ExportContext,
  folder: StoredFolder,
  root: string,
  localId: string,
  all: JobRecord[],
  options: ExportOptions,
  claimed: Set<string>,
): Promise<ExportItemResult> {
  const job = ctx.engine.get(localId);
  if (!job) return { localId, ok: false, message: 'That job is not in the history any more.' };
  const source = ctx.engine.assetPath(localId);
  if (job.state !== 'success' || job.asset?.state !== 'ready' || !source) {
    return { localId, ok: false, message: `"${job.title || job.prompt || job.kind}" has no finished asset to export yet.` };
  }
  const format = job.asset.format;
  const key = lineageKey(job, all);
  const earlier = ctx.store.latestOfLineage(folder.id, key);

  let relativePath: string;
  let inPlace = false;
  if (earlier && !claimed.has(earlier.relativePath) && earlier.relativePath.endsWith(`.${format}`)) {
    relativePath = earlier.relativePath;
    inPlace = true;
  } else {
    const sub = safeSubfolder(folder.subfolder ?? '');
    const base = safeBaseName(
      renderTemplate(options.template, { prompt: job.prompt ?? job.title, kind: job.kind, createdAt: job.createdAt, jobId: job.jobId ?? job.localId }),
    );
    relativePath = await freeName(root, sub, base, format, claimed);
  }
  const target = resolve(root, ...relativePath.split('/'));
  if (!isInside(root, target) || target === root) {
    return { localId, ok: false, message: 'The file name would leave the project folder, so nothing was written.' };
  }
  const dir = dirname(target);
  await mkdir(dir, { recursive: true });
  // A symlinked subfolder must not lead outside the project either.
  if (!isInside(root, await realpath(dir))) {
    return { localId, ok: false, message: 'The export subfolder links outside the project folder, so nothing was written.' };
  }
  claimed.add(relativePath);

  const original = await readFile(source);
  const bytes = format === 'glb' && !isIdentity(options) ? await transformGlb(original, options) : original;
  const existedBefore = await exists(target);
  await writeAtomic(target, bytes, inPlace);

  let sidecarPath: string | undefined;
  if (options.sidecar) {
    sidecarPath = join(dir, `${basename(target).slice(0, -(format.length + 1))}.asset.json`);
    const sidecar = buildSidecar(job, basename(target), options, ctx.now());
    await writeAtomic(sidecarPath, Buffer.from(`${JSON.stringify(sidecar, null, 2)}\n`, 'utf8'), true);
  }

  const record: ExportRecord = { localId, jobId: job.jobId, lineageKey: key, folderId: folder.id, relativePath, exportedAt: ctx.now().toISOString() };
  ctx.store.addRecord(record);
  return { localId, ok: true, path: target, relativePath, replacedInPlace: inPlace && existedBefore, sidecarPath };
}

/** `sub/base.ext`, or `sub/base-2.ext` and so on when that file exists or was taken in this run. */
async function freeName(root: string, sub: string, base: string, format: string, claimed: Set<string>): Promise<string> {
  for (let n = 1; n < 10_000; n++) {
    const name = `${numbered(base, n)}.${format}`;
    const rel = sub ? posix.join(sub, name) : name;
    if (claimed.has(rel)) continue;
    if (await exists(resolve(root, ...rel.split('/')))) continue;
    return rel;
  }
  throw new Error('No free file name');
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Temp file beside the target, then: `rename` when replacing is intended;
 * otherwise `link` (fails if the name was taken meanwhile, so nothing is
 * overwritten), falling back to a checked rename on file systems without links.
 */
async function writeAtomic(target: string, bytes: Uint8Array, replace: boolean): Promise<void> {
  const temp = join(dirname(target), `.${randomBytes(6).toString('hex')}.asset-studio.tmp`);
  await writeFile(temp, bytes, { mode: 0o644 });
  try {
    if (replace) {
      await rename(temp, target);
      return;
    }
    try {
      await link(temp, target);
      await rm(temp, { force: true });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new FolderProblem(`${basename(target)} appeared while exporting; export again to get a new name.`);
      if (await exists(target)) throw new FolderProblem(`${basename(target)} already exists; export again to get a new name.`);
      await rename(temp, target);
    }
  } finally {
    await rm(temp, { force: true });
  }
}

function describeWriteError(err: unknown, folderPath: string): string {
  if (err instanceof FolderProblem) return err.message;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return `Asset Studio cannot write to ${folderPath} (permissions or a read-only drive). Nothing was lost.`;
  if (code === 'ENOSPC') return `The drive holding ${folderPath} is full. Nothing was lost.`;
  if (code === 'ENOENT') return `The project folder ${folderPath} or the cached asset went missing while exporting. Nothing was lost.`;
  return 'The export failed while writing the file. Nothing was lost; the details are in the log.';
}

/** Provenance beside the file. Never credentials: only ids, names, request fields and stats. */
export function buildSidecar(job: JobRecord, fileName: string, options: ExportOptions, now: Date): Record<string, unknown> {
  return {
    generator: 'Asset Studio',
    sidecarVersion: 1,
    file: fileName,
    kind: job.kind,
    title: job.title || undefined,
    prompt: job.prompt,
    request: publicRequest(job.request),
    genParams: job.genParams,
    jobId: job.jobId,
    parentJobId: job.parentJobId,
    environment: job.environmentName,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    exportedAt: now.toISOString(),
    exportOptions: { upAxis: options.upAxis, scale: options.scale, pivotAtBase: options.pivotAtBase },
    stats: job.asset?.stats ?? job.asset?.image,
    validation: job.asset?.validation ? { errors: job.asset.validation.errors, warnings: job.asset.validation.warnings } : undefined,
  };
}

/** Request fields without local paths (file fields keep name, size, type and hash). */
function publicRequest(request: Record<string, unknown>): Record<string, unknown> {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (value && typeof value === 'object') {
      const obj = value as Record<string, unknown>;
      if (typeof obj.sha256 === 'string' && typeof obj.path === 'string') {
        return { name: obj.name, size: obj.size, mime: obj.mime, sha256: obj.sha256 };
      }
      return Object.fromEntries(Object.entries(obj).filter(([k]) => !/secret|token|password/i.test(k)).map(([k, v]) => [k, visit(v)]));
    }
    return value;
  };
  return visit(request) as Record<string, unknown>;
}

/** Path of the newest export of a job, for "Reveal in folder". */
export function lastExportPath(store: ExportStore, localId: string): string | undefined {
  const records = store.records({ localId }).sort((a, b) => (a.exportedAt < b.exportedAt ? 1 : -1));
  for (const r of records) {
    const folder = store.folder(r.folderId);
    if (folder) return resolve(folder.path, ...r.relativePath.split('/'));
  }
  return undefined;
}
