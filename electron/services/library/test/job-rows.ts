/**
 * Test and bench helper: job records written into the `jobs` table as the
 * engine's store writes them (the whole record, the next `seq`), inside the
 * caller's transaction when there is one, so a seeder can add tags and
 * exports in the same one. The library's triggers make the assets.
 */
import type { JobRecord } from '../../../../shared/domain/job';
import { transaction, type Database } from '../../store/database';

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
