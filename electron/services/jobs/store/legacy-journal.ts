/**
 * The journal older versions kept the job records in (before the studio
 * database, ./job-store.ts). The app no longer writes it: the first start
 * after the update reads it with `load({ readOnly: true })` and moves every
 * record into the database (./import-journal.ts). Its writer stays so tests
 * can make a journal exactly as older versions did.
 *
 * The format:
 * An append-only journal of JSON lines (`ledger/journal.jsonl`): a line holds
 * either a whole record (`put`) or a patch keyed by local id (`patch`), so a
 * status change costs one short line, never a rewrite. Lines are written with
 * one `write()` each on an O_APPEND descriptor; the two moments that must
 * survive power loss (the intent before the request goes out, the job id
 * before it is reported) are fsync'd. Loading skips a torn last line (a
 * write cut by a kill; the next append starts on a fresh line). When the journal grows, it is compacted into
 * `snapshot.json` (temp file + rename, then a fresh journal) while no other
 * process (the CLI beside the app) has the ledger open.
 *
 * No secret is ever written: records hold environment and key ids only.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { JobRecord } from '../../../../shared/domain/job';
import { pidAlive } from '../../pid-alive';
import { LedgerWriteError } from './write-errors';

type Line = { t: 'put'; r: JobRecord } | { t: 'patch'; id: string; p: Partial<JobRecord>; u?: string[] };

/** The ledger holds every prompt and request: readable by the user only (POSIX). */
const PRIVATE_FILE = 0o600;

export interface LedgerOptions {
  dir: string;
  /** Compact when the journal holds more than this many lines beyond the records it describes. */
  compactAfterLines?: number;
}

export interface LoadReport {
  records: number;
  lines: number;
  /** Lines that could not be read (a torn last line after a kill). */
  skipped: number;
  ms: number;
  /** Unreadable lines found at this load were copied to this side file (and a torn last line cut from the journal). */
  setAside?: { lines: number; file: string; message: string };
}

const SNAPSHOT = 'snapshot.json';
const JOURNAL = 'journal.jsonl';
export const SET_ASIDE = 'journal.set-aside.jsonl';

function applyPatch(record: JobRecord, patch: Partial<JobRecord>, unset: string[] | undefined): JobRecord {
  const next = { ...record, ...patch } as Record<string, unknown>;
  for (const key of unset ?? []) delete next[key];
  return next as unknown as JobRecord;
}

export class Ledger {
  readonly dir: string;
  private readonly records = new Map<string, JobRecord>();
  private fd: number | undefined;
  private journalIno = 0;
  /** Bytes of the journal already read into `records`. */
  private readOffset = 0;
  private linesSinceCompaction = 0;
  private readonly compactAfterLines: number;
  private revisionCount = 0;
  private readonly procFile: string;
  /**
   * Records another process changed, read in but not yet reported (an append
   * reads the lines written before it first; so does `readIn`): the next
   * refresh reports them, so their listeners hear of the change like any other.
   */
  private readonly unreported = new Set<string>();
  /**
   * Our own lines that another process's line may precede in the file (it
   * appended between our size check and our write): read again in file order
   * by the next readNew, applied but not reported back to us.
   */
  private readonly ownLinesToReread = new Set<string>();
  /** The errno code of the last fsync that failed after its line was written (kept for diagnostics). */
  lastSyncError: string | undefined;

  constructor(options: LedgerOptions) {
    this.dir = options.dir;
    this.compactAfterLines = options.compactAfterLines ?? 20_000;
    this.procFile = path.join(this.dir, 'procs', String(process.pid));
  }

  /**
   * Bumped whenever the records in memory change (a write here, another
   * process's lines read in, a reload): what is derived from all of them,
   * like the history's listing, stays valid while it is the same.
   */
  get revision(): number {
    return this.revisionCount;
  }

