/**
 * The job store: every submission the app ever made, one row per record in
 * the studio database (`jobs` in ./schema.ts), shared by the app, the browser
 * shell and the CLI on one data folder at once.
 *
 * A write is one transaction that reads the row as it is in the database,
 * applies the change and bumps the store's change counter (`seq`): a patch is
 * never applied to a stale copy, so one process can no longer undo another's
 * change (the journal this replaces had that race: the app's retry bookkeeping
 * put a queued job back over the CLI's cancel). Other processes' changes are
 * found by asking for the rows whose `seq` is above the last one seen.
 *
 * Only the records the engine works on (./working-set.ts) are kept in memory;
 * the rest of the history is read when asked for.
 *
 * Durability: ordinary writes commit with `synchronous = NORMAL` (in WAL mode
 * the commit is in the WAL file before the call returns, so it survives the
 * process being killed, not a power cut); the moments the journal fsync'd —
 * the intent before a request is sent, the job id before it is reported —
 * commit with `synchronous = FULL`, which syncs the WAL to the disk.
 *
 * No secret is ever written: records hold environment and key ids only.
 */
import path from 'node:path';
import type { StatementSync } from 'node:sqlite';
import { TERMINAL_STATES, type JobRecord } from '../../../../shared/domain/job';
import { DATABASE_FILE, migrate, openDatabase, transaction, type Database } from '../../store/database';
import { importLegacyJournal, type ImportProgress, type ImportReport } from './import-journal';
import { JOBS_PART, JOBS_SCHEMA } from './schema';
import { NEEDS_WORK_QUERY, needsWork } from './working-set';
import { isDiskCode, LedgerWriteError, writeErrorCode } from './write-errors';
import type { SpendJob } from '../../../../shared/domain/spend';
import { readSpendLedgerOffMain } from './spend-ledger';

export interface JobStoreOptions {
  dataDir: string;
  /** Called while an old journal is moved into the database (first start after the update). */
  onImportProgress?: ImportProgress;
}

export interface LoadReport {
  /** Records in the database. */
  records: number;
  /** Of which the engine works on (kept in memory). */
  working: number;
  ms: number;
  /** What moving an old journal into the database found, when this start did it. */
  imported?: ImportReport;
}

type Row = { local_id: string; record: string; seq: number };

/** How long before a spend period a job may have been made and still be charged in it (it waited in the queue). */
const QUEUE_MARGIN_MS = 7 * 24 * 3600 * 1000;

function parse(row: { record: string } | undefined): JobRecord | undefined {
  return row ? (JSON.parse(row.record) as JobRecord) : undefined;
}

/** The patch's `undefined` values remove those fields. */
export function applyPatch(record: JobRecord, patch: Partial<JobRecord>): JobRecord {
  const next = { ...record, ...patch } as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
  return next as unknown as JobRecord;
}

export class JobStore {
  readonly dataDir: string;
  private database: Database | undefined;
  private statements: Record<'get' | 'insert' | 'update' | 'bump' | 'since' | 'counter', StatementSync> | undefined;
  /** The records the engine works on (./working-set.ts), as last read or written. */
  private readonly working = new Map<string, JobRecord>();
  /** The highest change number whose rows this process has read in (or written itself with nothing between). */
  private seenSeq = 0;
  /** Rows this process wrote above `seenSeq`: read again by the next read-in without being reported back. */
  private readonly ownWrites = new Map<string, number>();
  /** Records another process changed, read in but not yet reported by `refresh`. */
  private readonly unreported = new Set<string>();
  private readonly onImportProgress: ImportProgress | undefined;

  constructor(options: JobStoreOptions) {
    this.dataDir = options.dataDir;
    this.onImportProgress = options.onImportProgress;
  }

  /** The open connection (the claims share it). */
  get db(): Database {
    if (!this.database) throw new Error('The job store is not open.');
    return this.database;
  }

  private get sql() {
    if (!this.statements) throw new Error('The job store is not open.');
    return this.statements;
  }

