/**
 * Readiness stored per asset and project folder, so filtering by it never
 * opens a model: each model's figures are measured once (on a checking
 * thread, as the export check measures them) when it is downloaded or
 * brought in, and its verdict against every project folder's budget is
 * worked out from them (a pure function) then, and again whenever a folder
 * or its budget changes.
 */
import type { CheckLine, ModelFigures } from '../../../shared/domain/readiness';
import { checkReadiness, presetBudget, type Budget, type GeometryCompression } from '../../../shared/domain/readiness';
import type { ReadinessVerdict } from '../../../shared/domain/library';
import { DEFAULT_EXPORT_OPTIONS } from '../../../shared/ipc';
import { checkPool } from '../guard/check-pool';
import { transaction, type Database } from '../store/database';

/** A project folder's budget, as the export check uses it. */
export interface FolderBudget {
  id: string;
  budget: Budget;
  compression: GeometryCompression;
}

/** Ready: every line passes (or only warns); fixable: every failing line has a fix; blocked: a failing line has none. */
export function verdictOf(lines: readonly CheckLine[]): ReadinessVerdict {
  const failing = lines.filter((l) => l.status === 'fail');
  if (failing.length === 0) return 'ready';
  return failing.every((l) => l.fix) ? 'fixable' : 'blocked';
}

export function verdictFor(figures: ModelFigures, folder: FolderBudget): ReadinessVerdict {
  return verdictOf(checkReadiness(figures, folder.budget, folder.compression));
}

/** What `figures` holds for a model that cannot be measured (not a GLB, gone, refused): never tried again. */
export const UNMEASURED = '"unmeasured"';

/** Measures a GLB's figures in a checking process, or undefined when it cannot be read. */
export async function measureFigures(file: string, validation?: { errors: number; warnings: number }): Promise<ModelFigures | undefined> {
  const answer = await checkPool().run({
    kind: 'check-model',
    file,
    options: { ...DEFAULT_EXPORT_OPTIONS },
    budget: presetBudget('plain', 'desktop'),
    compression: 'none',
    ...(validation ? { validation } : {}),
  });
  return 'ok' in answer ? (answer.value as { figures: ModelFigures }).figures : undefined;
}

export interface ReadinessDeps {
  db: Database;
  /** The asset's model file, by library id or local id. */
  modelPath(id: string): string | undefined;
  folders(): Promise<FolderBudget[]>;
  measure?: typeof measureFigures;
}

/** Models downloaded or brought in that have no figures yet (GLBs only: the check reads GLB). */
const PENDING = `SELECT n, id, local_id AS localId FROM library_assets WHERE media_kind = 'model' AND asset_ready = 1 AND figures IS NULL AND (format IS NULL OR format = 'glb') LIMIT ?`;

export class ReadinessKeeper {
  constructor(private readonly deps: ReadinessDeps) {}

  /** Writes the verdicts of the assets `ns` (all measured ones when absent) against `folders`, replacing what was stored. */
  private store(folders: readonly FolderBudget[], ns?: readonly number[]): number {
    const db = this.deps.db;
    const rows = (
      ns
        ? db.prepare(`SELECT n, figures FROM library_assets WHERE n IN (SELECT value FROM json_each(?)) AND figures IS NOT NULL AND figures <> '${UNMEASURED}'`).all(JSON.stringify(ns))
        : db.prepare(`SELECT n, figures FROM library_assets WHERE figures IS NOT NULL AND figures <> '${UNMEASURED}'`).all()
    ) as { n: number; figures: string }[];
    return transaction(db, () => {
      const put = db.prepare('INSERT OR REPLACE INTO library_readiness (asset_n, folder_id, verdict) VALUES (?, ?, ?)');
      if (!ns) db.prepare('DELETE FROM library_readiness WHERE folder_id NOT IN (SELECT value FROM json_each(?))').run(JSON.stringify(folders.map((f) => f.id)));
      let written = 0;
      for (const row of rows) {
        const figures = JSON.parse(row.figures) as ModelFigures;
        for (const folder of folders) written += Number(put.run(row.n, folder.id, verdictFor(figures, folder)).changes);
      }
      return written;
    });
  }

  /** Measures up to `limit` models still without figures and stores their verdicts; answers how many were measured. */
  async measurePending(limit = 20): Promise<number> {
    const db = this.deps.db;
    const pending = db.prepare(PENDING).all(limit) as { n: number; id: string; localId: string | null }[];
    if (pending.length === 0) return 0;
    const measure = this.deps.measure ?? measureFigures;
    const results: [number, string][] = [];
    for (const asset of pending) {
      const file = this.deps.modelPath(asset.localId ?? asset.id);
      const figures = file ? await measure(file).catch(() => undefined) : undefined;
      results.push([asset.n, figures ? JSON.stringify(figures) : UNMEASURED]);
    }
    transaction(db, () => {
      const put = db.prepare('UPDATE library_assets SET figures = ? WHERE n = ?');
      for (const [n, figures] of results) put.run(figures, n);
    });
    const done = results.filter(([, f]) => f !== UNMEASURED).map(([n]) => n);
    if (done.length) this.store(await this.deps.folders(), done);
    return pending.length;
  }

  /** Every stored verdict worked out again (a folder added, removed, or its budget changed). */
  async foldersChanged(): Promise<number> {
    return this.store(await this.deps.folders());
  }
}
