/**
 * Test and bench helper: finished job records shaped as the engine writes
 * them, and a library over a fresh studio database in a temp folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GenerationKind } from '../../../../shared/api';
import type { FileRefRecord, JobRecord } from '../../../../shared/domain/job';
import type { PayloadOf } from '../../../../shared/ipc';
import { openDatabase, type Database } from '../../store/database';
import { setupLibrary, type Library } from '../index';
import { writeJobRows } from './job-rows';

let counter = 0;

export function finishedRecord(kind: GenerationKind, fields: Partial<JobRecord> = {}): JobRecord {
  counter++;
  const localId = fields.localId ?? `loc${String(counter).padStart(6, '0')}`;
  const format = kind.includes('image') && kind !== 'image-to-3d' && kind !== 'multi-image-to-3d' ? 'png' : kind.includes('box') && kind !== 'text-to-solidbox' ? 'png' : 'glb';
  const at = fields.createdAt ?? new Date(Date.UTC(2026, 0, 1) + counter * 60_000).toISOString();
  return {
    localId,
    kind,
    state: 'success',
    jobId: `job-${localId}`,
    environmentId: 'env-sandbox',
    environmentName: 'Sandbox (built-in)',
    keyId: 'key-1',
    keyName: 'Key 1',
    request: {},
    title: '',
    createdAt: at,
    updatedAt: at,
    fragments: [],
    asset: { state: 'ready', format, attempts: 1, bytes: 1000 + counter, sha256: `sha-${localId}`, hasThumbnail: true },
    ...fields,
  };
}

export function fileRef(name: string, sha256: string, dir = '/tmp'): FileRefRecord {
  return { name, size: 1234, sha256, mime: 'image/png', path: path.join(dir, name) };
}

export function tempDataDir(prefix = 'library-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface TestLibrary extends Library {
  dataDir: string;
  events: { name: string; payload: unknown }[];
  changed(): PayloadOf<'library:changed'>[];
  write(...records: JobRecord[]): void;
  close(): void;
}

/** A library on a new data folder; `write` puts job records into `jobs` as the engine's store does. */
export function testLibrary(options: { dataDir?: string; db?: Database; pollMs?: number; measureReadiness?: boolean } = {}): TestLibrary {
  const dataDir = options.dataDir ?? tempDataDir();
  const events: { name: string; payload: unknown }[] = [];
  const db = options.db ?? openDatabase(dataDir);
  const library = setupLibrary({ dataDir, db, pollMs: options.pollMs ?? 60_000, measureReadiness: options.measureReadiness ?? false, events: { emit: (name, payload) => events.push({ name, payload }) } });
  return {
    ...library,
    dataDir,
    events,
    changed: () => events.filter((e) => e.name === 'library:changed').map((e) => e.payload as PayloadOf<'library:changed'>),
    write: (...records) => writeJobRows(db, records),
    close: () => {
      void library.dispose();
      db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
