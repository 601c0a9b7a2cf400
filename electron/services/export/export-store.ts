/**
 * Project folders and the record of every export (`dataDir/exports.json`,
 * written atomically). The records are what makes re-export in place work:
 * a newer version of an asset lineage goes to the path its ancestor went to.
 *
 * A change is made in memory at once (what the next read sees) and written
 * with asynchronous fs, one write at a time: the file's fsync ran on main's
 * thread on every export before, and waits on the disk (behind the model
 * files just written) with nothing else answered meanwhile. Each change's
 * promise settles once the file on disk holds it; changes made while a write
 * is under way go out together in the next one.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { budgetSchema } from '../../../shared/ipc/export';
import { openJsonFileSync, writeFileAtomic } from '../json-file';

const folderSchema = z.object({
  id: z.string(),
  path: z.string(),
  subfolder: z.string().optional(),
  budget: budgetSchema.optional(),
  /** Registered only as a batch's output folder: exports go there, but it is not one of the user's project folders. */
  batchOutput: z.boolean().optional(),
});
const recordSchema = z.object({
  localId: z.string(),
  jobId: z.string().optional(),
  /** Identity of the asset across versions (see lineage.ts). */
  lineageKey: z.string(),
  folderId: z.string(),
  /** Inside the project folder, `/`-separated. */
  relativePath: z.string(),
  /** Every file the export wrote (model first, sidecar last), `/`-separated inside the folder; absent on records before formats. */
  files: z.array(z.string()).optional(),
  exportedAt: z.string(),
});
const fileSchema = z.object({ version: z.literal(1), folders: z.array(folderSchema), records: z.array(recordSchema) });

export type StoredFolder = z.infer<typeof folderSchema>;
export type ExportRecord = z.infer<typeof recordSchema>;
type ExportsFile = z.infer<typeof fileSchema>;

export class ExportStore {
  readonly path: string;
  private data: ExportsFile = { version: 1, folders: [], records: [] };
  readonly loadProblem: string | undefined;
  /** The write under way (or the last one), and the next one once asked for. */
  private writing: Promise<void> = Promise.resolve();
  private next: Promise<void> | undefined;

  constructor(dataDir: string) {
    this.path = join(dataDir, 'exports.json');
    const opened = openJsonFileSync(this.path, fileSchema);
    if (opened.value) this.data = opened.value;
    if (opened.setAside) this.loadProblem = `The export records could not be read and were kept as ${opened.setAside}.`;
  }

  folders(): StoredFolder[] {
    return this.data.folders.map((f) => ({ ...f }));
  }

  folder(id: string): StoredFolder | undefined {
    const f = this.data.folders.find((x) => x.id === id);
    return f ? { ...f } : undefined;
  }

  addFolder(folder: StoredFolder): Promise<void> {
    this.data.folders.push({ ...folder });
    return this.save();
  }

  updateFolder(id: string, change: Partial<Omit<StoredFolder, 'id'>>): Promise<void> {
    const f = this.data.folders.find((x) => x.id === id);
    if (!f) return Promise.resolve();
    Object.assign(f, change);
    return this.save();
  }

  removeFolder(id: string): Promise<void> {
    this.data.folders = this.data.folders.filter((f) => f.id !== id);
    this.data.records = this.data.records.filter((r) => r.folderId !== id);
    return this.save();
  }

  records(filter?: { localId?: string; folderId?: string }): ExportRecord[] {
    return this.data.records
      .filter((r) => (!filter?.localId || r.localId === filter.localId) && (!filter?.folderId || r.folderId === filter.folderId))
      .map((r) => ({ ...r }));
  }

  /** The newest record of a lineage in a folder. */
  latestOfLineage(folderId: string, lineageKey: string): ExportRecord | undefined {
    let latest: ExportRecord | undefined;
    for (const r of this.data.records) {
      if (r.folderId === folderId && r.lineageKey === lineageKey && (!latest || r.exportedAt >= latest.exportedAt)) latest = r;
    }
    return latest ? { ...latest } : undefined;
  }

  addRecord(record: ExportRecord): Promise<void> {
    this.data.records.push({ ...record });
    return this.save();
  }

  removeRecord(record: ExportRecord): Promise<void> {
    this.data.records = this.data.records.filter((r) => !(r.localId === record.localId && r.exportedAt === record.exportedAt && r.relativePath === record.relativePath));
    return this.save();
  }

  /** Settles once every change so far is on disk; the app's closing waits for it. */
  flush(): Promise<void> {
    return this.next ?? this.writing;
  }

  private save(): Promise<void> {
    if (this.next) return this.next;
    const next = this.writing.then(() => {
      // From here on, a change waits for the write after this one; this one writes the data as it is now.
      this.next = undefined;
      return writeFileAtomic(this.path, `${JSON.stringify(this.data, null, 1)}\n`);
    });
    this.next = next;
    // A failed write is its caller's answer; the next write still goes.
    this.writing = next.catch(() => {});
    return next;
  }
}
