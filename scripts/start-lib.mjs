// The decisions behind `npm start` (scripts/start.mjs), kept pure so they are unit-tested.
import fs from 'node:fs';
import path from 'node:path';

export const FALLBACK_SENTENCE = 'The Electron binary could not be downloaded on this machine, so Asset Studio is starting in your browser instead.';
export const NO_DISPLAY_SENTENCE = 'This machine has no graphical display for the Electron window, so Asset Studio is starting in your browser instead.';

/** The Electron executable `require('electron')` would run, or undefined when it is not on disk (nothing is downloaded here). */
export function electronBinary(root, env = process.env) {
  const pkgDir = path.join(root, 'node_modules', 'electron');
  let relative;
  try {
    relative = fs.readFileSync(path.join(pkgDir, 'path.txt'), 'utf8').trim();
  } catch {
    relative = undefined;
  }
  const distDir = env.ELECTRON_OVERRIDE_DIST_PATH || path.join(pkgDir, 'dist');
  if (!relative && !env.ELECTRON_OVERRIDE_DIST_PATH) return undefined;
  const candidate = path.join(distDir, relative || 'electron');
  return fs.existsSync(candidate) ? candidate : undefined;
}

/** Whether a window could be shown: Linux and the BSDs need an X11 or Wayland display. */
export function hasDisplay(platform = process.platform, env = process.env) {
  if (platform === 'win32' || platform === 'darwin') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** The browser shell's one JSON line (`{"url": "..."}`), or undefined for any other line. */
export function parseUrlLine(line) {
  try {
    const parsed = JSON.parse(line);
    return parsed && typeof parsed.url === 'string' && /^https?:\/\//.test(parsed.url) ? parsed.url : undefined;
  } catch {
    return undefined;
  }
}

/** How to open a URL in the system browser, or undefined where there is none to open. */
export function browserCommand(url, platform = process.platform, env = process.env) {
  if (env.ASSET_STUDIO_NO_BROWSER === '1' || env.CI) return undefined;
  if (platform === 'darwin') return { command: 'open', args: [url] };
  // rundll32 hands the URL to the default browser without cmd.exe's quoting rules.
  if (platform === 'win32') return { command: 'rundll32', args: ['url.dll,FileProtocolHandler', url] };
  return hasDisplay(platform, env) ? { command: 'xdg-open', args: [url] } : undefined;
}
