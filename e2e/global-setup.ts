/** Before any journey: the Chromium binary exists and the renderer is built (so no test host builds it). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../testkit/host';

export default function globalSetup(): void {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    throw new Error(`Chromium is not at ${chromium}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  if (!fs.existsSync(path.join(ROOT, '.vite', 'renderer', 'main_window', 'index.html'))) {
    const built = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'renderer/vite.config.ts'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('The renderer did not build (npm run build:renderer).');
  }
}
