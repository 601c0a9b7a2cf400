/**
 * Batch exports through the export service, so batch outputs follow the same
 * rules as any export: file names from the template, sidecars, safe paths,
 * re-export in place, the engine's project subfolder. The output folder is
 * registered with the export service as a batch output (idempotent; it does
 * not join the user's project folders), then each finished job is exported
 * into it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fail, type ProjectFolderView, type Result } from '../../../shared/ipc';
import type { PartialHandlers } from '../contracts';
import type { BatchExporter } from './output';

export type AddOutputFolder = (path: string, shell: 'electron' | 'web' | 'cli') => Promise<Result<ProjectFolderView>>;

export function exportServiceExporter(exportHandlers: PartialHandlers, addOutputFolder?: AddOutputFolder): BatchExporter {
  const addFolder = addOutputFolder
    ? (args: { path: string }, ctx: { shell: 'electron' | 'web' | 'cli' }) => addOutputFolder(args.path, ctx.shell)
    : exportHandlers['export:addFolder'];
  const run = exportHandlers['export:run'];
  if (!addFolder || !run) throw new Error('The export service does not offer export:addFolder and export:run.');
  const folders = new Map<string, string>();

  const folderFor = async (outDir: string, shell: 'electron' | 'web' | 'cli') => {
    // A batch's --out folder may be new; the export service only registers folders that exist.
    try {
      await fs.mkdir(outDir, { recursive: true });
    } catch (err) {
      return fail('unwritable', `The output folder ${outDir} could not be created: ${(err as Error).message}`);
    }
    const added = await addFolder({ path: outDir }, { shell });
    if (!added.ok) return added;
    folders.set(`${shell}|${outDir}`, added.value.id);
    return added;
  };

  return {
    async prepare(outDir, shell) {
      const added = await folderFor(outDir, shell);
      if (!added.ok) return { ok: false, message: added.problem.message };
      const { path: root, subfolder } = added.value;
      return { ok: true, assetDir: subfolder ? path.join(root, ...subfolder.split('/')) : root };
    },
    async exportJob({ shell, job, outDir }) {
      let folderId = folders.get(`${shell}|${outDir}`);
      if (!folderId) {
        const added = await folderFor(outDir, shell);
        if (!added.ok) return { ok: false, message: added.problem.message };
        folderId = added.value.id;
      }
      const res = await run({ localIds: [job.localId], folderId }, { shell });
      if (!res.ok) return { ok: false, message: res.problem.message };
      const item = res.value.items[0];
      if (!item?.ok || !item.path) return { ok: false, message: item?.message ?? 'The export service wrote nothing.' };
      return { ok: true, file: item.path };
    },
  };
}
