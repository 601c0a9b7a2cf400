/**
 * Export to project folders: folders (added by path, dialog or the browser
 * shell's home-limited chooser), engine recognition, exports with
 * re-export in place, and where each job went.
 */
import { randomBytes } from 'node:crypto';
import { realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, isAbsolute, resolve } from 'node:path';
import { engineLines } from '../../../shared/domain/engine-import';
import { compressionFor, presetBudget, type Budget, type BudgetTarget, type GeometryCompression } from '../../../shared/domain/readiness';
import { DEFAULT_EXPORT_OPTIONS, fail, ok, type ExportReport, type ParsedArgsOf, type ProjectFolderView, type ReadinessReport, type Result } from '../../../shared/ipc';
import type { ChannelsOf, EventSink, HandlersFor, Platform } from '../contracts';
import type { JobEngine } from '../jobs/engine-api';
import { allowedRoots, gateFor, storedFolderAtUse } from '../allowed-roots';
import { browse, isInside } from './browse';
import { ExportStore, type StoredFolder } from './export-store';
import { jobSource, stagedSource, type StagedFiles } from './export-source';
import { checkFolder, exportJobs, exportStaged, lastExportPath } from './exporter';
import { safeSubfolder } from './file-name';
import { detectProject, PROJECT_KINDS } from './project-detect';
import { savePicture } from './pictures';
import { checkPool } from '../guard/check-pool';
import type { Measured } from './ready-copy';

/** The target a folder's budget starts from until the user picks one. */
export const DEFAULT_TARGET: BudgetTarget = 'desktop';

export interface ExportDeps {
  dataDir: string;
  engine: JobEngine;
  events: EventSink;
  platform: Platform;
  /**
   * The system folder dialog. Defaults to `platform.chooseFolder` when the
   * shell's Platform offers one (Electron: dialog.showOpenDialog openDirectory).
   */
  chooseFolder?: () => Promise<string | undefined>;
  /** The browser shell's chooser is limited to this directory; defaults to os.homedir(). */
  homeDir?: string;
  now?: () => Date;
  /** The files service's staging area: models dropped on the window are exported from there. */
  staging?: StagedFiles;
  /** Told of every export run (the UI's, the CLI's, a batch's): the library records each exported item. */
  onExported?: (run: ExportRun) => void;
}

/** One `export:run` as it was asked and what it wrote. */
export interface ExportRun {
  args: ParsedArgsOf<'export:run'>;
  folder: { id: string; path: string };
  report: ExportReport;
  at: string;
}

