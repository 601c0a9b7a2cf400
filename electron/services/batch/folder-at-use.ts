/**
 * A batch's output folder is judged again every time something is written
 * into it (a finished row's asset, the reports), like a project folder at
 * export: it was stored by its real path when the batch started, so a folder
 * replaced by a link since then (to anywhere, in any shell; or, from the
 * browser shell, one that left the allowed folders) is refused, and nothing is
 * written through it. Folders below it (a project's export subfolder) are
 * created one level at a time, each checked before the next is made inside it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { isWithin, storedFolderAtUse } from '../allowed-roots';
import type { StoredBatch } from './store';

export interface FolderAtUseDeps {
  dataDir: string;
  /** The browser shell's home folder (its allowed folders); defaults to os.homedir() in the gate. */
  homeDir?: string;
}

const WORDS = { folder: 'output folder', when: 'the batch started', remedy: 'start the batch again with the folder you want' } as const;

/** Why nothing may be written into the batch's folder now, or undefined when it may (`dir` defaults to where its assets go). */
export async function batchFolderRefusal(batch: Pick<StoredBatch, 'realOutDir' | 'outDir' | 'assetDir' | 'shell'>, deps: FolderAtUseDeps, dir = batch.assetDir ?? batch.outDir): Promise<string | undefined> {
  const root = batch.realOutDir;
  // Batches started before real paths were kept: judged by the folder as given.
  if (!root || !dir) return undefined;
  const ctx = { shell: batch.shell ?? 'cli' } as const;
  const moved = await storedFolderAtUse(root, ctx, deps.dataDir, deps.homeDir, WORDS);
  if (moved) return moved;
  try {
    await fs.access(root);
  } catch {
    return `The output folder ${root} is gone: nothing was written there. Start the batch again with a folder that exists.`;
  }
  // `dir` is under the real root, or under the folder as the user typed it (a link above it is resolved in root).
  const wanted = path.resolve(dir);
  const given = batch.outDir ? path.resolve(batch.outDir) : root;
  const base = isWithin(root, wanted) ? root : isWithin(given, wanted) ? given : undefined;
  if (!base) return `The folder ${dir} is not inside the batch's output folder ${root}: nothing was written there.`;
  const target = path.join(root, path.relative(base, wanted));
  // Down from the checked root, one level at a time: each level exists as a real folder before the next is made in it.
  let at = root;
  for (const part of path.relative(root, target).split(path.sep).filter(Boolean)) {
    at = path.join(at, part);
    try {
      await fs.mkdir(at);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return `The folder ${at} could not be made: ${(err as NodeJS.ErrnoException).code ?? 'it cannot be written'}. Nothing was written there.`;
    }
    const inner = await storedFolderAtUse(at, ctx, deps.dataDir, deps.homeDir, WORDS);
    if (inner) return inner;
  }
  return undefined;
}

/** The real path of a batch's output folder when it starts, kept to judge it again at every write. */
export async function realFolder(dir: string): Promise<string | undefined> {
  try {
    return await fs.realpath(dir);
  } catch {
    return undefined;
  }
}