  /** Opens the database (bringing its schema up to date and moving an old journal in, once), and reads the records the engine works on. */
  load(): LoadReport {
    const started = performance.now();
    this.close();
    const db = openDatabase(this.dataDir);
    this.database = db;
    migrate(db, JOBS_PART, JOBS_SCHEMA);
    db.exec('PRAGMA synchronous = NORMAL');
    this.statements = {
      get: db.prepare('SELECT record, seq FROM jobs WHERE local_id = ?'),
      // A plain INSERT or UPDATE, never an upsert: the conflict clause of the statement that fires a trigger
      // overrides those in the trigger's body, and the library's triggers on this table replace rows of their own.
      insert: db.prepare('INSERT INTO jobs (local_id, record, seq) VALUES (?, ?, ?)'),
      update: db.prepare('UPDATE jobs SET record = ?, seq = ? WHERE local_id = ?'),
      bump: db.prepare("UPDATE store_meta SET value = value + 1 WHERE key = 'seq' RETURNING value"),
      since: db.prepare('SELECT local_id, record, seq FROM jobs WHERE seq > ? ORDER BY seq'),
      counter: db.prepare("SELECT value FROM store_meta WHERE key = 'seq'"),
    };
    const imported = importLegacyJournal(db, this.dataDir, this.onImportProgress);
    this.working.clear();
    this.unreported.clear();
    this.ownWrites.clear();
    // Read under the write lock so no change slips between the rows and the counter.
    transaction(db, () => {
      for (const row of db.prepare(NEEDS_WORK_QUERY).all() as { record: string }[]) {
        const rec = parse(row)!;
        this.working.set(rec.localId, rec);
      }
      this.seenSeq = this.counter();
    });
    const records = (db.prepare('SELECT count(*) AS n FROM jobs').get() as { n: number }).n;
    return { records, working: this.working.size, ms: performance.now() - started, ...(imported ? { imported } : {}) };
  }

  private counter(): number {
    return Number((this.sql.counter.get() as { value: number }).value);
  }

  /**
   * Changes whenever any record does, in any process: what is derived from
   * every record (the history's listing) stays valid while it is the same.
   */
  get revision(): number {
    return this.counter();
  }

  /**
   * Reads in what other processes (the CLI, the app) changed since the last
   * read. The records they changed are reported by the next `refresh`, so a
   * read made only to decide something (the submitter's check before sending)
   * does not swallow the change its listeners wait for.
   */
  readIn(): void {
    if (!this.statements) return;
    if (this.counter() === this.seenSeq) return;
    let last = this.seenSeq;
    for (const row of this.sql.since.all(this.seenSeq) as Row[]) {
      last = Math.max(last, Number(row.seq));
      const rec = parse(row)!;
      this.remember(rec);
      if (this.ownWrites.get(row.local_id) !== Number(row.seq)) this.unreported.add(row.local_id);
    }
    this.seenSeq = last;
    this.ownWrites.clear();
  }

  /** Picks up what other processes changed. Returns the local ids changed since the last refresh (once each). */
  refresh(): string[] {
    this.readIn();
    const changed = [...this.unreported];
    this.unreported.clear();
    return changed;
  }

  private remember(rec: JobRecord): void {
    if (needsWork(rec)) this.working.set(rec.localId, rec);
    else this.working.delete(rec.localId);
  }

  /**
   * One write: `make` gets the row as it is in the database now (inside the
   * write lock) and returns the record to store. A write the disk refuses
   * throws `LedgerWriteError` and changes nothing.
   */
  private write(localId: string, make: (current: JobRecord | undefined) => JobRecord, durable: boolean): JobRecord {
    let done: { next: JobRecord; seq: number; foreign: boolean };
    try {
      done = this.commit(localId, make, durable);
    } catch (err) {
      const code = writeErrorCode(err);
      if (!code || !isDiskCode(code)) throw err;
      throw new LedgerWriteError(code);
    }
    const { next, seq, foreign } = done;
    // Nothing else was written since our last read: nothing to read in for it.
    if (seq === this.seenSeq + 1 && this.ownWrites.size === 0) this.seenSeq = seq;
    else this.ownWrites.set(localId, seq);
    if (foreign) this.unreported.add(localId);
    this.remember(next);
    return next;
  }

