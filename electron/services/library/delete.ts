/**
 * Deleting assets: the row (its tags, notes, collections and export records
 * go with it), its files in the data folder (a generated asset's cache
 * folder; a file brought in's stored copy, unless another asset holds the
 * same content, and its thumbnail) and, for a generated asset, its job record
 * (the user confirmed in the window: a deleted asset leaves the history).
 * Files exported to project folders are never touched. Rows go first, then
 * files: a stop half-way leaves files without a row, never a row without files.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { transaction, type Database } from '../store/database';
import type { BlobStore } from './blobs';

/** Bytes of a file, or of everything under a folder (0 when missing). */
export async function sizeOf(p: string): Promise<number> {
  let stat;
  try {
    stat = await fsp.lstat(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const name of await fsp.readdir(p).catch(() => [] as string[])) total += await sizeOf(path.join(p, name));
  return total;
}

interface DeletedRow {
  id: string;
  source: 'generated' | 'imported';
  localId: string | null;
  sha256: string | null;
  format: string | null;
}

export interface DeleteDeps {
  db: Database;
  blobs: BlobStore;
  /** A generated asset's cache folder (the job engine's `assets/<localId>/`), when it has one. */
  cacheFolder(localId: string): string | undefined;
  /** Hides the job from the history first, so every window's history lets it go at once (the engine's Remove). */
  hideJobs?(localIds: string[]): Promise<unknown>;
}

/** Why a generated asset cannot be deleted now (its job is still being worked on), or undefined. */
export const STILL_WORKING = `state NOT IN ('success', 'error', 'rejected', 'dismissed') OR coalesce(json_extract(record, '$.asset.state'), 'none') IN ('downloading', 'retrying')`;

export async function deleteAssets(deps: DeleteDeps, ids: readonly string[]): Promise<{ deleted: number; freedBytes: number; busy: string[] }> {
  const rows = deps.db
    .prepare('SELECT id, source, local_id AS localId, sha256, format FROM library_assets WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(ids)) as unknown as DeletedRow[];
  const busyCheck = deps.db.prepare(`SELECT 1 FROM jobs WHERE local_id = ? AND (${STILL_WORKING})`);
  const busy = rows.filter((r) => r.localId && busyCheck.get(r.localId)).map((r) => r.id);
  const going = rows.filter((r) => !busy.includes(r.id));
  const localIds = going.flatMap((r) => (r.localId ? [r.localId] : []));
  if (localIds.length) await deps.hideJobs?.(localIds);
  const folders = new Map(localIds.map((id) => [id, deps.cacheFolder(id)]));
  // Blobs kept by nothing once these rows are gone.
  const orphanBlobs = transaction(deps.db, () => {
    const del = deps.db.prepare('DELETE FROM library_assets WHERE id = ?');
    const delJob = deps.db.prepare('DELETE FROM jobs WHERE local_id = ?');
    const delClaims = deps.db.prepare('DELETE FROM work_claims WHERE local_id = ?');
    for (const r of going) {
      if (r.localId) {
        delClaims.run(r.localId);
        delJob.run(r.localId);
      }
      del.run(r.id);
    }
    const shas = [...new Set(going.filter((r) => r.source === 'imported' && r.sha256).map((r) => r.sha256!))];
    const stillUsed = deps.db.prepare("SELECT 1 FROM library_assets WHERE sha256 = ? AND source = 'imported'");
    const orphans = shas.filter((sha) => !stillUsed.get(sha));
    const ext = deps.db.prepare('SELECT ext FROM library_blobs WHERE sha256 = ?');
    const delBlob = deps.db.prepare('DELETE FROM library_blobs WHERE sha256 = ?');
    return orphans.flatMap((sha) => {
      const row = ext.get(sha) as { ext: string } | undefined;
      delBlob.run(sha);
      return row ? [deps.blobs.blobPath(sha, row.ext)] : [];
    });
  });
  let freedBytes = 0;
  for (const file of orphanBlobs) freedBytes += await deps.blobs.remove(file);
  for (const r of going) {
    if (r.source === 'imported') freedBytes += await deps.blobs.remove(deps.blobs.thumbnailPath(r.id));
    const folder = r.localId ? folders.get(r.localId) : undefined;
    if (folder) {
      freedBytes += await sizeOf(folder);
      await fsp.rm(folder, { recursive: true, force: true });
    }
  }
  return { deleted: going.length, freedBytes, busy };
}
