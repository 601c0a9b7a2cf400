#!/usr/bin/env node
// `npm run build`: the main, preload and renderer bundles, built with Vite and
// the same configs Forge uses, but without Electron (its binary is not needed
// to bundle). Output matches Forge's layout: .vite/build/{main,preload}.js and
// .vite/renderer/main_window/.
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { RUNTIME_EXTERNALS } from './runtime-externals.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** `--out DIR` puts main.js and preload.js elsewhere (tests); `--only main,preload,renderer` builds a subset. */
const option = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const outDir = path.resolve(option('--out') ?? path.join(root, '.vite', 'build'));
const only = new Set((option('--only') ?? 'main,preload,renderer').split(','));
const nodeExternals = ['electron', 'electron/main', 'electron/common', 'electron/renderer', ...builtinModules.flatMap((m) => [m, `node:${m}`])];
const logLevel = process.argv.includes('--quiet') ? 'warn' : 'info';

/** What Forge's Vite plugin adds to a main or preload build. */
function forgeLike(entry, fileName) {
  return {
    root,
    mode: 'production',
    logLevel,
    clearScreen: false,
    // The values Forge injects for a packaged build: no dev server, renderer "main_window".
    define: { MAIN_WINDOW_VITE_DEV_SERVER_URL: 'undefined', MAIN_WINDOW_VITE_NAME: JSON.stringify('main_window') },
    resolve: { conditions: ['node'], mainFields: ['module', 'jsnext:main', 'jsnext'] },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: true,
      rollupOptions: {
        input: path.join(root, entry),
        external: [...nodeExternals, ...RUNTIME_EXTERNALS],
        output: { format: 'cjs', entryFileNames: fileName, codeSplitting: false },
      },
    },
  };
}

const started = Date.now();
if (only.has('main')) await build({ configFile: path.join(root, 'vite.main.config.ts'), ...forgeLike('electron/app/main.ts', 'main.js') });
// The checking threads' code (electron/services/guard/check-pool.ts starts it from beside main.js).
if (only.has('main')) await build({ configFile: path.join(root, 'vite.main.config.ts'), ...forgeLike('electron/services/guard/check-worker.ts', 'check-worker.js') });
if (only.has('preload')) await build({ configFile: path.join(root, 'vite.preload.config.ts'), ...forgeLike('electron/app/preload.ts', 'preload.js') });
if (only.has('renderer')) await build({ configFile: path.join(root, 'renderer', 'vite.config.ts'), mode: 'production', logLevel, clearScreen: false });
console.log(`Built ${[...only].join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
