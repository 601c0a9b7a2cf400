/** The browser shell: serves the renderer and carries the IPC contract over HTTP + WebSocket. */
export { startWebShell, type RunningWebShell, type WebShellOptions, type WebShellServices } from './server';
export { createWebPlatform, webCipher } from './platform';
export { WEB_CONTENT_SECURITY_POLICY } from './headers';
