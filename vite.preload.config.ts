/**
 * Preload bundle (CommonJS, `.vite/build/preload.js`, one file: a sandboxed
 * preload can require only `electron` and a few built-ins, so everything else
 * is inlined). Forge's Vite plugin supplies entry and format.
 */
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    sourcemap: true,
  },
});
