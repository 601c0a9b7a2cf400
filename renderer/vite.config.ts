/** Renderer build: React + Vite. Shared by `npm run build`, the browser shell and Forge's Vite plugin. */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../.vite/renderer/main_window', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 4096,
  },
  worker: { format: 'es' },
});
