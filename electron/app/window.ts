/**
 * The main window: every hardening flag set explicitly (defaults change
 * between Electron versions, and audits flag implicit ones). Its size and
 * position are remembered through settings (`layout.window`, a JSON file
 * read with `conf`, which the CLI and browser shell read too), so they live
 * with the rest of the layout; at start they are fitted to the displays
 * connected now.
 */
import { BrowserWindow, screen } from 'electron';
import { layoutSchema, type LayoutPrefs } from '../../shared/ipc';

export type WindowState = NonNullable<LayoutPrefs['window']>;

const DEFAULT_SIZE = { width: 1400, height: 900 };
const MIN_SIZE = { width: 960, height: 600 };

/** A saved state worth restoring: valid per the settings schema and not smaller than the window allows. */
export function usableState(state: WindowState | undefined): WindowState | undefined {
  if (!state || !layoutSchema.safeParse({ window: state }).success) return undefined;
  return state.width >= MIN_SIZE.width && state.height >= MIN_SIZE.height ? state : undefined;
}

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How much of the window's title bar must lie on a display for the remembered position to be kept (pixels). */
const GRIP = { width: 120, height: 32 };

function overlap(a: Area, b: Area): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

/**
 * Size and position: the remembered ones when usable, else the default size
 * centred by the OS. With the displays' work areas: a position whose title
 * bar is on no display (a monitor unplugged since) is dropped, so the OS
 * centres the window; the size shrinks to fit the display it opens on.
 */
export function windowBounds(state: WindowState | undefined, workAreas: readonly Area[] = []): { width: number; height: number; x?: number; y?: number } {
  const usable = usableState(state);
  if (!usable) return DEFAULT_SIZE;
  let place = usable.x !== undefined && usable.y !== undefined ? { x: usable.x, y: usable.y } : undefined;
  let display: Area | undefined;
  if (workAreas.length > 0) {
    if (place) {
      const titleBar = { x: place.x, y: place.y, width: Math.min(usable.width, GRIP.width * 4), height: GRIP.height };
      display = workAreas.find((area) => {
        const o = overlap(titleBar, area);
        return o.width >= Math.min(GRIP.width, titleBar.width) && o.height >= GRIP.height;
      });
      if (!display) place = undefined;
    }
    display ??= workAreas[0];
  }
  const width = display ? Math.max(MIN_SIZE.width, Math.min(usable.width, display.width)) : usable.width;
  const height = display ? Math.max(MIN_SIZE.height, Math.min(usable.height, display.height)) : usable.height;
  if (place && display) {
    // Slide back inside the display where it now overhangs its right or bottom edge.
    place = { x: Math.max(display.x, Math.min(place.x, display.x + display.width - width)), y: Math.max(display.y, Math.min(place.y, display.y + display.height - height)) };
  }
  return { width, height, ...(place ?? {}) };
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
    ...windowBounds(options.state, screen.getAllDisplays().map((d) => d.workArea)),
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
