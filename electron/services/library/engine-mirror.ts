/**
 * A bridge while the job engine still keeps its records in the ledger
 * journal: every record it holds is written into the `jobs` table (with the
 * next `seq`), so the library's triggers see generated assets today. When the
 * engine writes `jobs` itself (the store's move from the journal to SQLite)
 * this file and its one call in electron/compose/ go; nothing else depends on it.
 */
import type { JobRecord } from '../../../shared/domain/job';
import type { JobEngine } from '../jobs/engine-api';
import { transaction, type Database } from '../store/database';

export function writeJobRows(db: Database, records: readonly JobRecord[]): void {
  if (records.length === 0) return;
  const nextSeq = db.prepare(`UPDATE store_meta SET value = value + 1 WHERE key = 'seq' RETURNING value`);
  const upsert = db.prepare('INSERT INTO jobs (local_id, record, seq) VALUES (?, ?, ?) ON CONFLICT (local_id) DO UPDATE SET record = excluded.record, seq = excluded.seq WHERE jobs.record IS NOT excluded.record');
  transaction(db, () => {
    for (const record of records) {
      const { value } = nextSeq.get() as { value: number };
      upsert.run(record.localId, JSON.stringify(record), value);
    }
  });
}

/** Mirrors the engine's records now (those whose `updatedAt` differs) and every change after, in batches. Returns the detach. */
export function mirrorEngineRecords(db: Database, engine: Pick<JobEngine, 'list' | 'onChange'>, onWritten: () => void): () => void {
  const known = new Map((db.prepare(`SELECT local_id, json_extract(record, '$.updatedAt') AS at FROM jobs`).all() as { local_id: string; at: string | null }[]).map((r) => [r.local_id, r.at]));
  writeJobRows(
    db,
    engine.list({ includeHidden: true }).filter((r) => known.get(r.localId) !== r.updatedAt),
  );
  onWritten();
  let pending = new Map<string, JobRecord>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const batch = [...pending.values()];
    pending = new Map();
    try {
      writeJobRows(db, batch);
      onWritten();
    } catch {
      // The database is busy or closing: the next change writes the record again.
    }
  };
  const off = engine.onChange((job) => {
    pending.set(job.localId, job);
    timer ??= setTimeout(flush, 50);
  });
  return () => {
    off();
    if (timer) {
      clearTimeout(timer);
      flush();
    }
  };
}
