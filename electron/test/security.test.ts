import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy, hardenSession, hardenWebContents, isExternalAllowed } from '../app/security';
import { createMainWindow, windowBounds } from '../app/window';
import { createElectronCipher } from '../app/cipher-electron';
import { isTrustedSender, originOf } from '../ipc/sender';
import { electronMock, type FakeBrowserWindow, FakeWebContents } from './electron-mock';

const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

describe('Content-Security-Policy', () => {
  it('has no unsafe-eval anywhere and allows only what the viewport needs', () => {
    expect(CONTENT_SECURITY_POLICY).not.toContain("'unsafe-eval'");
    const d = directives(CONTENT_SECURITY_POLICY);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(d.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('form-action')).toEqual(["'none'"]);
  });

  it('the development policy still has no unsafe-eval', () => {
    const dev = devContentSecurityPolicy('http://localhost:5173');
    expect(dev).not.toContain("'unsafe-eval'");
    expect(directives(dev).get('connect-src')).toContain('ws://localhost:5173');
  });

  it('is set on every response, replacing any other policy, and every permission is denied', () => {
    const session = electronMock.session.defaultSession;
    hardenSession(session as never, CONTENT_SECURITY_POLICY);
    const onHeaders = session.webRequest.onHeadersReceived.mock.calls.at(-1)![0] as (d: unknown, cb: (r: unknown) => void) => void;
    const callback = vi.fn();
    onHeaders({ responseHeaders: { 'content-security-policy': ['default-src *'], 'X-Other': ['1'] } }, callback);
    expect(callback).toHaveBeenCalledWith({ responseHeaders: { 'X-Other': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });

    const onRequest = session.setPermissionRequestHandler.mock.calls.at(-1)![0] as (w: unknown, p: string, cb: (ok: boolean) => void) => void;
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read']) {
      const cb = vi.fn();
      onRequest({}, permission, cb);
      expect(cb).toHaveBeenCalledWith(false);
    }
    const onCheck = session.setPermissionCheckHandler.mock.calls.at(-1)![0] as (...a: unknown[]) => boolean;
    expect(onCheck(null, 'media', 'studio://app', {})).toBe(false);
    const onDevice = session.setDevicePermissionHandler.mock.calls.at(-1)![0] as (d: unknown) => boolean;
    expect(onDevice({ deviceType: 'usb', origin: 'studio://app' })).toBe(false);
  });
});

describe('navigation and new windows', () => {
  let contents: FakeWebContents;
  beforeEach(() => {
    vi.clearAllMocks();
    contents = new FakeWebContents();
    hardenWebContents(contents as never, ['studio://app', 'http://localhost:5173']);
  });
  const navigate = (event: string, url: string) => {
    const e = { preventDefault: vi.fn() };
    contents.emit(event, e, url);
    return e.preventDefault.mock.calls.length > 0;
  };

  it('denies navigation and redirects away from the app origins', () => {
    expect(navigate('will-navigate', 'https://evil.example/')).toBe(true);
    expect(navigate('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(navigate('will-redirect', 'studio://other/')).toBe(true);
    expect(navigate('will-navigate', 'studio://app/index.html#settings')).toBe(false);
    expect(navigate('will-navigate', 'http://localhost:5173/')).toBe(false);
  });

  it('refuses webviews', () => {
    expect(navigate('will-attach-webview', 'https://x.example')).toBe(true);
  });

  it('denies every window.open; http(s) links open in the system browser, other schemes nowhere', () => {
    expect(contents.windowOpenHandler!({ url: 'https://docs.example.com/help' })).toEqual({ action: 'deny' });
    expect(electronMock.shell.openExternal).toHaveBeenCalledWith('https://docs.example.com/help');
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'studio://app/']) {
      expect(contents.windowOpenHandler!({ url })).toEqual({ action: 'deny' });
    }
    expect(electronMock.shell.openExternal).toHaveBeenCalledTimes(1);
    expect(isExternalAllowed('ms-msdt:/id')).toBe(false);
  });
});

