/**
 * The main window: every hardening flag set explicitly (defaults change
 * between Electron versions, and audits flag implicit ones). Its size and
 * position are remembered through settings (`layout.window`), so they live
 * with the rest of the layout.
 */
import { BrowserWindow } from 'electron';
import { layoutSchema, type LayoutPrefs } from '../../shared/ipc';

export type WindowState = NonNullable<LayoutPrefs['window']>;

const DEFAULT_SIZE = { width: 1400, height: 900 };
const MIN_SIZE = { width: 960, height: 600 };

/** A saved state worth restoring: valid per the settings schema and not smaller than the window allows. */
export function usableState(state: WindowState | undefined): WindowState | undefined {
  if (!state || !layoutSchema.safeParse({ window: state }).success) return undefined;
  return state.width >= MIN_SIZE.width && state.height >= MIN_SIZE.height ? state : undefined;
}

/** Size and position: the remembered ones when usable, else the default size centred by the OS. */
export function windowBounds(state: WindowState | undefined): { width: number; height: number; x?: number; y?: number } {
  const usable = usableState(state);
  if (!usable) return DEFAULT_SIZE;
  return { width: usable.width, height: usable.height, ...(usable.x !== undefined && usable.y !== undefined ? { x: usable.x, y: usable.y } : {}) };
}

export interface MainWindowOptions {
  preload: string;
  devTools: boolean;
  url: string;
  state?: WindowState;
  saveState(state: WindowState): void;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  // The options are written out here, literally, so that auditors (Electronegativity) see every flag on the constructor call.
  const win = new BrowserWindow({
    ...windowBounds(options.state),
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
      // Middle-click must not open links in new windows.
      disableBlinkFeatures: 'Auxclick',
      devTools: options.devTools,
    },
  });
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
