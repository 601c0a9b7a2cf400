/** Builds the viewport harness pages (app code + baselines) for the corpus test and the benchmark. */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { decodersPlugin } from '../../renderer/vite.config';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  logLevel: 'warn',
  plugins: [react(), decodersPlugin()],
  build: {
    outDir: fileURLToPath(new URL('../../.tmp/harness-dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 8192,
    rollupOptions: {
      input: {
        viewport: fileURLToPath(new URL('viewport.html', import.meta.url)),
        three: fileURLToPath(new URL('three.html', import.meta.url)),
        'model-viewer': fileURLToPath(new URL('model-viewer.html', import.meta.url)),
      },
    },
  },
});