describe('main window', () => {
  const open = (options: Partial<Parameters<typeof createMainWindow>[0]> = {}) =>
    createMainWindow({ preload: '/app/preload.js', devTools: false, url: 'studio://app/index.html', saveState: () => {}, ...options }) as unknown as FakeBrowserWindow;

  it('is created with every hardening flag set explicitly, and DevTools only when asked', () => {
    for (const devTools of [true, false]) {
      const prefs = open({ devTools }).options.webPreferences as Record<string, unknown>;
      expect(prefs).toMatchObject({
        preload: '/app/preload.js',
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        spellcheck: false,
        disableBlinkFeatures: 'Auxclick',
        devTools,
      });
    }
  });

  it('restores a remembered size and position, and ignores a damaged or tiny one', () => {
    expect(open({ state: { x: 5, y: 6, width: 1500, height: 950 } }).options).toMatchObject({ x: 5, y: 6, width: 1500, height: 950 });
    expect(windowBounds({ width: 10, height: 10 })).toEqual({ width: 1400, height: 900 });
    expect(windowBounds({ width: Number.NaN, height: 900 })).toEqual({ width: 1400, height: 900 });
    expect(windowBounds({ width: 1200, height: 800 })).toEqual({ width: 1200, height: 800 });
  });

  const laptop = { x: 0, y: 0, width: 1440, height: 900 };
  const monitorRight = { x: 1440, y: 0, width: 2560, height: 1440 };
  it.each([
    ['on the one display: kept', { x: 100, y: 50, width: 1200, height: 800 }, [laptop], { x: 100, y: 50, width: 1200, height: 800 }],
    ['on a second display still connected: kept', { x: 1600, y: 100, width: 1800, height: 1000 }, [laptop, monitorRight], { x: 1600, y: 100, width: 1800, height: 1000 }],
    ['on a display unplugged since: the OS centres it, sized to fit', { x: 1600, y: 100, width: 1800, height: 1000 }, [laptop], { width: 1440, height: 900 }],
    ['above every display (title bar out of reach): centred', { x: 100, y: -500, width: 1200, height: 800 }, [laptop], { width: 1200, height: 800 }],
    ['overhanging the right edge: slid back inside', { x: 1000, y: 200, width: 1200, height: 800 }, [laptop], { x: 240, y: 100, width: 1200, height: 800 }],
    ['larger than the display: shrunk to it', { x: 0, y: 0, width: 3000, height: 2000 }, [laptop], { x: 0, y: 0, width: 1440, height: 900 }],
    ['no position remembered: size only', { width: 1200, height: 800 }, [laptop], { width: 1200, height: 800 }],
  ] as const)('a remembered window %s', (_case, state, areas, expected) => {
    expect(windowBounds(state, areas)).toEqual(expected);
  });

  it('loads the app URL, maximizes when it was, and saves its bounds on close', () => {
    const saved: unknown[] = [];
    const win = open({ state: { width: 1200, height: 800, maximized: true }, saveState: (s) => saved.push(s) });
    expect(win.loadURL).toHaveBeenCalledWith('studio://app/index.html');
    expect(win.maximize).toHaveBeenCalled();
    win.emit('close');
    expect(saved).toEqual([{ x: 10, y: 20, width: 1200, height: 800, maximized: false }]);
  });
});

describe('sender origin', () => {
  it('compares scheme, host and port, including the custom scheme Node reports as "null"', () => {
    expect(originOf('studio://app/index.html')).toBe('studio://app');
    expect(isTrustedSender('studio://app/a/b?c', ['studio://app'])).toBe(true);
    expect(isTrustedSender('studio://app.evil/', ['studio://app'])).toBe(false);
    expect(isTrustedSender('http://localhost:5173/', ['http://localhost:5173'])).toBe(true);
    expect(isTrustedSender('http://localhost:5174/', ['http://localhost:5173'])).toBe(false);
    expect(isTrustedSender('', ['studio://app'])).toBe(false);
    expect(isTrustedSender('not a url', ['studio://app'])).toBe(false);
  });
});

describe('safeStorage cipher', () => {
  it("reports Linux's fixed-password fallback as basic-text so Settings can warn", () => {
    electronMock.safeStorage.getSelectedStorageBackend.mockReturnValueOnce('basic_text');
    expect(createElectronCipher('linux').backend).toBe('basic-text');
    expect(createElectronCipher('linux').backend).toBe('safe-storage');
    expect(createElectronCipher('darwin').backend).toBe('safe-storage');
  });

  it('round-trips through safeStorage', () => {
    const cipher = createElectronCipher('linux');
    const sealed = cipher.encrypt('client-secret-1');
    expect(electronMock.safeStorage.encryptString).toHaveBeenCalledWith('client-secret-1');
    expect(cipher.decrypt(sealed)).toBe('client-secret-1');
  });
});
