/**
 * Bringing files into the library from the window (Import… or a drop). Files
 * with a path on disk (the desktop app) go to main by path: a .gltf is then
 * read with the buffers and textures it names beside it, and nothing is
 * copied through the window. Files without one (the browser shell, where a
 * page never learns paths) are staged by their bytes first. Either way main
 * checks each file as it checks any file from outside.
 */
import type { LibraryImportReport } from '../../../../shared/domain/library';
import type { Result, StagedFileRef } from '../../../../shared/ipc';
import { bridge } from '../../bridge';
import { isSystemFile, sortImport } from '../../domain/library/import-files';
import { importReportWords } from '../../domain/library/words';
import type { StoreState } from '../store';

type Set = (partial: Partial<StoreState>) => void;
type Get = () => StoreState;

/** Every file's path on disk, or null when any has none (then all go by their bytes, one way for the whole import). */
export function pathsOf(files: readonly File[], pathOf: ((file: File) => string | null) | undefined): string[] | null {
  if (!pathOf || files.length === 0) return null;
  const paths = files.map((f) => pathOf(f));
  return paths.every((p): p is string => !!p) ? paths : null;
}

export function createImportFiles(set: Set, get: Get, api: () => ReturnType<typeof bridge>['api']['library']) {
  /** Stages each file by its bytes (progress per file here); the refused ones are reported with main's sentence. */
  const stageAll = async (take: File[], refused: LibraryImportReport['skipped']): Promise<StagedFileRef[]> => {
    const staged: StagedFileRef[] = [];
    for (const [i, file] of take.entries()) {
      set({ libraryImport: { files: take.length, progress: { done: i, total: take.length, current: file.name } } });
      let res: Result<{ id: string }>;
      try {
        res = await bridge().stageFile(file);
      } catch (err) {
        res = { ok: false, problem: { reason: 'unreadable', message: (err as Error).message } };
      }
      if (res.ok) staged.push({ stagedFileId: res.value.id });
      else refused.push({ name: file.name, reason: res.problem.message });
    }
    return staged;
  };

  return async (files: File[]): Promise<void> => {
    if (files.length === 0) return;
    // By path, every file but the system's goes to main, which says what each is: a .gltf's buffer and textures
    // are "part of" it there, not files of a kind the library does not keep.
    const fromDisk = files.filter((f) => !isSystemFile(f.name));
    const paths = pathsOf(fromDisk, bridge().pathOf);
    const { take, skipped: refused } = paths ? { take: fromDisk, skipped: [] } : sortImport(files, { byBytes: true });
    set({ libraryImport: { files: take.length, progress: { done: 0, total: take.length } } });
    try {
      const nothing: LibraryImportReport = { imported: [], alreadyThere: [], skipped: [] };
      let report: Result<LibraryImportReport>;
      if (paths) report = await api().import({ paths });
      else {
        const staged = await stageAll(take, refused);
        report = staged.length ? await api().import({ staged }) : { ok: true, value: nothing };
      }
      if (!report.ok) {
        get().pushToast({ level: 'error', title: 'The files could not be brought in', body: report.problem.message });
        return;
      }
      set({ libraryImported: report.value.imported });
      const words = importReportWords({ ...report.value, skipped: [...refused, ...report.value.skipped] });
      get().pushToast({ level: words.level, title: words.title, body: words.lines.join('\n') || undefined });
      await get().refreshLibrary();
    } finally {
      set({ libraryImport: null });
    }
  };
}
