/**
 * Every export recorded against its asset: which project folder, which
 * format, which fixes, which files, when, and the request that made it, so
 * Re-export repeats it exactly. Told by the export service after each
 * `export:run` (the window's, the CLI's, a batch's).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { ExportRun } from '../export';
import { transaction, type Database } from '../store/database';

export interface ExportRow {
  id: string;
  /** The job's local id, or the SHA-256 of the file exported (a dropped or imported model). */
  source: { localId: string } | { sha256: string };
  folderId: string;
  folderPath: string;
  format: string;
  fixes: string[];
  files: string[];
  /** `export:run` arguments to repeat it, without what names the source (the asset gives it again). */
  request: Omit<ExportRun['args'], 'localIds' | 'stagedFileIds'>;
  at: string;
}

/** The rows one run gives: one per item written (an item that failed wrote nothing to record). */
export function exportRowsOf(run: ExportRun, shaOfStaged: (stagedId: string) => string | undefined, newId: () => string = () => `x_${crypto.randomBytes(9).toString('base64url')}`): ExportRow[] {
  const { localIds: _l, stagedFileIds, ...request } = run.args;
  const staged = new Set(stagedFileIds ?? []);
  return run.report.items.flatMap((item) => {
    if (!item.ok || !item.path) return [];
    const sha256 = staged.has(item.localId) ? shaOfStaged(item.localId) : undefined;
    if (staged.has(item.localId) && !sha256) return [];
    const format = run.args.formats?.join('+') ?? run.args.format ?? (run.args.skyboxFaces ? 'cubemap' : path.extname(item.path).slice(1).toLowerCase());
    return [
      {
        id: newId(),
        source: sha256 ? { sha256 } : { localId: item.localId },
        folderId: run.folder.id,
        folderPath: run.folder.path,
        format,
        fixes: (item.fixes ?? []).map((f) => f.id),
        files: item.files?.length ? item.files : [item.path],
        request,
        at: run.at,
      },
    ];
  });
}

/** Writes the rows against their assets (a source the library does not hold is passed over); answers how many were recorded. */
export function recordExports(db: Database, rows: readonly ExportRow[]): number {
  if (rows.length === 0) return 0;
  const insert = db.prepare(
    `INSERT INTO library_exports (id, asset_n, folder_id, folder_path, format, fixes, files, request, at)
     SELECT ?, n, ?, ?, ?, ?, ?, ?, ? FROM library_assets WHERE n = (SELECT n FROM library_assets WHERE local_id = ? OR (? IS NOT NULL AND sha256 = ?) ORDER BY source DESC LIMIT 1)`,
  );
  return transaction(db, () => {
    let recorded = 0;
    for (const row of rows) {
      const localId = 'localId' in row.source ? row.source.localId : null;
      const sha256 = 'sha256' in row.source ? row.source.sha256 : null;
      recorded += Number(
        insert.run(row.id, row.folderId || null, row.folderPath, row.format, JSON.stringify(row.fixes), JSON.stringify(row.files), JSON.stringify(row.request), row.at, localId, sha256, sha256).changes,
      );
    }
    return recorded;
  });
}

export interface StoredExport {
  id: string;
  assetId: string;
  source: 'generated' | 'imported';
  localId: string | null;
  folderId: string | null;
  files: string[];
  request: ExportRow['request'] | null;
}

export function storedExport(db: Database, exportId: string): StoredExport | undefined {
  const row = db
    .prepare('SELECT e.id, a.id AS asset_id, a.source, a.local_id, e.folder_id, e.files, e.request FROM library_exports e JOIN library_assets a ON a.n = e.asset_n WHERE e.id = ?')
    .get(exportId) as { id: string; asset_id: string; source: StoredExport['source']; local_id: string | null; folder_id: string | null; files: string; request: string | null } | undefined;
  if (!row) return undefined;
  return {
    id: row.id,
    assetId: row.asset_id,
    source: row.source,
    localId: row.local_id,
    folderId: row.folder_id,
    files: JSON.parse(row.files) as string[],
    request: row.request ? (JSON.parse(row.request) as ExportRow['request']) : null,
  };
}
