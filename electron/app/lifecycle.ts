/** App lifecycle: one instance, data directory, quitting only after the services have stopped. */
import { app, BrowserWindow } from 'electron';
import { resolveDataDir } from '../services/data-dir';
import type { Logger } from '../services/log';

/** Electron, the browser shell and the CLI share one directory (ASSET_STUDIO_DATA_DIR overrides it). */
export function setupDataDir(): string {
  const dataDir = resolveDataDir();
  app.setPath('userData', dataDir);
  return dataDir;
}

/** A second launch focuses the running window instead of starting a second engine on the same ledger. */
export function setupSingleInstance(mainWindow: () => BrowserWindow | undefined): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on('second-instance', () => {
    const win = mainWindow();
    if (!win || win.isDestroyed()) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  return true;
}

export function setupLifecycle(options: { createWindow: () => void; dispose: () => Promise<void>; log: Logger }): void {
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) options.createWindow();
  });
  // A crashed renderer or helper process is worth a log line: the user may report it.
  app.on('render-process-gone', (_event, _contents, details) => options.log.error('a renderer process ended', { reason: details.reason, exitCode: details.exitCode }));
  app.on('child-process-gone', (_event, details) => options.log.error('a helper process ended', { type: details.type, reason: details.reason, exitCode: details.exitCode }));
  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    // Jobs in flight are durable, but the engine should stop its timers and flush before the process ends.
    event.preventDefault();
    options
      .dispose()
      .catch((err: unknown) => options.log.error('services did not stop cleanly', { error: err }))
      .finally(() => {
        stopped = true;
        app.quit();
      });
  });
}
