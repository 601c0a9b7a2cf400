/**
 * Project folders and the record of every export (`dataDir/exports.json`,
 * written atomically). The records are what makes re-export in place work:
 * a newer version of an asset lineage goes to the path its ancestor went to.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { budgetSchema } from '../../../shared/ipc/export';
import { openJsonFileSync, writeJsonFileSync } from '../json-file';

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

  addFolder(folder: StoredFolder): void {
    this.data.folders.push({ ...folder });
    this.save();
  }

  updateFolder(id: string, change: Partial<Omit<StoredFolder, 'id'>>): void {
    const f = this.data.folders.find((x) => x.id === id);
    if (!f) return;
    Object.assign(f, change);
    this.save();
  }

  removeFolder(id: string): void {
    this.data.folders = this.data.folders.filter((f) => f.id !== id);
    this.data.records = this.data.records.filter((r) => r.folderId !== id);
    this.save();
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

  addRecord(record: ExportRecord): void {
    this.data.records.push({ ...record });
    this.save();
  }

  removeRecord(record: ExportRecord): void {
    this.data.records = this.data.records.filter((r) => !(r.localId === record.localId && r.exportedAt === record.exportedAt && r.relativePath === record.relativePath));
    this.save();
  }

  private save(): void {
    writeJsonFileSync(this.path, this.data);
  }
}
