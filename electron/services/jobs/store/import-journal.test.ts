/**
 * Moving an old journal into the database: every record arrives deep-equal
 * (10,000 written by the journal's own code, with a snapshot, patches that
 * remove fields and a torn last line), the progress is reported, the old
 * folder is moved aside where older versions do not look, claims of queued
 * jobs become rows, and a move killed half-way (or after its last batch)
 * completes on the next start with every record exactly once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../../shared/domain/job';
import { openDatabase } from '../../store/database';
import { tempDir } from '../test/harness';
import { importProgressLine, LEGACY_DIR, MOVED_ASIDE_DIR } from './import-journal';
import { JobStore } from './job-store';
import { Ledger } from './legacy-journal';
import { claimHolder } from './test/claims';
import { queuedRecord, sampleRecord } from './test/records';

/** A data folder as the journal's code leaves it: `n` records, compacted half-way, patched before and after. */
function writeJournal(dataDir: string, n: number): JobRecord[] {
  const ledger = new Ledger({ dir: path.join(dataDir, LEGACY_DIR) });
  ledger.load();
  for (let i = 0; i < n / 2; i++) ledger.put(i % 10 === 0 ? queuedRecord(i) : sampleRecord(i));
  for (let i = 0; i < n / 2; i += 7) ledger.patch(sampleRecord(i).localId, { hidden: true, title: `renamed ${i}` });
  ledger.compact();
  for (let i = n / 2; i < n; i++) ledger.put(sampleRecord(i));
  for (let i = 1; i < n; i += 5) ledger.patch(sampleRecord(i).localId, { problem: { message: `note ${i}` }, genParams: undefined });
  ledger.close();
  const reread = new Ledger({ dir: path.join(dataDir, LEGACY_DIR) });
  reread.load({ readOnly: true });
  const records = reread.all();
  reread.close();
  return records;
}

function rowsIn(dataDir: string): Map<string, JobRecord> {
  const db = openDatabase(dataDir);
  try {
    const rows = db.prepare('SELECT local_id, record FROM jobs').all() as { local_id: string; record: string }[];
    return new Map(rows.map((r) => [r.local_id, JSON.parse(r.record) as JobRecord]));
  } finally {
    db.close();
  }
}

const CHILD = path.join(__dirname, 'test', 'import-child.ts');

/** Runs the child until it stops at `stopAt` records (then kills it) or finishes. Returns the progress lines seen. */
function runChild(dataDir: string, stopAt: number): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { env: { ...process.env, IMPORT_DATA_DIR: dataDir, IMPORT_STOP_AT: String(stopAt) }, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let buf = '';
  child.stdout.on('data', (c: Buffer) => {
    buf += c.toString();
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      lines.push(line);
      if (line.startsWith(`PROGRESS ${stopAt} `)) child.kill('SIGKILL');
    }
  });
  return new Promise((resolve) => child.on('exit', () => resolve(lines)));
}

describe('moving an old journal into the database', () => {
  it('moves 10,000 records losslessly, once, with progress, and sets the old folder aside where older versions do not look', () => {
    const dataDir = tempDir('import-10k');
    const expected = writeJournal(dataDir, 10_000);
    // A send claimed by a process of the older version that still runs, and one of a job long sent.
    fs.mkdirSync(path.join(dataDir, LEGACY_DIR, 'claims'));
    fs.writeFileSync(path.join(dataDir, LEGACY_DIR, 'claims', queuedRecord(10).localId), `${process.ppid}.cafe00000000`);
    fs.writeFileSync(path.join(dataDir, LEGACY_DIR, 'claims', sampleRecord(11).localId), `${process.ppid}.cafe00000000`);
    // A write cut short by a kill: half a line, no newline.
    fs.appendFileSync(path.join(dataDir, LEGACY_DIR, 'journal.jsonl'), '{"t":"patch","id":"rec00000001","p":{"sta');
    const progress: string[] = [];
    const store = new JobStore({ dataDir, onImportProgress: (done, total) => progress.push(importProgressLine(done, total)) });
    const report = store.load();
    expect(report.records).toBe(10_000);
    expect(report.imported).toMatchObject({ records: 10_000, skipped: 1, movedTo: path.join(dataDir, MOVED_ASIDE_DIR) });
    expect(report.imported?.message).toMatch(/One line of the job history could not be read .* left in .*ledger\.moved-to-studio-sqlite.journal\.jsonl; every other job is kept\./);
    expect(progress[0]).toBe('Moving the job history into the database: 0 of 10000');
    expect(progress.at(-1)).toBe('Moving the job history into the database: 10000 of 10000');
    expect(progress.length).toBeGreaterThan(3);
    store.close();

    const rows = rowsIn(dataDir);
    expect(rows.size).toBe(expected.length);
    for (const rec of expected) expect(rows.get(rec.localId)).toEqual(rec);
    expect(rows.get(sampleRecord(7).localId)).toMatchObject({ hidden: true, title: 'renamed 7' });
    expect('genParams' in rows.get(sampleRecord(6).localId)!).toBe(false);

    // The queued job's claim is a row now; the sent job's is not carried over.
    expect(claimHolder(dataDir, queuedRecord(10).localId, 'send')).toBe(`${process.ppid}.cafe00000000`);
    expect(claimHolder(dataDir, sampleRecord(11).localId, 'send')).toBeUndefined();

    // Moved aside whole (the torn line with it); an older version finds no journal where it looks.
    expect(fs.existsSync(path.join(dataDir, LEGACY_DIR))).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, MOVED_ASIDE_DIR, 'journal.jsonl'), 'utf8')).toContain('{"t":"patch","id":"rec00000001","p":{"sta');
    const older = new Ledger({ dir: path.join(dataDir, LEGACY_DIR) });
    expect(older.load({ readOnly: true }).records).toBe(0);

    // The next start moves nothing again.
    const again = new JobStore({ dataDir });
    expect(again.load().imported).toBeUndefined();
    again.close();
  }, 120_000);

  it('killed half-way and after its last batch, completes on the next start with every record exactly once', async () => {
    const dataDir = tempDir('import-killed');
    const expected = writeJournal(dataDir, 10_000);

    const first = await runChild(dataDir, 4_000);
    expect(first.at(-1)).toBe('PROGRESS 4000 10000');
    const partial = rowsIn(dataDir);
    expect(partial.size).toBe(4_000);
    expect(fs.existsSync(path.join(dataDir, LEGACY_DIR, 'journal.jsonl'))).toBe(true);

    // Killed once every batch is in, before the old folder moved: the next start only moves it.
    const second = await runChild(dataDir, 10_000);
    expect(second.at(-1)).toBe('PROGRESS 10000 10000');
    expect(rowsIn(dataDir).size).toBe(10_000);
    expect(fs.existsSync(path.join(dataDir, LEGACY_DIR))).toBe(true);

    const third = await runChild(dataDir, -1);
    expect(third.at(-1)).toBe('LOADED 10000');
    expect(third.some((l) => l.startsWith('PROGRESS'))).toBe(false);
    const rows = rowsIn(dataDir);
    expect(rows.size).toBe(expected.length);
    for (const rec of expected) expect(rows.get(rec.localId)).toEqual(rec);
    expect(fs.existsSync(path.join(dataDir, LEGACY_DIR))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, MOVED_ASIDE_DIR, 'journal.jsonl'))).toBe(true);
  }, 120_000);
});