export function setupExport(deps: ExportDeps): {
  handlers: HandlersFor<ChannelsOf<'export'>>;
  addBatchOutputFolder(path: string, shell: 'electron' | 'web' | 'cli'): Promise<Result<ProjectFolderView>>;
  /** Each project folder's budget and compression as the check uses them (the library stores readiness against them). */
  readinessFolders(): Promise<{ id: string; budget: Budget; compression: GeometryCompression }[]>;
  dispose(): Promise<void>;
} {
  const store = new ExportStore(deps.dataDir);
  const homeDir = deps.homeDir ?? homedir();
  const now = deps.now ?? (() => new Date());
  const platformDialog = (deps.platform as Platform & { chooseFolder?: () => Promise<string | undefined> }).chooseFolder;
  const chooseFolder = deps.chooseFolder ?? (platformDialog ? () => platformDialog.call(deps.platform) : undefined);

  async function budgetOf(folder: StoredFolder): Promise<{ budget: Budget; compression: GeometryCompression; engine: ProjectFolderView['engine']; web: boolean }> {
    const { engine, web } = await detectProject(folder.path);
    const budget = folder.budget ?? presetBudget(engine, DEFAULT_TARGET);
    return { budget, compression: compressionFor(engine, budget.target), engine, web: web === true || (engine === 'plain' && budget.target === 'web') };
  }

  async function view(folder: StoredFolder): Promise<ProjectFolderView> {
    // A folder replaced by a link since it was added: its markers are not read (they are somewhere else now).
    const moved = await storedFolderAtUse(folder.path, { shell: 'electron' });
    const kind = moved ? PROJECT_KINDS.plain : await detectProject(folder.path);
    const budget = folder.budget ?? presetBudget(kind.engine, DEFAULT_TARGET);
    return {
      id: folder.id,
      path: folder.path,
      name: basename(folder.path) || folder.path,
      engine: kind.engine,
      proposedSubfolder: kind.proposedSubfolder,
      subfolder: folder.subfolder ?? kind.proposedSubfolder,
      note: kind.note,
      available: !moved && (await checkFolder(folder.path)) === undefined,
      budget,
      compression: compressionFor(kind.engine, budget.target),
    };
  }
  /** The user's project folders: a batch's output folder is not one unless the user added it too. */
  const listViews = () => Promise.all(store.folders().filter((f) => !f.batchOutput).map(view));
  const broadcast = async () => deps.events.emit('export:foldersChanged', await listViews());

  async function addFolder(path: string, shell: 'electron' | 'web' | 'cli', asBatchOutput = false): Promise<Result<ProjectFolderView>> {
    if (!isAbsolute(path)) return fail('invalid-path', 'Give the full path of the project folder.');
    let real: string;
    if (shell === 'web') {
      // The browser shell reaches only the home and data folders (allowed-roots.ts).
      const inside = await gateFor({ shell }, deps.dataDir, homeDir).check(path);
      if (!inside.ok) return inside;
      real = inside.value;
      if (!(await stat(real)).isDirectory()) return fail('not-a-folder', 'That is a file, not a folder. Choose the project folder itself.');
    } else {
      try {
        real = await realpath(resolve(path));
        if (!(await stat(real)).isDirectory()) return fail('not-a-folder', 'That is a file, not a folder. Choose the project folder itself.');
      } catch {
        return fail('not-found', `The folder ${path} does not exist.`);
      }
    }
    const existing = store.folders().find((f) => f.path === real);
    if (existing) {
      // The user adding a batch's output folder makes it a project folder.
      if (existing.batchOutput && !asBatchOutput) {
        await store.updateFolder(existing.id, { batchOutput: undefined });
        await broadcast();
      }
      return ok(await view(store.folder(existing.id)!));
    }
    const folder: StoredFolder = { id: `folder-${randomBytes(5).toString('hex')}`, path: real, ...(asBatchOutput ? { batchOutput: true } : {}) };
    const kind = await detectProject(real);
    folder.subfolder = kind.proposedSubfolder;
    await store.addFolder(folder);
    if (!asBatchOutput) await broadcast();
    return ok(await view(folder));
  }

  const handlers: HandlersFor<ChannelsOf<'export'>> = {
    'export:listFolders': async () => ok(await listViews()),
    'export:addFolder': async ({ path }, ctx) => addFolder(path, ctx.shell),
    'export:pickFolder': async (_args, ctx) => {
      if (!chooseFolder) return fail('unavailable', 'There is no folder dialog here; type a path or use the folder chooser.');
      const chosen = await chooseFolder();
      return chosen ? addFolder(chosen, ctx.shell) : ok(null);
    },
    'export:removeFolder': async ({ folderId }) => {
      if (!store.folder(folderId)) return fail('not-found', 'That project folder is not in the list.');
      await store.removeFolder(folderId);
      await broadcast();
      return ok(null);
    },
    'export:setSubfolder': async ({ folderId, subfolder }) => {
      const folder = store.folder(folderId);
      if (!folder) return fail('not-found', 'That project folder is not in the list.');
      await store.updateFolder(folderId, { subfolder: safeSubfolder(subfolder) });
      await broadcast();
      return ok(await view(store.folder(folderId)!));
    },
    'export:browse': async ({ path }) => browse(homeDir, path, allowedRoots(deps.dataDir, homeDir)),
    'export:run': async (args, ctx) => {
      const { localIds, stagedFileIds, folderId, options, format, formats, fixes, budget: chosen, skyboxFaces } = args;
      const folder = store.folder(folderId);
      if (!folder) return fail('not-found', 'That project folder is not in the list.');
      const moved = await storedFolderAtUse(folder.path, ctx, deps.dataDir, homeDir);
      if (moved) return fail('folder-moved', moved);
      const own = await budgetOf(folder);
      const budget = chosen ?? own.budget;
      const compression = compressionFor(own.engine, budget.target);
      const plan = { format, ...(formats ? { formats } : {}), fixes, budget, compression, projectEngine: own.engine, webProject: own.web || (own.engine === 'plain' && budget.target === 'web'), ...(skyboxFaces ? { skyboxFaces } : {}) };
      const requested = stripUndefined(options ?? {});
      const items = stagedFileIds
        ? await exportStaged({ engine: deps.engine, store, now, staging: deps.staging }, folder, stagedFileIds, requested, plan)
        : await exportJobs({ engine: deps.engine, store, now }, folder, localIds ?? [], requested, plan);
      const report = { folderId, items };
      deps.onExported?.({ args, folder: { id: folder.id, path: folder.path }, report, at: now().toISOString() });
      deps.events.emit('export:done', report);
      return ok(report);
    },
    'export:savePicture': async ({ localId, folderId, picture, format, dataBase64, template }, ctx) => {
      const folder = store.folder(folderId);
      if (!folder) return fail('not-found', 'That project folder is not in the list.');
      const moved = await storedFolderAtUse(folder.path, ctx, deps.dataDir, homeDir);
      if (moved) return fail('folder-moved', moved);
      const saved = await savePicture({ engine: deps.engine, store, now }, folder, { localId, picture, format, bytes: Buffer.from(dataBase64, 'base64'), ...(template ? { template } : {}) });
      return saved.ok ? ok({ path: saved.path, relativePath: saved.relativePath, replacedInPlace: saved.replacedInPlace }) : fail('not-saved', saved.message);
    },
    'export:setBudget': async ({ folderId, target, budget }, ctx) => {
      const folder = store.folder(folderId);
      if (!folder) return fail('not-found', 'That project folder is not in the list.');
      const moved = await storedFolderAtUse(folder.path, ctx, deps.dataDir, homeDir);
      if (moved) return fail('folder-moved', moved);
      const { engine, budget: current } = await budgetOf(folder);
      const next: Budget = { ...(target ? presetBudget(engine, target) : current), ...stripUndefined(budget ?? {}) };
      if (next.minHeightM >= next.maxHeightM) return fail('invalid-budget', 'The lowest height must be under the highest.');
      await store.updateFolder(folderId, { budget: next });
      await broadcast();
      return ok(await view(store.folder(folderId)!));
    },
    'export:check': async ({ localId, stagedFileId, folderId, target }, ctx) => {
      const source = localId ? jobSource(deps.engine, localId) : stagedSource(deps.staging, stagedFileId ?? '', now());
      if ('message' in source || !source.isModel) return fail('not-a-model', 'Only a finished model can be checked.');
      const folder = folderId ? store.folder(folderId) : undefined;
      if (folderId && !folder) return fail('not-found', 'That project folder is not in the list.');
      // Its markers (Assets/, project.godot, *.uproject) pick the budget: read only where the folder still is.
      const moved = folder ? await storedFolderAtUse(folder.path, ctx, deps.dataDir, homeDir) : undefined;
      if (moved) return fail('folder-moved', moved);
      const { budget, compression, engine, web } = folder
        ? await budgetOf(folder)
        : { budget: presetBudget('plain', target ?? DEFAULT_TARGET), compression: compressionFor('plain', target ?? DEFAULT_TARGET), engine: 'plain' as const, web: target === 'web' };
      const chosen = target && folder ? presetBudget((await detectProject(folder.path)).engine, target) : budget;
      // Read, guarded and measured in a checking process: a dropped model may declare far more than it holds.
      const answer = await checkPool().run({ kind: 'check-model', file: source.path, options: { ...DEFAULT_EXPORT_OPTIONS }, budget: chosen, compression, ...(source.validation ? { validation: source.validation } : {}) });
      if ('refused' in answer) return fail('refused', answer.refused);
      if ('failed' in answer) return fail('unreadable', `The model could not be read: ${answer.failed}.`);
      const measured = answer.value as Measured;
      // Which engines act on collision and levels of detail, for this folder and the default choices.
      const check = [...measured.check, ...engineLines(engine, { web: web || (engine === 'plain' && chosen.target === 'web'), lodRatios: chosen.lodRatios })];
      const report: ReadinessReport = { localId: source.id, ...(folder ? { folderId: folder.id } : {}), budget: chosen, compression, ...measured, check };
      return ok(report);
    },
    'export:records': async ({ localId }) =>
      ok(
        store.records(localId ? { localId } : undefined).flatMap((r) => {
          const folder = store.folder(r.folderId);
          if (!folder) return [];
          const path = resolve(folder.path, ...r.relativePath.split('/'));
          return isInside(folder.path, path) ? [{ localId: r.localId, jobId: r.jobId, folderId: r.folderId, relativePath: r.relativePath, path, exportedAt: r.exportedAt }] : [];
        }),
      ),
    'export:reveal': async ({ localId }) => {
      const path = lastExportPath(store, localId);
      if (!path) return fail('not-found', 'This job has not been exported yet.');
      return ok(await deps.platform.revealInFolder(path));
    },
  };

  /** For the batch service: a batch's output folder, registered for exports without joining the project folders. */
  const addBatchOutputFolder = (path: string, shell: 'electron' | 'web' | 'cli') => addFolder(path, shell, true);
  const readinessFolders = () =>
    Promise.all(
      store
        .folders()
        .filter((f) => !f.batchOutput)
        .map(async (f) => {
          const { budget, compression } = await budgetOf(f);
          return { id: f.id, budget, compression };
        }),
    );
  return { handlers, addBatchOutputFolder, readinessFolders, dispose: () => store.flush() };
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
