import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ExportStore, type ExportRecord } from './export-store';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'export-store-'));
  dirs.push(d);
  return d;
}

const record = (n: number): ExportRecord => ({ localId: `job-${n}`, lineageKey: `lineage-${n}`, folderId: 'f1', relativePath: `model-${n}.glb`, exportedAt: `2026-01-0${n}T00:00:00.000Z` });
const onDisk = (store: ExportStore) => JSON.parse(fs.readFileSync(store.path, 'utf8')) as { records: ExportRecord[]; folders: { id: string }[] };

describe('ExportStore writes its file off main’s thread', () => {
  it('a record is read back at once, and reaches the disk after main’s loop has moved on (no fsync on main)', async () => {
    const store = new ExportStore(dataDir());
    const written = store.addRecord(record(1));
    expect(store.records()).toHaveLength(1);
    // Before: the file was written and fsynced before addRecord returned.
    expect(fs.existsSync(store.path)).toBe(false);
    await written;
    expect(onDisk(store).records.map((r) => r.localId)).toEqual(['job-1']);
  });

  it('changes made while a write is under way go out together, each settling once the disk holds it', async () => {
    const store = new ExportStore(dataDir());
    const first = store.addFolder({ id: 'f1', path: '/projects/game' });
    const rest = [store.addRecord(record(1)), store.addRecord(record(2)), store.removeRecord(record(1))];
    await first;
    await Promise.all(rest);
    expect(onDisk(store)).toMatchObject({ folders: [{ id: 'f1' }], records: [{ localId: 'job-2' }] });
    // A fresh store (the next start) reads what was written.
    expect(new ExportStore(path.dirname(store.path)).records().map((r) => r.localId)).toEqual(['job-2']);
  });

  it('a write that fails is its caller’s answer, and the next change is still written', async () => {
    const dir = dataDir();
    const store = new ExportStore(dir);
    // The data folder turned into a file: the write cannot be made.
    fs.rmSync(dir, { recursive: true });
    fs.writeFileSync(dir, 'not a folder');
    await expect(store.addRecord(record(1))).rejects.toThrow();
    fs.rmSync(dir);
    fs.mkdirSync(dir);
    await store.addRecord(record(2));
    expect(onDisk(store).records.map((r) => r.localId)).toEqual(['job-1', 'job-2']);
    await expect(store.flush()).resolves.toBeUndefined();
  });
});
