/**
 * The preload: exposes named capabilities only, as `window.studio`. The
 * renderer gets `api.<domain>.<method>(args)` for each contract channel and
 * `api.<domain>.on<Event>(listener)` for each push event (each returning its
 * own unsubscribe), plus two desktop capabilities. There is no generic
 * invoke/send/on, and ipcRenderer itself never crosses the bridge.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { createStudioApi, fail, type Result, type StagedFile, type Transport } from '../../shared/ipc';

/** Kept in step with electron/app/ipc.ts (a preload must not import main-process modules). */
const START_DRAG_CHANNEL = 'app:startDrag';

const transport: Transport = {
  invoke: (channel, args) => ipcRenderer.invoke(channel, args) as Promise<Result<unknown>>,
  subscribe: (event, listener) => {
    const wrapped = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(event, wrapped);
    return () => {
      ipcRenderer.removeListener(event, wrapped);
    };
  },
};

const api = createStudioApi(transport);

/** What `window.studio` holds in Electron. */
export const preloadApi = {
  ...api,
  shell: 'electron' as const,
  /** Stages a dropped or picked file by its path on disk (size and type are checked by content in main). */
  stagePath: async (file: File): Promise<Result<StagedFile>> => {
    const filePath = webUtils.getPathForFile(file);
    if (!filePath) return fail('no-path', 'This file has no path on disk; send its bytes instead.');
    return api.files.stagePath({ path: filePath });
  },
  /** A dropped or picked file's path on disk (none for a drawn sketch or pasted image): the library imports by path. */
  pathOf: (file: File): string | null => webUtils.getPathForFile(file) || null,
  /** Starts dragging a job's file out of the window (to a folder or a game engine). */
  startDrag: (localId: string): void => {
    ipcRenderer.send(START_DRAG_CHANNEL, localId);
  },
};

export type PreloadApi = typeof preloadApi;

contextBridge.exposeInMainWorld('studio', preloadApi);
