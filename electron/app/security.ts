/**
 * Window and session hardening that is not a BrowserWindow option: the
 * Content-Security-Policy, navigation and new-window denial, permission
 * denial. Applied to every web contents the app creates.
 */
import { shell, type Session, type WebContents } from 'electron';
import { originOf } from '../ipc/sender';

/**
 * No 'unsafe-eval': meshopt needs only 'wasm-unsafe-eval'; decoders run in
 * blob: workers and images inside a GLB become blob: URLs.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; img-src 'self' blob: data:; connect-src 'self' blob: data:; style-src 'self' 'unsafe-inline'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/**
 * Development only (the Vite dev server): React Fast Refresh injects an inline
 * preamble, HMR needs its WebSocket, and assets come from studio://.
 */
export function devContentSecurityPolicy(devServerUrl: string): string {
  const origin = originOf(devServerUrl) ?? '';
  const ws = origin.replace(/^http/, 'ws');
  return CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
    .replace("connect-src 'self'", `connect-src 'self' ${ws} studio://app`)
    .replace("img-src 'self'", "img-src 'self' studio://app");
}

/** Links the user may open in the system browser; everything else is dropped. */
const EXTERNAL_SCHEMES = new Set(['https:', 'http:', 'mailto:']);

export function isExternalAllowed(url: string): boolean {
  try {
    return EXTERNAL_SCHEMES.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** Hardens one web contents: it stays on the app's origins and never opens windows or webviews. */
export function hardenWebContents(contents: WebContents, trustedOrigins: readonly string[]): void {
  const trusted = new Set(trustedOrigins.map((o) => originOf(o)));
  const stayOnApp = (event: { preventDefault(): void }, url: string): void => {
    if (!trusted.has(originOf(url))) event.preventDefault();
  };
  contents.on('will-navigate', stayOnApp);
  contents.on('will-redirect', stayOnApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalAllowed(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

/** The session: every permission request and check denied; the CSP on every response. */
export function hardenSession(session: Session, csp: string): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  // USB, HID, serial and Bluetooth devices too.
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = Object.fromEntries(
      Object.entries(details.responseHeaders ?? {}).filter(([name]) => name.toLowerCase() !== 'content-security-policy'),
    );
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [csp] } });
  });
}
