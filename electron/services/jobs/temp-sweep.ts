/**
 * Temp files a killed writer left in the asset cache. The downloader, the
 * thumbnail writer and the merge of a multi-part answer write
 * `.download.<pid>.<hex>.tmp`, `.thumbnail.<pid>.tmp` and `.merge.<pid>.tmp`
 * beside the final file and rename them into place; a kill -9 in between
 * leaves the temp file behind, and nothing would ever read or remove it.
 *
 * At start the engine removes the ones whose writer is gone. One whose pid
 * still runs is left alone: another process on the same data folder (the CLI
 * beside the app) may be writing it right now.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pidAlive } from '../pid-alive';

const TEMP_NAME = /^\.(?:download|thumbnail|merge)\.(\d+)(?:\.[0-9a-f]+)?\.tmp$/;

/** Whether a file of the cache is a writer's temp file whose writer is no longer running. */
export function isStaleTemp(name: string, alive: (pid: number) => boolean, self: number = process.pid): boolean {
  const m = TEMP_NAME.exec(name);
  if (!m) return false;
  const pid = Number(m[1]);
  // Ours (or a dead writer's pid now reused by us): another engine of this process may be writing it.
  if (pid === self) return false;
  return !alive(pid);
}

/** Removes every stale temp file under `assets/<localId>/`; returns the paths removed. Never throws. */
export async function sweepStaleTemp(assetsRoot: string, alive: (pid: number) => boolean = pidAlive): Promise<string[]> {
  const removed: string[] = [];
  let dirs: string[];
  try {
    dirs = await fsp.readdir(assetsRoot);
  } catch {
    return removed;
  }
  for (const dir of dirs) {
    let names: string[];
    try {
      names = await fsp.readdir(path.join(assetsRoot, dir));
    } catch {
      continue;
    }
    for (const name of names) {
      if (!isStaleTemp(name, alive)) continue;
      const file = path.join(assetsRoot, dir, name);
      try {
        await fsp.rm(file, { force: true });
        removed.push(file);
      } catch {
        // Not ours to fight over: the next start tries again.
      }
    }
  }
  return removed;
}
