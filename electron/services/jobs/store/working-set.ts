/**
 * Which records the engine works on, and so keeps in memory: the rest of the
 * history (finished, downloaded, dismissed) stays in the database and is read
 * when asked for, so a history of 100,000 jobs costs no memory at start.
 */
import type { JobRecord } from '../../../../shared/domain/job';

/** A successful job whose asset still has to be fetched (or is being fetched). */
export function awaitsDownload(rec: JobRecord): boolean {
  return rec.state === 'success' && (!rec.asset || rec.asset.state === 'downloading' || rec.asset.state === 'retrying' || rec.asset.state === 'none');
}

/** Waiting to be sent, being sent, followed upstream, or with an asset still to download. */
export function needsWork(rec: JobRecord): boolean {
  return rec.state === 'queued' || rec.state === 'submitting' || rec.state === 'pending' || rec.state === 'running' || awaitsDownload(rec);
}

/**
 * The same rule over the jobs table's generated columns (see schema.ts), for
 * the load at start. Written as equality lookups on the (state, asset_state)
 * index: with an OR on asset_state, SQLite walked every successful job (1.5 s
 * at 100,000 records, against milliseconds).
 */
export const NEEDS_WORK_QUERY = `SELECT record FROM jobs WHERE state IN ('queued', 'submitting', 'pending', 'running')
  UNION ALL SELECT record FROM jobs WHERE state = 'success' AND asset_state IN ('downloading', 'retrying', 'none')
  UNION ALL SELECT record FROM jobs WHERE state = 'success' AND asset_state IS NULL`;
