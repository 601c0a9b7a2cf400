/**
 * Temporary files a batch leaves in its output folder when its process is
 * killed mid-write: the reports' `.batch-report.csv.<hex>.tmp` (atomic
 * writes) and an asset's `.<name>.<pid>.tmp` (copied, then linked under its
 * name). The next report written into the folder clears them. Only ones old
 * enough that no live writer can still be using them go: the app and the CLI
 * may write the same batch's reports at once, and a write takes seconds.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** A writer finishes its temporary file within seconds; ten minutes leaves a wide margin under load. */
export const LEFTOVER_AFTER_MS = 10 * 60_000;

const REPORT_TEMP = /^\.batch-report\.(csv|json|html)\.[0-9a-f]{12}\.tmp$/;
/** `.<asset file name with its extension>.<pid>.tmp`, as exportJob in output.ts names its copy. */
const ASSET_TEMP = /^\..+\.(glb|gltf|obj|stl|fbx|usdz|png|jpe?g|webp|hdr|exr|zip|mp4|webm|gif)\.\d+\.tmp$/i;

/** Whether a file in a batch's output folder is a writer's temporary file that was left behind. */
export function isLeftoverTemp(name: string, modifiedMs: number, nowMs: number): boolean {
  if (!REPORT_TEMP.test(name) && !ASSET_TEMP.test(name)) return false;
  return nowMs - modifiedMs >= LEFTOVER_AFTER_MS;
}

/** Removes the leftovers in `outDir` (not below it); answers their names. Unreadable entries are passed over. */
export async function sweepLeftoverTemps(outDir: string, nowMs = Date.now()): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(outDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.endsWith('.tmp') || !name.startsWith('.')) continue;
    const file = path.join(outDir, name);
    try {
      const stat = await fs.lstat(file);
      if (!stat.isFile() || !isLeftoverTemp(name, stat.mtimeMs, nowMs)) continue;
      await fs.rm(file, { force: true });
      removed.push(name);
    } catch {
      // Gone already (another sweep) or unreadable: nothing to do.
    }
  }
  return removed;
}
