/** A recording stand-in for the parts of the electron module the glue uses. Tests inspect the recorded calls. */
import { vi } from 'vitest';

export const electronMock = {
  app: {
    whenReady: vi.fn(async () => {}),
    on: vi.fn(),
    quit: vi.fn(),
    getPath: vi.fn(() => '/tmp/asset-studio-test'),
    getVersion: vi.fn(() => '0.0.0-test'),
    isPackaged: false,
    setPath: vi.fn(),
    requestSingleInstanceLock: vi.fn(() => true),
  },
  BrowserWindow: vi.fn(),
  ipcMain: { handle: vi.fn(), on: vi.fn(), removeHandler: vi.fn() },
  ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() },
  contextBridge: { exposeInMainWorld: vi.fn() },
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
  session: { defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn(), webRequest: { onHeadersReceived: vi.fn() } } },
  shell: { showItemInFolder: vi.fn(), openExternal: vi.fn() },
  safeStorage: {
    isEncryptionAvailable: vi.fn(() => true),
    encryptString: vi.fn((s: string) => Buffer.from(`enc:${s}`)),
    decryptString: vi.fn((b: Buffer) => b.toString().replace(/^enc:/, '')),
    getSelectedStorageBackend: vi.fn(() => 'gnome_libsecret'),
  },
  dialog: { showOpenDialog: vi.fn() },
  Notification: Object.assign(vi.fn(() => ({ show: vi.fn() })), { isSupported: vi.fn(() => true) }),
  webUtils: { getPathForFile: vi.fn() },
  net: { fetch: vi.fn() },
  Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn() },
};
