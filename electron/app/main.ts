/**
 * Asset Studio's Electron main process, as a boot list. Everything with logic
 * lives in services (plain Node, shared with the browser shell and the CLI);
 * this file only wires Electron to them.
 */
import path from 'node:path';
import { app, dialog, session, type BrowserWindow } from 'electron';
import { APP_ORIGIN, originOf } from '../ipc/sender';
import { createServices } from '../compose';
import { createLogger } from '../services/log';
import { sqliteProblem } from '../services/store/sqlite-support';
import { useCheckerLauncher } from '../services/guard/check-process';
import { utilityChecker } from './checker-utility';
import { createElectronCipher } from './cipher-electron';
import { setupIpc } from './ipc';
import { setupDataDir, setupLifecycle, setupSingleInstance } from './lifecycle';
import { createElectronPlatform } from './platform-electron';
import { registerAppScheme, serveAppScheme } from './protocol';
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy, hardenSession, hardenWebContents } from './security';
import { createMovingProgress } from './moving-window';
import { createMainWindow } from './window';

// Injected by Forge's Vite plugin (and by scripts/build.mjs): the dev server URL under `electron-forge start`, else undefined.
declare const MAIN_WINDOW_VITE_DEV_SERVER_URL: string | undefined;
declare const MAIN_WINDOW_VITE_NAME: string;

const devServerUrl = typeof MAIN_WINDOW_VITE_DEV_SERVER_URL === 'string' && MAIN_WINDOW_VITE_DEV_SERVER_URL ? MAIN_WINDOW_VITE_DEV_SERVER_URL : undefined;
const rendererName = typeof MAIN_WINDOW_VITE_NAME === 'string' ? MAIN_WINDOW_VITE_NAME : 'main_window';
const trustedOrigins = [APP_ORIGIN, ...(devServerUrl ? [originOf(devServerUrl)!] : [])];
let mainWindow: BrowserWindow | undefined;

const dataDir = setupDataDir();
if (!setupSingleInstance(() => mainWindow)) {
  app.quit();
} else {
  // Every renderer sandboxed, whatever options a future window is created with.
  app.enableSandbox();
  registerAppScheme({ dev: devServerUrl !== undefined });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, trustedOrigins));
  app.whenReady().then(boot).catch(fail);
}

async function boot(): Promise<void> {
  const log = createLogger({ dataDir });
  // The jobs and the library are kept in SQLite through node:sqlite (Electron 40+ embeds a Node 24 that has it):
  // a build without it, or without full-text search, says so in a window instead of failing on the first write.
  const sqlite = sqliteProblem();
  if (sqlite) {
    log.error('Asset Studio could not start', { reason: sqlite });
    dialog.showErrorBox('Asset Studio cannot start', sqlite);
    app.exit(1);
    return;
  }
  hardenSession(session.defaultSession, devServerUrl ? devContentSecurityPolicy(devServerUrl) : CONTENT_SECURITY_POLICY);
  const platform = createElectronPlatform({ mainWindow: () => mainWindow });
  // Files from outside are decoded in utility processes: their memory is theirs, returned when they end.
  useCheckerLauncher(utilityChecker);
  // A long history moving into the database (the first start after the update) shows its own small window.
  const moving = createMovingProgress();
  const services = await createServices({
    dataDir,
    platform,
    cipher: createElectronCipher(),
    log,
    onImportProgress: (done, total) => moving.update(done, total),
  }).finally(() => moving.close());
  serveAppScheme({ rendererDir: path.join(__dirname, '..', 'renderer', rendererName), engine: services.assetFiles, devOrigin: devServerUrl && originOf(devServerUrl) });
  setupIpc({ handlers: services.handlers, events: services.events, engine: services.engine, trustedOrigins, log });
  const openWindow = (): void => {
    mainWindow = createMainWindow({
      preload: path.join(__dirname, 'preload.js'),
      devTools: !app.isPackaged,
      url: devServerUrl ?? `${APP_ORIGIN}/index.html`,
      state: services.layout.get().window,
      saveState: (window) => services.layout.set({ window }),
    });
  };
  setupLifecycle({ createWindow: openWindow, dispose: services.dispose, log });
  openWindow();
}

function fail(err: unknown): void {
  createLogger({ dataDir }).error('Asset Studio could not start', { error: err });
  app.exit(1);
}
