/**
 * Follows the library's change log (`library_changes`, appended by triggers
 * in whichever process wrote) and reports the ids changed since the last
 * look: on a timer, for changes made by other processes on the same data
 * folder, and at once after this process's own writes.
 */
import type { Database } from '../store/database';

/** More ids than this in one report are not named: the report says "reload" (an empty list). */
export const MAX_NAMED_CHANGES = 1000;
/** The log keeps at least this many latest changes for slower readers. */
const KEEP_CHANGES = 100_000;

export interface ChangeFollower {
  /** Reads what changed since the last look and reports it; answers the ids (empty when none, or too many to name). */
  poll(): string[] | undefined;
  stop(): void;
}

/** Ids changed, in order of first change, or `[]` when more than `max` (too many to name). */
export function changedIds(rows: readonly { asset_id: string }[], max = MAX_NAMED_CHANGES): string[] {
  const ids = [...new Set(rows.map((r) => r.asset_id))];
  return ids.length > max ? [] : ids;
}

export function followChanges(db: Database, onChanged: (ids: string[]) => void, options: { intervalMs?: number; onTick?: () => void } = {}): ChangeFollower {
  const maxSeq = db.prepare('SELECT coalesce(max(seq), 0) AS seq FROM library_changes');
  const since = db.prepare('SELECT seq, asset_id FROM library_changes WHERE seq > ? ORDER BY seq');
  const trim = db.prepare('DELETE FROM library_changes WHERE seq < ?');
  let last = (maxSeq.get() as { seq: number }).seq;
  let polls = 0;
  const poll = (): string[] | undefined => {
    const rows = since.all(last) as { seq: number; asset_id: string }[];
    if (rows.length === 0) return undefined;
    last = rows.at(-1)!.seq;
    if (++polls % 100 === 0 && last > KEEP_CHANGES) trim.run(last - KEEP_CHANGES);
    const ids = changedIds(rows);
    onChanged(ids);
    return ids;
  };
  const timer = setInterval(() => {
    try {
      options.onTick?.();
      poll();
    } catch {
      // A busy or closing database: the next tick reads what this one missed.
    }
  }, options.intervalMs ?? 1000);
  timer.unref();
  return { poll, stop: () => clearInterval(timer) };
}
