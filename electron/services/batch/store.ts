/**
 * Batches on disk: one JSON file per batch in `dataDir/batches/<id>.json`,
 * written atomically (json-file.ts: temp file, fsync, rename) so a crash
 * leaves either the old or the new state, never a torn file. Writes of one
 * batch are queued so an older state can never overwrite a newer one; a file
 * that cannot be read is set aside (`<id>.unreadable-<ms>.json`).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Batch, BatchRow } from '../../../shared/ipc';
import { openJsonFile, writeFileAtomic } from '../json-file';
import { pidAlive } from '../pid-alive';
import type { RowFile } from './check-row';

/** A row as main keeps it: the public row plus the files it names. */
export interface StoredRow extends BatchRow {
  files?: Record<string, RowFile>;
  /** The list gave this row its own kind (a kind column): the kind chosen for every row does not change it. */
  ownKind?: boolean;
}

export interface StoredBatch extends Omit<Batch, 'rows'> {
  rows: StoredRow[];
  /** Folder the list's relative file paths resolve against. */
  listDir?: string;
  /** The kind given for the whole list. */
  listKind?: string;
  /** The output folder's real path when the batch started: every write into it is judged against it (folder-at-use.ts). */
  realOutDir?: string;
  /** The shell that started the batch (exports from the browser shell stay inside its limits). */
  shell?: 'electron' | 'web' | 'cli';
  /** Bumped on every save. */
  version: number;
}

/** What a batch file must hold to be opened at all; its rows are the app's own writing, kept as they are. */
const storedBatchSchema = z.looseObject({ id: z.string(), rows: z.array(z.looseObject({})), version: z.number() });

export class BatchStore {
  private readonly dir: string;
  private readonly queues = new Map<string, Promise<void>>();

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'batches');
  }

  get folder(): string {
    return this.dir;
  }

  fileOf(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }

  /** Queues an atomic write of the batch as it is now; resolves once it is durable. */
  save(batch: StoredBatch): Promise<void> {
    batch.version += 1;
    const text = JSON.stringify(batch, null, 1);
    const prev = this.queues.get(batch.id) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(() => writeFileAtomic(this.fileOf(batch.id), text));
    this.queues.set(batch.id, next);
    return next;
  }

  async loadAll(): Promise<{ batches: StoredBatch[]; unreadable: string[] }> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return { batches: [], unreadable: [] };
    }
    const batches: StoredBatch[] = [];
    const unreadable: string[] = [];
    for (const name of names) {
      if (!/^[A-Za-z0-9_-]+\.json$/.test(name)) continue;
      try {
        const opened = await openJsonFile(path.join(this.dir, name), storedBatchSchema);
        if (opened.value) batches.push(opened.value as unknown as StoredBatch);
        else if (opened.setAside) unreadable.push(name);
      } catch {
        unreadable.push(name);
      }
    }
    return { batches, unreadable };
  }

  async remove(id: string): Promise<void> {
    await (this.queues.get(id) ?? Promise.resolve()).catch(() => undefined);
    await fs.rm(this.fileOf(id), { force: true });
  }

  async flush(): Promise<void> {
    await Promise.allSettled([...this.queues.values()]);
  }
}

/**
 * One process drives a batch at a time. The app and the CLI share the data
 * directory; two of them sending the same batch's rows would send them twice.
 * A lock file holds the driver's pid; a lock whose process is gone is taken over.
 */
export class BatchLocks {
  private readonly held = new Set<string>();

  constructor(private readonly dir: string) {}

  private fileOf(id: string): string {
    return path.join(this.dir, `${id}.lock`);
  }

  async acquire(id: string): Promise<{ ok: true } | { ok: false; pid: number }> {
    if (this.held.has(id)) return { ok: true };
    await fs.mkdir(this.dir, { recursive: true });
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await fs.writeFile(this.fileOf(id), String(process.pid), { flag: 'wx' });
        this.held.add(id);
        return { ok: true };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const pid = Number((await fs.readFile(this.fileOf(id), 'utf8').catch(() => '')).trim());
      if (pid && pid !== process.pid && pidAlive(pid)) return { ok: false, pid };
      // The process that held it is gone (or it is our own from before a restart): take it over.
      await fs.rm(this.fileOf(id), { force: true });
    }
    return { ok: false, pid: 0 };
  }

  async release(id: string): Promise<void> {
    if (!this.held.delete(id)) return;
    await fs.rm(this.fileOf(id), { force: true });
  }

  async releaseAll(): Promise<void> {
    await Promise.all([...this.held].map((id) => this.release(id)));
  }
}
