/**
 * Temp files a killed export left in a project folder. An export writes
 * `.<hex>.<pid>.asset-studio.tmp` beside its target and renames or links it
 * into place; a kill in between leaves it in the user's game-engine project,
 * where the engine's importer may even pick it up. Before writing into a
 * folder the exporter removes the ones whose writer is gone (once per folder
 * per run). Files from versions that wrote no pid (`.<hex>.asset-studio.tmp`)
 * go once they are an hour old: no export takes that long to write a file.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pidAlive } from '../pid-alive';

const WITH_PID = /^\.[0-9a-f]{12}\.(\d+)\.asset-studio\.tmp$/;
const WITHOUT_PID = /^\.[0-9a-f]{12}\.asset-studio\.tmp$/;
const NO_PID_STALE_AFTER_MS = 60 * 60_000;

export function exportTempName(hex: string, pid: number = process.pid): string {
  return `.${hex}.${pid}.asset-studio.tmp`;
}

export interface TempFacts {
  name: string;
  ageMs: number;
  alive: (pid: number) => boolean;
  self?: number;
}

/** Whether a file in a project folder is an export's temp file whose writer is no longer running. */
export function isStaleExportTemp({ name, ageMs, alive, self = process.pid }: TempFacts): boolean {
  const m = WITH_PID.exec(name);
  if (m) {
    const pid = Number(m[1]);
    // Ours (or a dead writer's pid now reused by us): another export of this process may be writing it.
    return pid !== self && !alive(pid);
  }
  return WITHOUT_PID.test(name) && ageMs > NO_PID_STALE_AFTER_MS;
}

const swept = new Set<string>();

/** Removes the stale export temp files of `dir`, the first time this process writes there. Never throws. */
export async function sweepExportTemp(dir: string, alive: (pid: number) => boolean = pidAlive): Promise<string[]> {
  if (swept.has(dir)) return [];
  swept.add(dir);
  const removed: string[] = [];
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.asset-studio.tmp'));
  } catch {
    return removed;
  }
  for (const name of names) {
    const file = join(dir, name);
    try {
      const ageMs = Date.now() - (await stat(file)).mtimeMs;
      if (!isStaleExportTemp({ name, ageMs, alive })) continue;
      await rm(file, { force: true });
      removed.push(file);
    } catch {
      // Gone already, or not ours to fight over: the next run tries again.
    }
  }
  return removed;
}
