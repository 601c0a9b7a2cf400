/**
 * Main-process bundle (CommonJS, `.vite/build/main.js`). Forge's Vite plugin
 * supplies the entry, the CJS format and the Electron/Node externals; this
 * adds the packages that must stay outside the bundle. scripts/build.mjs
 * uses the same file without Electron.
 */
import { defineConfig } from 'vite';
import { RUNTIME_EXTERNALS } from './scripts/runtime-externals.mjs';

export default defineConfig({
  build: {
    sourcemap: true,
    target: 'node22',
    rollupOptions: { external: RUNTIME_EXTERNALS },
  },
});
