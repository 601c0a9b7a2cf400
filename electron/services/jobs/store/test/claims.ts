/** Test helpers: a data folder's work claims as another process would see or leave them. */
import { openDatabase } from '../../../store/database';
import type { ClaimKind } from '../work-claims';

function withDb<T>(dataDir: string, fn: (db: ReturnType<typeof openDatabase>) => T): T {
  const db = openDatabase(dataDir);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** The holder's token ("<pid>.<hex>"), or undefined when nobody holds it. */
export function claimHolder(dataDir: string, localId: string, kind: ClaimKind): string | undefined {
  return withDb(dataDir, (db) => (db.prepare('SELECT token FROM work_claims WHERE local_id = ? AND kind = ?').get(localId, kind) as { token: string } | undefined)?.token);
}

/** Puts a claim as held by `pid` (a dead one, or another live process), start time unknown. */
export function holdClaimAs(dataDir: string, localId: string, kind: ClaimKind, pid: number): void {
  withDb(dataDir, (db) =>
    db
      .prepare('INSERT INTO work_claims (local_id, kind, token, pid, pid_started_at, claimed_at) VALUES (?, ?, ?, ?, NULL, 0) ON CONFLICT (local_id, kind) DO UPDATE SET token = excluded.token, pid = excluded.pid, pid_started_at = NULL')
      .run(localId, kind, `${pid}.beef00000000`, pid),
  );
}

export function dropClaim(dataDir: string, localId: string, kind: ClaimKind): void {
  withDb(dataDir, (db) => db.prepare('DELETE FROM work_claims WHERE local_id = ? AND kind = ?').run(localId, kind));
}
