/**
 * The files of a drop, folders walked: a dropped folder arrives as one
 * directory entry (`webkitGetAsEntry`), whose files are read in batches.
 * Entries must be taken while the drop event runs; the walk may follow.
 */

interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  file?(ok: (f: File) => void, fail: (e: unknown) => void): void;
  createReader?(): { readEntries(ok: (entries: EntryLike[]) => void, fail: (e: unknown) => void): void };
}

/** Taken synchronously inside the drop handler. */
export function dropEntries(dt: DataTransfer | null): { entries: EntryLike[]; files: File[] } {
  const files = Array.from(dt?.files ?? []);
  const entries: EntryLike[] = [];
  for (const item of Array.from(dt?.items ?? [])) {
    const entry = (item as DataTransferItem & { webkitGetAsEntry?(): EntryLike | null }).webkitGetAsEntry?.();
    if (entry) entries.push(entry);
  }
  return { entries, files };
}

const MAX_FILES = 1000;

async function walk(entry: EntryLike, out: File[]): Promise<void> {
  if (out.length >= MAX_FILES) return;
  if (entry.isFile && entry.file) {
    out.push(await new Promise<File>((ok, fail) => entry.file!(ok, fail)));
    return;
  }
  if (!entry.isDirectory || !entry.createReader) return;
  const reader = entry.createReader();
  for (;;) {
    const batch = await new Promise<EntryLike[]>((ok, fail) => reader.readEntries(ok, fail));
    if (batch.length === 0) break;
    for (const child of batch) await walk(child, out);
  }
}

/** Every file of the drop, folders included (at most 1,000, what one import takes). */
export async function droppedFiles(drop: { entries: EntryLike[]; files: File[] }): Promise<File[]> {
  if (!drop.entries.some((e) => e.isDirectory)) return drop.files;
  const out: File[] = [];
  for (const entry of drop.entries) await walk(entry, out);
  return out;
}