  /** The transaction of one write (SQLite's own errors pass through: `write` says what they mean). */
  private commit(localId: string, make: (current: JobRecord | undefined) => JobRecord, durable: boolean): { next: JobRecord; seq: number; foreign: boolean } {
    const db = this.db;
    // The level can only change between transactions: inside an outer one, its commit decides.
    const syncNow = durable && !db.isTransaction;
    if (syncNow) db.exec('PRAGMA synchronous = FULL');
    try {
      return transaction(db, () => {
        const row = this.sql.get.get(localId) as { record: string; seq: number } | undefined;
        const next = make(parse(row));
        const seq = Number((this.sql.bump.get() as { value: number }).value);
        this.store(localId, next, seq, row !== undefined);
        // Another process changed this row since we last read it in: merged into ours, and still reported.
        const rowSeq = row ? Number(row.seq) : 0;
        return { next, seq, foreign: rowSeq > this.seenSeq && this.ownWrites.get(localId) !== rowSeq };
      });
    } finally {
      if (syncNow) db.exec('PRAGMA synchronous = NORMAL');
    }
  }

  private store(localId: string, record: JobRecord, seq: number, exists: boolean): void {
    if (exists) this.sql.update.run(JSON.stringify(record), seq, localId);
    else this.sql.insert.run(localId, JSON.stringify(record), seq);
  }

  /** Writes the whole record (a new submission, a tracked job). */
  put(record: JobRecord, durable = false): JobRecord {
    return this.write(record.localId, () => record, durable);
  }

  /**
   * Writes many whole records in one transaction (seeding a bench's history,
   * a test's data folder): 100,000 in seconds, where one transaction each
   * would take minutes.
   */
  putMany(records: Iterable<JobRecord>): number {
    const db = this.db;
    let n = 0;
    transaction(db, () => {
      for (const rec of records) {
        const seq = Number((this.sql.bump.get() as { value: number }).value);
        this.store(rec.localId, rec, seq, this.sql.get.get(rec.localId) !== undefined);
        this.ownWrites.set(rec.localId, seq);
        this.remember(rec);
        n++;
      }
    });
    return n;
  }

  /** Applies the patch to the record as it is in the database. `undefined` values in the patch remove those fields. */
  patch(localId: string, patch: Partial<JobRecord>, durable = false): JobRecord {
    return this.write(
      localId,
      (current) => {
        if (!current) throw new Error(`No record ${localId}.`);
        return applyPatch(current, patch);
      },
      durable,
    );
  }

  get(localId: string): JobRecord | undefined {
    return this.working.get(localId) ?? (this.statements ? parse(this.sql.get.get(localId) as { record: string } | undefined) : undefined);
  }

  /** The record as the database has it now (another process may have changed it since it was read in). */
  fresh(localId: string): JobRecord | undefined {
    const rec = parse(this.sql.get.get(localId) as { record: string } | undefined);
    if (rec) this.remember(rec);
    return rec;
  }

  /** The records the engine works on (not finished, or with an asset to download), from memory. */
  workingSet(): JobRecord[] {
    return [...this.working.values()];
  }

  /** Every record, read from the database (the history's listing, the CLI). */
  all(): JobRecord[] {
    if (!this.statements) return [];
    return (this.db.prepare('SELECT record FROM jobs ORDER BY created_at DESC, local_id DESC').all() as { record: string }[]).map((r) => parse(r)!);
  }

  /**
   * The history's window: the newest `limit` records (removed ones only when
   * asked), and how many there are in all. The records being worked on are
   * the caller's to add (they are in memory).
   */
  newest(options: { includeHidden: boolean; limit: number }): { records: JobRecord[]; total: number } {
    if (!this.statements) return { records: [], total: 0 };
    const where = options.includeHidden ? '' : 'WHERE hidden = 0';
    const rows = this.db.prepare(`SELECT record FROM jobs ${where} ORDER BY created_at DESC, local_id DESC LIMIT ?`).all(options.limit) as { record: string }[];
    const { n } = this.db.prepare(`SELECT count(*) AS n FROM jobs ${where}`).get() as { n: number };
    return { records: rows.map((r) => parse(r)!), total: n };
  }

