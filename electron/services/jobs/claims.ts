/**
 * Who may work on a record. The app and the CLI can run at the same time
 * over one ledger; each sends a queued submission only after claiming it
 * with an exclusive file create (`ledger/claims/<localId>`), and downloads a
 * finished job's asset only while it holds its download lease
 * (`ledger/downloads/<localId>`, the same kind of claim), so two processes
 * never both send or both download. A claim lasts as long as the work: the
 * send, or the download with its retries. A claim left by a dead process is
 * taken over by renaming it away first (only one taker's rename succeeds),
 * and swept at start once its record needs nobody's work.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pidAlive } from '../pid-alive';

export class Claims {
  private readonly dir: string;
  /** This engine instance (several may share a process in tests). */
  readonly token = `${process.pid}.${crypto.randomBytes(6).toString('hex')}`;

  constructor(ledgerDir: string, kind: 'claims' | 'downloads' = 'claims') {
    this.dir = path.join(ledgerDir, kind);
    fs.mkdirSync(this.dir, { recursive: true });
  }

  private file(localId: string): string {
    return path.join(this.dir, localId);
  }

  /** The token holding the claim, if any. */
  holder(localId: string): string | undefined {
    try {
      return fs.readFileSync(this.file(localId), 'utf8');
    } catch {
      return undefined;
    }
  }

  /** Whether the claim is held by a live engine other than this one. */
  heldByOther(localId: string): boolean {
    const holder = this.holder(localId);
    if (!holder || holder === this.token) return false;
    return pidAlive(Number(holder.split('.')[0]));
  }

  /** True when this engine now holds the claim (it may already have). */
  claim(localId: string): boolean {
    const file = this.file(localId);
    const holder = this.holder(localId);
    if (holder === this.token) return true;
    if (holder !== undefined) {
      if (pidAlive(Number(holder.split('.')[0]))) return false;
      try {
        fs.renameSync(file, `${file}.stale.${this.token}`);
        fs.rmSync(`${file}.stale.${this.token}`, { force: true });
      } catch {
        return false;
      }
    }
    try {
      fs.writeFileSync(file, this.token, { flag: 'wx' });
      return true;
    } catch {
      return false;
    }
  }

  /**
   * At start: removes the claims of records that need no more work (`needed`
   * says which do) whose holder no longer runs. Older versions never let a
   * submission's claim go: one file per job ever sent. Returns how many went.
   */
  sweep(needed: (localId: string) => boolean): number {
    let n = 0;
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return 0;
    }
    for (const name of names) {
      if (name.includes('.stale.') || needed(name)) continue;
      const holder = this.holder(name);
      if (holder !== undefined && holder !== this.token && pidAlive(Number(holder.split('.')[0]))) continue;
      fs.rmSync(this.file(name), { force: true });
      n++;
    }
    return n;
  }

  release(localId: string): void {
    if (this.holder(localId) === this.token) fs.rmSync(this.file(localId), { force: true });
  }
}
