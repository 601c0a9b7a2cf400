/** A recording stand-in for the parts of the electron module the glue uses. Tests inspect the recorded calls. */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/** A web contents that records what the glue does to it. */
export class FakeWebContents extends EventEmitter {
  url = 'studio://app/index.html';
  destroyed = false;
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | undefined;
  send = vi.fn();
  startDrag = vi.fn();
  getURL = () => this.url;
  isDestroyed = () => this.destroyed;
  setWindowOpenHandler = vi.fn((handler: (details: { url: string }) => { action: 'allow' | 'deny' }) => {
    this.windowOpenHandler = handler;
  });
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  static getAllWindows = vi.fn(() => FakeBrowserWindow.instances);
  static getFocusedWindow = vi.fn((): FakeBrowserWindow | null => null);
  webContents = new FakeWebContents();
  destroyed = false;
  bounds = { x: 10, y: 20, width: 1200, height: 800 };
  loadURL = vi.fn(async (_url: string) => {});
  show = vi.fn();
  focus = vi.fn();
  restore = vi.fn();
  maximize = vi.fn();
  isMinimized = vi.fn(() => false);
  isMaximized = vi.fn(() => false);
  isDestroyed = () => this.destroyed;
  getNormalBounds = () => this.bounds;
  setTitle = vi.fn();
  setProgressBar = vi.fn();
  destroy = vi.fn(() => {
    this.destroyed = true;
  });
  constructor(public options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
}

const fakeImage = { resize: vi.fn(() => fakeImage), isEmpty: () => false };

export const electronMock = {
  app: {
    whenReady: vi.fn(async () => {}),
    on: vi.fn(),
    quit: vi.fn(),
    exit: vi.fn(),
    getPath: vi.fn(() => '/tmp/asset-studio-test'),
    getVersion: vi.fn(() => '0.0.0-test'),
    isPackaged: false,
    setPath: vi.fn(),
    requestSingleInstanceLock: vi.fn(() => true),
    enableSandbox: vi.fn(),
  },
  BrowserWindow: FakeBrowserWindow,
  ipcMain: { handle: vi.fn(), on: vi.fn(), removeHandler: vi.fn(), removeListener: vi.fn() },
  ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn(), send: vi.fn() },
  contextBridge: { exposeInMainWorld: vi.fn() },
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
  session: {
    defaultSession: {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setDevicePermissionHandler: vi.fn(),
      webRequest: { onHeadersReceived: vi.fn() },
    },
  },
  shell: { showItemInFolder: vi.fn(), openExternal: vi.fn(async () => {}) },
  screen: { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]) },
  safeStorage: {
    isEncryptionAvailable: vi.fn(() => true),
    encryptString: vi.fn((s: string) => Buffer.from(`enc:${s}`)),
    decryptString: vi.fn((b: Buffer) => b.toString().replace(/^enc:/, '')),
    getSelectedStorageBackend: vi.fn((): string => 'gnome_libsecret'),
  },
  dialog: { showOpenDialog: vi.fn() },
  // A constructor (the glue calls `new Notification(...)`) whose instance records show/on.
  Notification: Object.assign(
    vi.fn(function Notification() {
      return { show: vi.fn(), on: vi.fn() };
    }),
    { isSupported: vi.fn(() => true) },
  ),
  nativeImage: { createFromPath: vi.fn(() => fakeImage), createFromDataURL: vi.fn(() => fakeImage) },
  webUtils: { getPathForFile: vi.fn() },
  net: { fetch: vi.fn() },
  Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn() },
};