  /**
   * Reads snapshot + journal. Tolerates a torn last line. `readOnly` (moving
   * the journal into the database) creates, cuts and sets aside nothing: the
   * folder is read as it is and then moved aside whole.
   */
  load(options: { readOnly?: boolean } = {}): LoadReport {
    this.revisionCount++;
    const started = performance.now();
    const readOnly = options.readOnly ?? false;
    if (!readOnly) {
      fs.mkdirSync(path.join(this.dir, 'procs'), { recursive: true });
      fs.writeFileSync(this.procFile, '', { mode: PRIVATE_FILE });
    }
    this.records.clear();
    this.unreported.clear();
    let skipped = 0;
    const snapshotPath = path.join(this.dir, SNAPSHOT);
    if (fs.existsSync(snapshotPath)) {
      try {
        const snap = JSON.parse(fs.readFileSync(snapshotPath, 'utf8')) as { records: JobRecord[] };
        for (const r of snap.records) this.records.set(r.localId, r);
      } catch {
        // A snapshot is only ever replaced by rename, so a bad one is foreign damage: keep what the journal has.
        skipped++;
      }
    }
    this.openJournal(readOnly);
    this.readOffset = 0;
    this.ownLinesToReread.clear();
    const torn: string[] = [];
    const { lines, skipped: bad } = this.fd === undefined ? { lines: 0, skipped: 0 } : this.readNew(torn, false);
    skipped += bad;
    this.linesSinceCompaction = lines;
    if (readOnly) {
      // A torn last line (no newline) is left unread: counted as skipped.
      const tail = this.fd === undefined ? 0 : fs.fstatSync(this.fd).size - this.readOffset;
      return { records: this.records.size, lines, skipped: skipped + (tail > 0 ? 1 : 0), ms: performance.now() - started };
    }
    const setAside = this.setAside(torn);
    // The torn last line (if one was cut) is skipped too.
    if (setAside) skipped += setAside.lines - bad;
    return { records: this.records.size, lines, skipped, ms: performance.now() - started, ...(setAside ? { setAside } : {}) };
  }

  /**
   * Keeps unreadable lines in a side file. A torn last line (no newline: a
   * write cut short) is also cut from the journal, but only while no other
   * process has the ledger open: one of them may be writing that line now.
   */
  private setAside(unreadable: string[]): LoadReport['setAside'] {
    const size = fs.fstatSync(this.fd!).size;
    let tail = '';
    if (size > this.readOffset && this.otherProcesses().length === 0) {
      const buf = Buffer.alloc(size - this.readOffset);
      fs.readSync(this.fd!, buf, 0, buf.length, this.readOffset);
      tail = buf.toString('utf8');
    }
    if (unreadable.length === 0 && !tail) return undefined;
    const file = path.join(this.dir, SET_ASIDE);
    try {
      const stamp = new Date().toISOString();
      fs.appendFileSync(file, [...unreadable, ...(tail ? [tail] : [])].map((l) => `${JSON.stringify({ setAsideAt: stamp, line: l })}\n`).join(''), { mode: 0o600 });
      if (tail) fs.ftruncateSync(this.fd!, this.readOffset);
    } catch {
      // The side file could not be written: leave the journal as it is (a torn line is skipped on every load).
      return undefined;
    }
    const lines = unreadable.length + (tail ? 1 : 0);
    return {
      lines,
      file,
      message: `${lines === 1 ? 'One line' : `${lines} lines`} of the job history could not be read (a write cut short by a crash or a full disk) and ${lines === 1 ? 'was' : 'were'} set aside in ${file}; every other job is kept.`,
    };
  }

