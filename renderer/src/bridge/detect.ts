/** Picks the bridge for the host the page runs in: Electron's preload when present, else the browser shell. */
import { createElectronBridge, isPreloadApi } from './electron-bridge';
import type { Bridge } from './index';
import { createWebBridge, type WebBridgeOptions } from './web-bridge';

export function detectBridge(win: Window & { studio?: unknown }): Bridge {
  if (isPreloadApi(win.studio)) return createElectronBridge(win.studio);
  return createWebBridge({
    location: win.location,
    history: win.history,
    storage: safeSessionStorage(win),
    fetch: win.fetch.bind(win),
    WebSocket: (win as unknown as { WebSocket: WebBridgeOptions['WebSocket'] }).WebSocket,
    focusSource: win,
  });
}

function safeSessionStorage(win: Window): Storage | undefined {
  try {
    return win.sessionStorage;
  } catch {
    return undefined;
  }
}
