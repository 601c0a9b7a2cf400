/**
 * Who may work on a record. The app and the CLI can run at the same time
 * over one ledger; each sends a queued submission only after claiming it
 * with an exclusive file create (`ledger/claims/<localId>`), and downloads a
 * finished job's asset only while it holds its download lease
 * (`ledger/downloads/<localId>`, the same kind of claim), so two processes
 * never both send or both download. A claim left by a dead process is taken
 * over by renaming it away first (only one taker's rename succeeds).
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

  release(localId: string): void {
    if (this.holder(localId) === this.token) fs.rmSync(this.file(localId), { force: true });
  }
}
