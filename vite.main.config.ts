/**
 * Main-process bundle (CommonJS, `.vite/build/main.js`). Forge's Vite plugin
 * supplies the entry, the CJS format and the Electron/Node externals; this
 * adds the packages that must stay outside the bundle. scripts/build.mjs
 * uses the same file without Electron.
 */
import { defineConfig } from 'vite';
import { RUNTIME_EXTERNALS } from './scripts/runtime-externals.mjs';

export default defineConfig({
  // A client-mode build replaces `process.env` with `{}`; the main process reads the real environment (ASSET_STUDIO_DATA_DIR and friends).
  define: { 'process.env': 'process.env' },
  build: {
    sourcemap: true,
    target: 'node22',
    // Node loads one bundle: no browser module-preload helper (it would reference import.meta in CJS).
    modulePreload: false,
    chunkSizeWarningLimit: 8192,
    rollupOptions: { external: RUNTIME_EXTERNALS },
  },
});
