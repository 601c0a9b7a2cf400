/**
 * The studio's database: one SQLite file in the data folder (`studio.sqlite`)
 * holding the job records and the library, opened through Node's built-in
 * `node:sqlite` (no native module, so the Electron main process, the browser
 * shell and the CLI open the same file at once).
 *
 * WAL mode lets readers go on while one process writes; the busy timeout
 * makes a writer wait for another process's transaction instead of failing.
 * `synchronous = FULL` syncs the WAL at every commit, so a committed change
 * survives a crash of the machine, not only of the process (what the journal
 * it replaces promised for the moments that cost money).
 *
 * Each room of the app (jobs, library) owns a *part* of the schema with its
 * own ordered list of steps; `migrate` applies the steps a part has not yet
 * seen, in one transaction, so parts evolve without stepping on each other.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseSync as DatabaseSyncType } from 'node:sqlite';
import { loadSqlite, sqliteProblem } from './sqlite-support';

export type Database = DatabaseSyncType;

export const DATABASE_FILE = 'studio.sqlite';

/** How long a connection waits for another's transaction or checkpoint before giving up (ms); every connection uses it. */
export const BUSY_TIMEOUT_MS = 10_000;

/** The database holds every prompt: readable by the user only (POSIX). */
const PRIVATE_FILE = 0o600;

export interface OpenOptions {
  /** Defaults to `<dataDir>/studio.sqlite`. */
  file?: string;
  readOnly?: boolean;
}

/** Opens (creating when missing) the studio database in `dataDir`, with the connection settings every process uses. */
export function openDatabase(dataDir: string, options: OpenOptions = {}): Database {
  const problem = sqliteProblem();
  if (problem) throw new Error(problem);
  const file = options.file ?? path.join(dataDir, DATABASE_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!options.readOnly && !fs.existsSync(file)) fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE));
  else if (!options.readOnly && process.platform !== 'win32') fs.chmodSync(file, PRIVATE_FILE);
  const { DatabaseSync } = loadSqlite()!;
  const db = new DatabaseSync(file, { readOnly: options.readOnly ?? false, timeout: BUSY_TIMEOUT_MS });
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  if (!options.readOnly) db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  return db;
}

let depth = new WeakMap<Database, number>();

/**
 * Runs `fn` inside one write transaction (`BEGIN IMMEDIATE`: the write lock is
 * taken at the start, so two processes never both read-then-write the same
 * row). Nested calls join the outer transaction. Rolled back when `fn` throws.
 */
export function transaction<T>(db: Database, fn: () => T): T {
  const level = depth.get(db) ?? 0;
  if (level > 0) {
    depth.set(db, level + 1);
    try {
      return fn();
    } finally {
      depth.set(db, level);
    }
  }
  db.exec('BEGIN IMMEDIATE');
  depth.set(db, 1);
  try {
    const value = fn();
    db.exec('COMMIT');
    return value;
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw err;
  } finally {
    depth.set(db, 0);
  }
}

/** Only for tests that open and close many databases in one process. */
export function resetTransactionDepth(): void {
  depth = new WeakMap();
}

/** One step of a part's schema: SQL run once, in order, never edited after it ships (add a new step instead). */
export type SchemaStep = string | ((db: Database) => void);

/**
 * Brings `part` of the schema up to date: applies the steps after the version
 * recorded for it, in one transaction. Several processes may start at once;
 * the write lock makes the second see the first's version and apply nothing.
 * Returns how many steps ran.
 */
export function migrate(db: Database, part: string, steps: readonly SchemaStep[]): number {
  db.exec('CREATE TABLE IF NOT EXISTS schema_parts (part TEXT PRIMARY KEY, version INTEGER NOT NULL) STRICT');
  return transaction(db, () => {
    const row = db.prepare('SELECT version FROM schema_parts WHERE part = ?').get(part) as { version: number } | undefined;
    const from = row?.version ?? 0;
    if (from > steps.length) {
      throw new Error(`The studio database was written by a newer Asset Studio (its "${part}" data is at version ${from}; this version knows ${steps.length}). Update Asset Studio to open it.`);
    }
    for (let i = from; i < steps.length; i++) {
      const step = steps[i]!;
      if (typeof step === 'string') db.exec(step);
      else step(db);
    }
    db.prepare('INSERT INTO schema_parts (part, version) VALUES (?, ?) ON CONFLICT(part) DO UPDATE SET version = excluded.version').run(part, steps.length);
    return steps.length - from;
  });
}
