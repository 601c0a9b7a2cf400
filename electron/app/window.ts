/**
 * The main window: every hardening flag set explicitly (defaults change
 * between Electron versions, and audits flag implicit ones). Its size and
 * position are remembered through settings (`layout.window`), so they live
 * with the rest of the layout.
 */
import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import { layoutSchema, type LayoutPrefs } from '../../shared/ipc';

export type WindowState = NonNullable<LayoutPrefs['window']>;

const DEFAULT_SIZE = { width: 1400, height: 900 };
const MIN_SIZE = { width: 960, height: 600 };

/** A saved state worth restoring: valid per the settings schema and not smaller than the window allows. */
export function usableState(state: WindowState | undefined): WindowState | undefined {
  if (!state || !layoutSchema.safeParse({ window: state }).success) return undefined;
  return state.width >= MIN_SIZE.width && state.height >= MIN_SIZE.height ? state : undefined;
}

export function mainWindowOptions(options: { preload: string; devTools: boolean; state?: WindowState }): BrowserWindowConstructorOptions {
  const state = usableState(options.state);
  const bounds = state ? { width: state.width, height: state.height, ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}) } : DEFAULT_SIZE;
  return {
    ...bounds,
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

export interface MainWindowOptions {
  preload: string;
  devTools: boolean;
  url: string;
  state?: WindowState;
  saveState(state: WindowState): void;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow(mainWindowOptions(options));
  if (usableState(options.state)?.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  win.on('close', () => {
    const b = win.getNormalBounds();
    const state = { width: Math.round(b.width), height: Math.round(b.height), x: Math.round(b.x), y: Math.round(b.y), maximized: win.isMaximized() };
    if (layoutSchema.safeParse({ window: state }).success) options.saveState(state);
  });
  void win.loadURL(options.url);
  return win;
}
