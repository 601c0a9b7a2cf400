/**
 * The main window: every hardening flag set explicitly (defaults change
 * between Electron versions, and audits flag implicit ones), and its size and
 * position remembered in `dataDir/window-state.json`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BrowserWindow, type BrowserWindowConstructorOptions, type Rectangle } from 'electron';

export interface WindowState {
  bounds?: Rectangle;
  maximized?: boolean;
}

const DEFAULT_SIZE = { width: 1400, height: 900 };
const MIN_SIZE = { width: 960, height: 600 };

export function mainWindowOptions(options: { preload: string; devTools: boolean; state?: WindowState }): BrowserWindowConstructorOptions {
  const bounds = options.state?.bounds;
  return {
    ...(bounds ?? DEFAULT_SIZE),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Asset Studio',
    show: false,
    backgroundColor: '#16181d',
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      devTools: options.devTools,
    },
  };
}

export function readWindowState(file: string): WindowState {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as WindowState;
    const b = parsed.bounds;
    const valid =
      b && [b.x, b.y, b.width, b.height].every((n) => Number.isFinite(n)) && b.width >= MIN_SIZE.width && b.height >= MIN_SIZE.height;
    return { bounds: valid ? b : undefined, maximized: parsed.maximized === true };
  } catch {
    return {};
  }
}

export function writeWindowState(file: string, state: WindowState): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(state));
    fs.renameSync(tmp, file);
  } catch {
    // Losing the window size is not worth an error.
  }
}

export interface MainWindowOptions {
  dataDir: string;
  preload: string;
  devTools: boolean;
  url: string;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const stateFile = path.join(options.dataDir, 'window-state.json');
  const state = readWindowState(stateFile);
  const win = new BrowserWindow(mainWindowOptions({ preload: options.preload, devTools: options.devTools, state }));
  if (state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  win.on('close', () => writeWindowState(stateFile, { bounds: win.getNormalBounds(), maximized: win.isMaximized() }));
  void win.loadURL(options.url);
  return win;
}
