/**
 * Electron's side: the preload exposes `window.studio` (named capabilities
 * built by `createStudioApi` in electron/app/preload.ts, with no generic
 * invoke), and assets come from the privileged `studio://` scheme by local id.
 */
import { fail, type Result, type StagedFile, type StudioApi } from '../../../shared/ipc';
import type { Bridge } from './index';

/** What the preload puts on `window.studio` (kept in step with electron/app/preload.ts). */
export type PreloadApi = StudioApi & {
  shell: 'electron';
  stagePath(file: File): Promise<Result<StagedFile>>;
  pathOf(file: File): string | null;
  startDrag(localId: string): void;
};

export function isPreloadApi(value: unknown): value is PreloadApi {
  const v = value as Partial<PreloadApi> | undefined;
  return !!v && v.shell === 'electron' && typeof v.stagePath === 'function' && typeof v.jobs === 'object';
}

export function createElectronBridge(preload: PreloadApi): Bridge {
  const { shell: _shell, stagePath: _stagePath, pathOf: _pathOf, startDrag: _startDrag, ...api } = preload;
  return {
    api: api as StudioApi,
    shell: 'electron',
    assetUrl: (localId, variant) => `studio://app/assets/${encodeURIComponent(localId)}/${variant}`,
    async stageFile(file, name) {
      // A file from disk goes by path (no copy through IPC); a drawn sketch or pasted image by its bytes.
      if (file instanceof File) {
        const byPath = await preload.stagePath(file);
        if (byPath.ok || byPath.problem.reason !== 'no-path') return byPath;
      }
      const fileName = name ?? (file instanceof File ? file.name : 'file');
      try {
        return await preload.files.stageBytes({ name: fileName, data: new Uint8Array(await file.arrayBuffer()) });
      } catch {
        return fail('unreadable', `Could not read ${fileName}.`);
      }
    },
    pathOf: (file) => preload.pathOf(file),
    assetRequestHeaders: () => ({}),
  };
}
