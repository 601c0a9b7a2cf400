/**
 * Where Asset Studio keeps its data. Every entry point (Electron, the browser
 * shell, the CLI) resolves the same directory so that they share one ledger,
 * one settings file and one asset cache. It matches Electron's own `userData`
 * location for the product name, and Electron main sets `userData` to it too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PRODUCT_NAME = 'Asset Studio';
export const DATA_DIR_ENV = 'ASSET_STUDIO_DATA_DIR';

/**
 * Creates the data folder readable by the user only (0700 on POSIX; an
 * existing folder with looser modes is tightened): it holds prompts, the job
 * ledger, settings and secrets. Windows keeps it under the user's profile.
 */
export function secureDataDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') fs.chmodSync(dir, 0o700);
}

export function resolveDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  const override = env[DATA_DIR_ENV]?.trim();
  if (override) return path.resolve(override);
  switch (platform) {
    case 'win32':
      return path.win32.join(env.APPDATA?.trim() || path.win32.join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
    case 'darwin':
      return path.posix.join(home, 'Library', 'Application Support', PRODUCT_NAME);
    default: {
      // Electron follows the XDG base-directory spec on Linux and the BSDs; a relative XDG value is invalid and ignored.
      const xdg = env.XDG_CONFIG_HOME?.trim();
      const configHome = xdg && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(home, '.config');
      return path.posix.join(configHome, PRODUCT_NAME);
    }
  }
}
