/**
 * Electron's side of the contract: one `ipcMain.handle` per request channel.
 * Each checks the sender's origin, then hands the raw arguments to
 * `dispatch()`, which validates them with the channel's schema before any
 * service runs. Push events go to the app's own windows only.
 */
import { BrowserWindow, ipcMain, nativeImage, type IpcMainEvent, type IpcMainInvokeEvent } from 'electron';
import { isLocalId } from '../../shared/domain/local-id';
import { REQUEST_NAMES, fail } from '../../shared/ipc';
import { dispatch } from '../ipc/dispatch';
import { isTrustedSender } from '../ipc/sender';
import type { PartialHandlers } from '../services/contracts';
import type { EventHub } from '../services/event-hub';
import type { JobEngine } from '../services/jobs/engine-api';
import type { Logger } from '../services/log';

/** Fire-and-forget channel for dragging a job's file out of the window (not a request: the OS drag must start synchronously). */
export const START_DRAG_CHANNEL = 'app:startDrag';


/** A 16×16 file glyph for drags without a thumbnail (macOS requires an icon). */
const DRAG_ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAACXBIWXMAAAsTAAALEwEAmpwYAAAANUlEQVQ4jWNgoCaI7n3/HxdedfTncYoMOP/gP2FDogkYQNCQaDwGIONRA96PhkHvoA4DcgAAouiIJjENGdgAAAAASUVORK5CYII=';

export interface IpcDeps {
  handlers: PartialHandlers;
  events: EventHub;
  /** Where a job's verified asset and thumbnail are cached (for drags). */
  engine: Pick<JobEngine, 'assetPath' | 'thumbnailPath'>;
  /** Origins whose frames may call: the app origin, plus the dev server in development. */
  trustedOrigins: readonly string[];
  log: Logger;
  /** The windows that receive push events (defaults to every BrowserWindow). */
  windows?: () => BrowserWindow[];
}

export function setupIpc(deps: IpcDeps): () => void {
  const log = deps.log.child('ipc');
  const senderUrl = (event: IpcMainInvokeEvent | IpcMainEvent): string | undefined => event.senderFrame?.url;

  for (const channel of REQUEST_NAMES) {
    ipcMain.handle(channel, async (event, args: unknown) => {
      if (!isTrustedSender(senderUrl(event), deps.trustedOrigins)) {
        log.warn('refused a request from an untrusted frame', { channel, origin: senderUrl(event) });
        return fail('forbidden', 'This window is not allowed to use the app.');
      }
      return dispatch(deps.handlers, channel, args, { shell: 'electron' }, (level, message) => log[level](message));
    });
  }

  const onStartDrag = (event: IpcMainEvent, rawLocalId: unknown): void => {
    if (!isTrustedSender(senderUrl(event), deps.trustedOrigins)) return;
    if (!isLocalId(rawLocalId)) return;
    const file = deps.engine.assetPath(rawLocalId);
    if (!file) return;
    const thumbnail = deps.engine.thumbnailPath(rawLocalId);
    const icon = thumbnail ? nativeImage.createFromPath(thumbnail).resize({ width: 64 }) : nativeImage.createFromDataURL(DRAG_ICON);
    event.sender.startDrag({ file, icon });
  };
  ipcMain.on(START_DRAG_CHANNEL, onStartDrag);

  const windows = deps.windows ?? (() => BrowserWindow.getAllWindows());
  const detachEvents = deps.events.subscribe((name, payload) => {
    for (const win of windows()) {
      if (win.isDestroyed() || win.webContents.isDestroyed()) continue;
      // Only a window still showing the app gets app events.
      if (!isTrustedSender(win.webContents.getURL(), deps.trustedOrigins)) continue;
      win.webContents.send(name, payload);
    }
  });

  return () => {
    for (const channel of REQUEST_NAMES) ipcMain.removeHandler(channel);
    ipcMain.removeListener(START_DRAG_CHANNEL, onStartDrag);
    detachEvents();
  };
}