  /** The records whose send the service refused for credits (402 with the balance it named). */
  /**
   * The jobs that may have been charged after `fromIso` (made since then, with
   * a week's margin for a job that waited in the queue before it was sent):
   * what the top bar's spend figures read, by the creation-time index, instead
   * of every record (reading 100,000 records grew main by 360 MB per page load).
   */
  chargedSince(fromIso: string): JobRecord[] {
    if (!this.statements) return [];
    const from = new Date(Date.parse(fromIso) - QUEUE_MARGIN_MS).toISOString();
    const rows = this.db.prepare('SELECT record FROM jobs WHERE created_at >= ? AND job_id IS NOT NULL').all(from) as { record: string }[];
    return rows.map((r) => parse(r)!);
  }

  /** What the costs page prices, grouped in SQL with a count per entry (./spend-ledger.ts), read on a thread of its own. */
  spendLedger(utcOffsetMinutes = 0): Promise<SpendJob[]> {
    return this.statements ? readSpendLedgerOffMain(path.join(this.dataDir, DATABASE_FILE), utcOffsetMinutes) : Promise.resolve([]);
  }

  refusedForCredits(): JobRecord[] {
    if (!this.statements) return [];
    // A 402 leaves the job rejected, or queued and paused with its batch: only those rows are read (by the state index).
    const rows = this.db
      .prepare("SELECT record FROM jobs WHERE state IN ('rejected', 'queued') AND json_extract(record, '$.problem.status') = 402 AND json_extract(record, '$.problem.credits') IS NOT NULL")
      .all() as { record: string }[];
    return rows.map((r) => parse(r)!);
  }

  /** A batch's jobs, removed ones too (by the batch index). */
  ofBatch(batchId: string): JobRecord[] {
    if (!this.statements) return [];
    return (this.db.prepare('SELECT record FROM jobs WHERE batch_id = ?').all(batchId) as { record: string }[]).map((r) => parse(r)!);
  }

  /** The jobs of a kind with this request prompt (every job of the kind when it has none): what a new request may repeat. */
  ofKindAndPrompt(kind: JobRecord['kind'], prompt: string | undefined): JobRecord[] {
    if (!this.statements) return [];
    const rows =
      prompt === undefined
        ? this.db.prepare('SELECT record FROM jobs WHERE kind = ?').all(kind)
        : this.db.prepare('SELECT record FROM jobs WHERE kind = ? AND prompt = ?').all(kind, prompt);
    return (rows as { record: string }[]).map((r) => parse(r)!);
  }

  /** The image uploads of a file with this content. */
  uploadsOf(sha256: string): JobRecord[] {
    if (!this.statements) return [];
    const rows = this.db.prepare("SELECT record FROM jobs WHERE file_sha256 = ? AND kind = 'image-upload'").all(sha256) as { record: string }[];
    return rows.map((r) => parse(r)!);
  }

  /** The record of an upstream job id, newest first when several environments share it. */
  byJobId(jobId: string, environmentId?: string): JobRecord | undefined {
    if (!this.statements) return undefined;
    const rows = this.db.prepare('SELECT record FROM jobs WHERE job_id = ? ORDER BY created_at DESC').all(jobId) as { record: string }[];
    return rows.map((r) => parse(r)!).find((r) => environmentId === undefined || r.environmentId === environmentId);
  }

  /** The latest finished jobs of a kind (for how long that kind takes), newest first. */
  finishedOfKind(kind: JobRecord['kind'], limit: number): JobRecord[] {
    const states = TERMINAL_STATES.map(() => '?').join(', ');
    const rows = this.db
      .prepare(`SELECT record FROM jobs WHERE kind = ? AND finished_at IS NOT NULL AND state IN (${states}) ORDER BY finished_at DESC LIMIT ?`)
      .all(kind, ...TERMINAL_STATES, limit) as { record: string }[];
    return rows.map((r) => parse(r)!);
  }

  get size(): number {
    if (!this.statements) return 0;
    return (this.db.prepare('SELECT count(*) AS n FROM jobs').get() as { n: number }).n;
  }

  close(): void {
    this.statements = undefined;
    this.database?.close();
    this.database = undefined;
  }
}