  private openJournal(readOnly = false): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
    if (readOnly) {
      const file = path.join(this.dir, JOURNAL);
      if (!fs.existsSync(file)) return;
      this.fd = fs.openSync(file, 'r');
      return;
    }
    this.fd = fs.openSync(path.join(this.dir, JOURNAL), 'a+', PRIVATE_FILE);
    // A journal written before modes were set (or copied in) is tightened too: it holds every prompt.
    if (process.platform !== 'win32') fs.fchmodSync(this.fd, PRIVATE_FILE);
    this.journalIno = fs.fstatSync(this.fd).ino;
  }

  /** Applies journal lines written since the last read (by this or another process). */
  private readNew(unreadable?: string[], report = true): { lines: number; skipped: number } {
    const size = fs.fstatSync(this.fd!).size;
    if (size <= this.readOffset) return { lines: 0, skipped: 0 };
    const buf = Buffer.alloc(size - this.readOffset);
    fs.readSync(this.fd!, buf, 0, buf.length, this.readOffset);
    // Only whole lines: a line still being written (or torn by a kill) waits for its newline.
    const lastNl = buf.lastIndexOf(0x0a);
    if (lastNl < 0) return { lines: 0, skipped: 0 };
    const text = buf.subarray(0, lastNl).toString('utf8');
    let lines = 0;
    let skipped = 0;
    for (const raw of text.split('\n')) {
      if (!raw) continue;
      lines++;
      let line: Line;
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        // A torn line followed by later appends (a kill mid-write, then a restart): skip it.
        skipped++;
        unreadable?.push(raw);
        continue;
      }
      this.revisionCount++;
      if (line.t === 'put') this.records.set(line.r.localId, line.r);
      else if (line.t === 'patch') {
        const rec = this.records.get(line.id);
        if (rec) this.records.set(line.id, applyPatch(rec, line.p, line.u));
      }
      if (this.ownLinesToReread.delete(raw)) continue;
      if (report) this.unreported.add(line.t === 'put' ? line.r.localId : line.id);
    }
    this.readOffset += lastNl + 1;
    return { lines, skipped };
  }

  private otherProcesses(): number[] {
    const dir = path.join(this.dir, 'procs');
    const out: number[] = [];
    for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const pid = Number(name);
      if (!Number.isInteger(pid) || pid === process.pid) continue;
      if (pidAlive(pid)) out.push(pid);
      else fs.rmSync(path.join(dir, name), { force: true });
    }
    return out;
  }

  /**
   * Reads in what another process (the CLI, the app) appended, or reloads
   * after it compacted. The records it changed are reported by the next
   * `refresh`, so a read made only to decide something (the submitter's check
   * before sending) does not swallow the change its listeners wait for.
   */
  readIn(): void {
    if (this.fd === undefined) return;
    let ino = 0;
    try {
      ino = fs.statSync(path.join(this.dir, JOURNAL)).ino;
    } catch {
      return;
    }
    if (ino === this.journalIno) {
      this.readNew();
      return;
    }
    // Another process compacted: reload everything, and report what differs.
    const before = new Map(this.records);
    const waiting = [...this.unreported];
    this.load();
    for (const id of waiting) this.unreported.add(id);
    for (const [id, rec] of this.records) if (before.get(id) !== rec) this.unreported.add(id);
  }

  /** Picks up records another process appended. Returns the local ids changed since the last refresh (once each). */
  refresh(): string[] {
    this.readIn();
    const changed = [...this.unreported].filter((id) => this.records.has(id));
    this.unreported.clear();
    return changed;
  }

  private append(line: Line, durable: boolean): void {
    if (this.fd === undefined) throw new Error('The ledger is not open.');
    const before = fs.fstatSync(this.fd).size;
    if (before > this.readOffset) this.readNew();
    // A line torn by a killed writer has no newline: start ours on a fresh line so both stay readable (the torn one is skipped).
    let torn = false;
    if (before > 0) {
      const last = Buffer.alloc(1);
      fs.readSync(this.fd, last, 0, 1, before - 1);
      torn = last[0] !== 0x0a;
    }
    const text = (torn ? '\n' : '') + JSON.stringify(line) + '\n';
    const bytes = Buffer.from(text);
    let written: number;
    try {
      written = fs.writeSync(this.fd, bytes);
    } catch (err) {
      throw new LedgerWriteError((err as NodeJS.ErrnoException).code);
    }
    // A short write (the disk filled up mid-line) leaves a torn line that loads skip: report it as not written.
    if (written < bytes.length) throw new LedgerWriteError('ENOSPC');
    if (durable) {
      try {
        fs.fdatasyncSync(this.fd);
      } catch (err) {
        // The line is in the file (and read back by every load), so memory must match it: note the failure, do not undo.
        this.lastSyncError = (err as NodeJS.ErrnoException).code ?? 'unknown';
      }
    }
    // Our own line is already applied in memory: skip re-reading it, but only when nothing else was appended
    // around it. A line another process appended between our size check and our write sits before ours; moving
    // the offset past "our" bytes would land mid-line and lose theirs (a CLI's cancel, overwritten by the app's
    // retry bookkeeping, was sent after all). Then both are read again, in file order, by the next readNew.
    const after = fs.fstatSync(this.fd).size;
    if (before === this.readOffset && after === before + bytes.length) this.readOffset = after;
    else this.ownLinesToReread.add(JSON.stringify(line));
    this.linesSinceCompaction++;
  }

  /** Appends first, then changes memory: a write the disk refuses throws `LedgerWriteError` and changes nothing. */
  put(record: JobRecord, durable = false): JobRecord {
    this.append({ t: 'put', r: record }, durable);
    this.revisionCount++;
    this.records.set(record.localId, record);
    return record;
  }

  /** One appended line. `undefined` values in the patch remove those fields. */
  patch(localId: string, patch: Partial<JobRecord>, durable = false): JobRecord {
    const rec = this.records.get(localId);
    if (!rec) throw new Error(`No record ${localId}.`);
    const set: Record<string, unknown> = {};
    const unset: string[] = [];
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) unset.push(k);
      else set[k] = v;
    }
    this.append(unset.length ? { t: 'patch', id: localId, p: set, u: unset } : { t: 'patch', id: localId, p: set }, durable);
    // Applied to the record as it is after the append: appending reads in what other processes wrote first (a
    // CLI's cancel), and a patch applied to the record as it was before would silently undo their change in memory.
    const next = applyPatch(this.records.get(localId) ?? rec, set as Partial<JobRecord>, unset);
    this.revisionCount++;
    this.records.set(localId, next);
    return next;
  }

  get(localId: string): JobRecord | undefined {
    return this.records.get(localId);
  }

  all(): JobRecord[] {
    return [...this.records.values()];
  }

  get size(): number {
    return this.records.size;
  }

  /** Compacts when the journal has grown past the threshold and no other process has the ledger open. */
  maybeCompact(): boolean {
    if (this.linesSinceCompaction < Math.max(this.compactAfterLines, this.records.size)) return false;
    return this.compact();
  }

  compact(): boolean {
    if (this.fd === undefined || this.otherProcesses().length > 0) return false;
    this.readNew();
    const snapshotPath = path.join(this.dir, SNAPSHOT);
    const tmp = `${snapshotPath}.${process.pid}.tmp`;
    const fd = fs.openSync(tmp, 'w', PRIVATE_FILE);
    try {
      fs.writeSync(fd, JSON.stringify({ version: 1, records: [...this.records.values()] }));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    // Order matters for a kill in between: the new snapshot holds everything, so replaying the old
    // journal over it afterwards only re-applies the same values.
    fs.renameSync(tmp, snapshotPath);
    const journalTmp = path.join(this.dir, `${JOURNAL}.${process.pid}.tmp`);
    fs.writeFileSync(journalTmp, '', { mode: PRIVATE_FILE });
    fs.renameSync(journalTmp, path.join(this.dir, JOURNAL));
    this.openJournal();
    this.readOffset = 0;
    this.ownLinesToReread.clear();
    this.linesSinceCompaction = 0;
    return true;
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
    fs.rmSync(this.procFile, { force: true });
  }
}
