import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JOBS_PART, JOBS_SCHEMA } from '../jobs/store/schema';
import { DATABASE_FILE, migrate, openDatabase, transaction } from './database';
import { sqliteProblem } from './sqlite-support';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-db-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the studio database', () => {
  it('this Node has node:sqlite with full-text search', () => {
    expect(sqliteProblem()).toBeNull();
  });

  it('is one private WAL file in the data folder that two connections share', () => {
    const dir = tempDir();
    const a = openDatabase(dir);
    const b = openDatabase(dir);
    expect((a.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode).toBe('wal');
    if (process.platform !== 'win32') expect(fs.statSync(path.join(dir, DATABASE_FILE)).mode & 0o777).toBe(0o600);
    a.exec('CREATE TABLE t (v TEXT)');
    a.prepare('INSERT INTO t VALUES (?)').run('from a');
    expect(b.prepare('SELECT v FROM t').all()).toEqual([{ v: 'from a' }]);
    a.close();
    b.close();
  });

  it('applies a part’s steps once, and a second process starting at once applies none', () => {
    const dir = tempDir();
    const a = openDatabase(dir);
    const b = openDatabase(dir);
    expect(migrate(a, JOBS_PART, JOBS_SCHEMA)).toBe(JOBS_SCHEMA.length);
    expect(migrate(b, JOBS_PART, JOBS_SCHEMA)).toBe(0);
    expect(migrate(b, 'other', ['CREATE TABLE other_part (x INTEGER) STRICT'])).toBe(1);
    a.close();
    b.close();
  });

  it('refuses a database a newer version wrote, saying what to do', () => {
    const dir = tempDir();
    const db = openDatabase(dir);
    migrate(db, 'p', ['CREATE TABLE p1 (x INTEGER)', 'CREATE TABLE p2 (x INTEGER)']);
    expect(() => migrate(db, 'p', ['CREATE TABLE p1 (x INTEGER)'])).toThrow(/newer Asset Studio.*Update Asset Studio/);
    db.close();
  });

  it('rolls a transaction back when its work throws, and nests', () => {
    const dir = tempDir();
    const db = openDatabase(dir);
    db.exec('CREATE TABLE t (v INTEGER)');
    expect(() =>
      transaction(db, () => {
        db.prepare('INSERT INTO t VALUES (1)').run();
        transaction(db, () => db.prepare('INSERT INTO t VALUES (2)').run());
        throw new Error('disk said no');
      }),
    ).toThrow('disk said no');
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 0 });
    transaction(db, () => transaction(db, () => db.prepare('INSERT INTO t VALUES (3)').run()));
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 });
    db.close();
  });

  it('the jobs part derives its columns from the record', () => {
    const db = openDatabase(tempDir());
    migrate(db, JOBS_PART, JOBS_SCHEMA);
    db.prepare('INSERT INTO jobs (local_id, record, seq) VALUES (?, ?, 1)').run('j1', JSON.stringify({ localId: 'j1', state: 'queued', jobId: 'up-1', environmentId: 'sandbox', createdAt: '2026-11-27T10:00:00Z' }));
    expect({ ...(db.prepare('SELECT state, job_id, environment_id FROM jobs').get() as object) }).toEqual({ state: 'queued', job_id: 'up-1', environment_id: 'sandbox' });
    db.close();
  });
});
