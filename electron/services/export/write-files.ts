/**
 * Writing an export's files under the lineage rule: a file is
 * replaced only when it is ours (written by an earlier export of the same
 * asset lineage, as recorded); otherwise the whole set of files takes a new
 * numbered base name on which every one of them is free. Writes are atomic
 * (temp file in the target directory, then rename or link).
 */
import { randomBytes } from 'node:crypto';
import { link, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, posix, resolve } from 'node:path';
import { numbered } from './file-name';
import { isOurSidecar } from './sidecar';
import { exportTempName, sweepExportTemp } from './stale-temp';

export class FolderProblem extends Error {}

export const SIDECAR_SUFFIX = '.asset.json';

export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

export interface EarlierExport {
  relativePath: string;
  files?: string[];
}

/**
 * The earlier export's base (`sub/name` without the model's suffix) when every
 * file of this export may go there: each is free, or was written by that export.
 * Records from before `files` was kept own their model, and a sidecar whose content says it is ours.
 * `modelSuffix`: the suffix (or any of the suffixes) the earlier model may end with.
 */
export async function inPlaceBase(root: string, earlier: EarlierExport, modelSuffix: string | readonly string[], suffixes: readonly string[]): Promise<string | undefined> {
  // A model exported before in another format keeps its base: `NAME.gltf` then `NAME.obj`, not `NAME-2.obj`.
  const own = (typeof modelSuffix === 'string' ? [modelSuffix] : modelSuffix).find((s) => earlier.relativePath.endsWith(s));
  if (own === undefined) return undefined;
  const base = earlier.relativePath.slice(0, -own.length);
  const ours = new Set(earlier.files ?? [earlier.relativePath]);
  for (const suffix of suffixes) {
    const rel = base + suffix;
    if (ours.has(rel)) continue;
    const abs = resolve(root, ...rel.split('/'));
    if (!(await exists(abs))) continue;
    if (!earlier.files && suffix === SIDECAR_SUFFIX && isOurSidecar(await readFile(abs, 'utf8').catch(() => ''), basename(earlier.relativePath))) continue;
    return undefined;
  }
  return base;
}

/** `sub/base`, or `sub/base-2` and so on, on which no file of the set exists or was taken in this run. */
export async function freeBase(root: string, sub: string, base: string, suffixes: readonly string[], claimed: Set<string>): Promise<string> {
  for (let n = 1; n < 10_000; n++) {
    const name = numbered(base, n);
    const relBase = sub ? posix.join(sub, name) : name;
    let free = true;
    for (const suffix of suffixes) {
      const rel = relBase + suffix;
      if (claimed.has(rel) || (await exists(resolve(root, ...rel.split('/'))))) {
        free = false;
        break;
      }
    }
    if (free) return relBase;
  }
  throw new Error('No free file name');
}

/**
 * Temp file beside the target, then: `rename` when replacing is intended;
 * otherwise `link` (fails if the name was taken meanwhile, so nothing is
 * overwritten), falling back to a checked rename on file systems without links.
 */
export async function writeAtomic(target: string, bytes: Uint8Array, replace: boolean): Promise<void> {
  await sweepExportTemp(dirname(target));
  const temp = join(dirname(target), exportTempName(randomBytes(6).toString('hex')));
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

export function describeWriteError(err: unknown, folderPath: string): string {
  if (err instanceof FolderProblem) return err.message;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return `Asset Studio cannot write to ${folderPath} (permissions or a read-only drive). Nothing was lost.`;
  if (code === 'ENOSPC') return `The drive holding ${folderPath} is full. Nothing was lost.`;
  if (code === 'ENOENT') return `The project folder ${folderPath} or the cached asset went missing while exporting. Nothing was lost.`;
  return 'The export failed while writing the file. Nothing was lost; the details are in the log.';
}
