/**
 * The first start after the update: the job records older versions kept in
 * `ledger/journal.jsonl` (+ `snapshot.json`) move into the studio database,
 * once, losslessly, in batches with progress.
 *
 * Restartable: each batch is its own transaction and inserts only the local
 * ids the database does not hold yet, and the mark that the move is complete
 * is written in the same transaction as the last batch. A start killed
 * half-way reads the journal again and adds what is missing; two processes
 * starting at once both import and neither adds a record twice.
 *
 * Then the old folder is moved aside whole, as a backup, under a name older
 * versions do not read (`ledger.moved-to-studio-sqlite`): an older version
 * started on this folder afterwards finds no journal and starts empty, rather
 * than writing a journal this version would never read.
 *
 * Claims found beside the journal (files naming who sends a queued job or
 * downloads an asset) become rows of `work_claims` when their record still
 * needs that work, so a process of the older version still running is not
 * doubled by this one.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { JobRecord } from '../../../../shared/domain/job';
import { transaction, type Database } from '../../store/database';
import { Ledger } from './legacy-journal';
import { awaitsDownload } from './working-set';

export const LEGACY_DIR = 'ledger';
export const MOVED_ASIDE_DIR = 'ledger.moved-to-studio-sqlite';
const DONE_KEY = 'legacy_journal_imported';
const BATCH = 2_000;

/** Records moved so far, of how many. */
export type ImportProgress = (done: number, total: number) => void;

export interface ImportReport {
  records: number;
  /** Journal lines that could not be read (a write cut short by a crash): they stay in the moved folder. */
  skipped: number;
  /** Where the old folder now is (undefined when another process moved it). */
  movedTo?: string;
  /** For the log, when lines could not be read. */
  message?: string;
}

/** The line the CLI prints (to stderr) while the history moves. */
export function importProgressLine(done: number, total: number): string {
  return `Moving the job history into the database: ${done} of ${total}`;
}

function isDone(db: Database): boolean {
  return db.prepare('SELECT 1 FROM store_meta WHERE key = ?').get(DONE_KEY) !== undefined;
}

function hasJournal(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'journal.jsonl')) || fs.existsSync(path.join(dir, 'snapshot.json'));
}

/** Moves the old folder aside under a fresh name (a backup from an earlier move is kept). */
function moveAside(dataDir: string): string | undefined {
  for (let n = 1; n < 100; n++) {
    const to = path.join(dataDir, n === 1 ? MOVED_ASIDE_DIR : `${MOVED_ASIDE_DIR}.${n}`);
    if (fs.existsSync(to)) continue;
    try {
      fs.renameSync(path.join(dataDir, LEGACY_DIR), to);
      return to;
    } catch (err) {
      // Another process starting at the same time moved it first.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }
  return undefined;
}

/** The claim files of an older version, as rows, for the records that still need that work. */
function legacyClaims(dir: string, records: Map<string, JobRecord>): { localId: string; kind: 'send' | 'download'; token: string; pid: number }[] {
  const out: { localId: string; kind: 'send' | 'download'; token: string; pid: number }[] = [];
  for (const [folder, kind] of [['claims', 'send'], ['downloads', 'download']] as const) {
    let names: string[] = [];
    try {
      names = fs.readdirSync(path.join(dir, folder));
    } catch {
      continue;
    }
    for (const localId of names) {
      const rec = records.get(localId);
      const needed = kind === 'send' ? rec?.state === 'queued' || rec?.state === 'submitting' : !!rec && awaitsDownload(rec);
      if (!needed) continue;
      try {
        const token = fs.readFileSync(path.join(dir, folder, localId), 'utf8');
        out.push({ localId, kind, token, pid: Number(token.split('.')[0]) || 0 });
      } catch {
        // Released while we read: nobody holds it.
      }
    }
  }
  return out;
}

/** Moves an old journal into the database when this data folder has one. Returns undefined when there was none. */
export function importLegacyJournal(db: Database, dataDir: string, onProgress?: ImportProgress): ImportReport | undefined {
  const dir = path.join(dataDir, LEGACY_DIR);
  if (!hasJournal(dir)) return undefined;
  if (isDone(db)) {
    // Killed between the last batch and the move: only the move is left.
    return { records: 0, skipped: 0, movedTo: moveAside(dataDir) };
  }
  const ledger = new Ledger({ dir });
  let loaded: ReturnType<Ledger['load']>;
  try {
    loaded = ledger.load({ readOnly: true });
  } catch (err) {
    // Moved aside by another process between our check and the read: its import is complete.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && isDone(db)) return undefined;
    throw err;
  }
  const records = ledger.all();
  ledger.close();
  const byId = new Map(records.map((r) => [r.localId, r]));
  const claims = legacyClaims(dir, byId);
  // Only the local ids the database does not hold yet, by a plain INSERT (no conflict clause: the library's triggers on
  // the table keep their own conflict handling).
  const exists = db.prepare('SELECT 1 FROM jobs WHERE local_id = ?');
  const insert = db.prepare("INSERT INTO jobs (local_id, record, seq) VALUES (?, ?, (SELECT value FROM store_meta WHERE key = 'seq') + 1)");
  const bump = db.prepare("UPDATE store_meta SET value = value + 1 WHERE key = 'seq'");
  const total = records.length;
  onProgress?.(0, total);
  for (let from = 0; from < total || from === 0; from += BATCH) {
    const last = from + BATCH >= total;
    transaction(db, () => {
      for (const rec of records.slice(from, from + BATCH)) {
        if (exists.get(rec.localId) !== undefined) continue;
        insert.run(rec.localId, JSON.stringify(rec));
        bump.run();
      }
      if (!last) return;
      const claim = db.prepare('INSERT INTO work_claims (local_id, kind, token, pid, pid_started_at, claimed_at) VALUES (?, ?, ?, ?, NULL, ?) ON CONFLICT (local_id, kind) DO NOTHING');
      for (const c of claims) claim.run(c.localId, c.kind, c.token, c.pid, Date.now());
      db.prepare('INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING').run(DONE_KEY, new Date().toISOString());
    });
    onProgress?.(Math.min(total, from + BATCH), total);
    if (last) break;
  }
  const movedTo = moveAside(dataDir);
  const skipped = loaded.skipped;
  const where = movedTo ?? path.join(dataDir, MOVED_ASIDE_DIR);
  return {
    records: total,
    skipped,
    ...(movedTo ? { movedTo } : {}),
    ...(skipped > 0
      ? { message: `${skipped === 1 ? 'One line' : `${skipped} lines`} of the job history could not be read (a write cut short by a crash or a full disk) and ${skipped === 1 ? 'was' : 'were'} left in ${path.join(where, 'journal.jsonl')}; every other job is kept.` }
      : {}),
  };
}
