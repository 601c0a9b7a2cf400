/**
 * Export to project folders: folders (added by path, dialog or the browser
 * shell's home-limited chooser), engine recognition, exports with
 * re-export in place, and where each job went.
 */
import { randomBytes } from 'node:crypto';
import { realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, isAbsolute, resolve } from 'node:path';
import { fail, ok, type ProjectFolderView, type Result } from '../../../shared/ipc';
import type { ChannelsOf, EventSink, HandlersFor, Platform } from '../contracts';
import type { JobEngine } from '../jobs/engine-api';
import { browse, isInside, resolveInsideHome } from './browse';
import { ExportStore, type StoredFolder } from './export-store';
import { checkFolder, exportJobs, lastExportPath } from './exporter';
import { safeSubfolder } from './file-name';
import { detectProject } from './project-detect';

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
}

export function setupExport(deps: ExportDeps): { handlers: HandlersFor<ChannelsOf<'export'>>; dispose(): Promise<void> } {
  const store = new ExportStore(deps.dataDir);
  const homeDir = deps.homeDir ?? homedir();
  const now = deps.now ?? (() => new Date());
  const platformDialog = (deps.platform as Platform & { chooseFolder?: () => Promise<string | undefined> }).chooseFolder;
  const chooseFolder = deps.chooseFolder ?? (platformDialog ? () => platformDialog.call(deps.platform) : undefined);

  async function view(folder: StoredFolder): Promise<ProjectFolderView> {
    const kind = await detectProject(folder.path);
    return {
      id: folder.id,
      path: folder.path,
      name: basename(folder.path) || folder.path,
      engine: kind.engine,
      proposedSubfolder: kind.proposedSubfolder,
      subfolder: folder.subfolder ?? kind.proposedSubfolder,
      note: kind.note,
      available: (await checkFolder(folder.path)) === undefined,
    };
  }
  const listViews = () => Promise.all(store.folders().map(view));
  const broadcast = async () => deps.events.emit('export:foldersChanged', await listViews());

  async function addFolder(path: string, shell: 'electron' | 'web' | 'cli'): Promise<Result<ProjectFolderView>> {
    if (!isAbsolute(path)) return fail('invalid-path', 'Give the full path of the project folder.');
    let real: string;
    if (shell === 'web') {
      // The browser shell reaches only the user's home directory.
      const inside = await resolveInsideHome(homeDir, path);
      if (!inside.ok) return inside;
      real = inside.value.real;
    } else {
      try {
        real = await realpath(resolve(path));
        if (!(await stat(real)).isDirectory()) return fail('not-a-folder', 'That is a file, not a folder. Choose the project folder itself.');
      } catch {
        return fail('not-found', `The folder ${path} does not exist.`);
      }
    }
    const existing = store.folders().find((f) => f.path === real);
    if (existing) return ok(await view(existing));
    const folder: StoredFolder = { id: `folder-${randomBytes(5).toString('hex')}`, path: real };
    const kind = await detectProject(real);
    folder.subfolder = kind.proposedSubfolder;
    store.addFolder(folder);
    await broadcast();
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
      store.removeFolder(folderId);
      await broadcast();
      return ok(null);
    },
    'export:setSubfolder': async ({ folderId, subfolder }) => {
      const folder = store.folder(folderId);
      if (!folder) return fail('not-found', 'That project folder is not in the list.');
      store.updateFolder(folderId, { subfolder: safeSubfolder(subfolder) });
      await broadcast();
      return ok(await view(store.folder(folderId)!));
    },
    'export:browse': async ({ path }) => browse(homeDir, path),
    'export:run': async ({ localIds, folderId, options }) => {
      const folder = store.folder(folderId);
      if (!folder) return fail('not-found', 'That project folder is not in the list.');
      const items = await exportJobs({ engine: deps.engine, store, now }, folder, localIds, stripUndefined(options ?? {}));
      const report = { folderId, items };
      deps.events.emit('export:done', report);
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

  return { handlers, dispose: async () => {} };
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
