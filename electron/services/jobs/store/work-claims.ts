/**
 * Who may work on a record. The app and the CLI can run at the same time on
 * one data folder; each sends a queued submission only after claiming it
 * (`kind = 'send'`), and downloads a finished job's asset only while it holds
 * its download lease (`kind = 'download'`), so two processes never both send
 * or both download. A claim is a row of `work_claims` taken inside a write
 * transaction: the holder's engine token, pid and the pid's start time. It
 * lasts as long as the work (the send, or the download with its retries); one
 * left by a dead process is taken over, and swept at start once its record
 * needs nobody's work.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { transaction, type Database } from '../../store/database';
import { pidAlive } from '../../pid-alive';

export type ClaimKind = 'send' | 'download';

/**
 * When a process started (Linux: clock ticks since boot, field 22 of
 * /proc/<pid>/stat), so a pid the system gave to another program after the
 * holder died is not taken for the holder. Undefined elsewhere.
 */
export function pidStartedAt(pid: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the holder of a claim still runs: the same pid with the same start time where it can be read. */
export function holderAlive(pid: number, startedAt: number | null | undefined): boolean {
  if (!pidAlive(pid)) return false;
  if (startedAt === null || startedAt === undefined) return true;
  const now = pidStartedAt(pid);
  return now === undefined || now === startedAt;
}

const OWN_START = pidStartedAt(process.pid);

type ClaimRow = { token: string; pid: number; pid_started_at: number | null };

export class WorkClaims {
  /** This engine instance (several may share a process in tests). */
  readonly token = `${process.pid}.${crypto.randomBytes(6).toString('hex')}`;

  constructor(
    private readonly db: () => Database,
    readonly kind: ClaimKind,
  ) {}

  private row(localId: string): ClaimRow | undefined {
    return this.db().prepare('SELECT token, pid, pid_started_at FROM work_claims WHERE local_id = ? AND kind = ?').get(localId, this.kind) as ClaimRow | undefined;
  }

  /** The token holding the claim, if any. */
  holder(localId: string): string | undefined {
    return this.row(localId)?.token;
  }

  /** Whether the claim is held by a live engine other than this one. */
  heldByOther(localId: string): boolean {
    const row = this.row(localId);
    return !!row && row.token !== this.token && holderAlive(Number(row.pid), row.pid_started_at);
  }

  /** True when this engine now holds the claim (it may already have); a dead holder's claim is taken over. */
  claim(localId: string): boolean {
    const db = this.db();
    return transaction(db, () => {
      const row = this.row(localId);
      if (row?.token === this.token) return true;
      if (row && holderAlive(Number(row.pid), row.pid_started_at)) return false;
      db.prepare(
        'INSERT INTO work_claims (local_id, kind, token, pid, pid_started_at, claimed_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (local_id, kind) DO UPDATE SET token = excluded.token, pid = excluded.pid, pid_started_at = excluded.pid_started_at, claimed_at = excluded.claimed_at',
      ).run(localId, this.kind, this.token, process.pid, OWN_START ?? null, Date.now());
      return true;
    });
  }

  release(localId: string): void {
    this.db().prepare('DELETE FROM work_claims WHERE local_id = ? AND kind = ? AND token = ?').run(localId, this.kind, this.token);
  }

  /**
   * At start: removes the claims of records that need no more work (`needed`
   * says which do) whose holder no longer runs. Returns how many went.
   */
  sweep(needed: (localId: string) => boolean): number {
    const db = this.db();
    return transaction(db, () => {
      const rows = db.prepare('SELECT local_id, token, pid, pid_started_at FROM work_claims WHERE kind = ?').all(this.kind) as (ClaimRow & { local_id: string })[];
      let n = 0;
      for (const row of rows) {
        if (needed(row.local_id)) continue;
        if (row.token !== this.token && holderAlive(Number(row.pid), row.pid_started_at)) continue;
        db.prepare('DELETE FROM work_claims WHERE local_id = ? AND kind = ? AND token = ?').run(row.local_id, this.kind, row.token);
        n++;
      }
      return n;
    });
  }
}
