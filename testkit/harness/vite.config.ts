/** Builds the viewport harness pages (app code + baselines) for the corpus test and the benchmark. */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { decodersPlugin } from '../../renderer/vite.config';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * <model-viewer> fetches a script from its meshopt decoder URL (a CDN by
 * default) only as a gate: it then uses the MeshoptDecoder of the three.js it
 * was bundled with (this project's). The script it gets is loaded as a classic
 * script, so it must not be an ES module (that was a page error on every run).
 */
function meshoptGateForModelViewer(): Plugin {
  return {
    name: 'bench-meshopt-gate',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'decoders/meshopt/model-viewer-gate.js', source: '/* <model-viewer> waits for this script, then decodes meshopt with its bundled three.js MeshoptDecoder. */\n' });
    },
  };
}

export default defineConfig({
  root: here,
  base: './',
  logLevel: 'warn',
  plugins: [react(), decodersPlugin(), meshoptGateForModelViewer()],
  build: {
    // Where buildHarness says (--outDir: a folder per process); this one when built by hand.
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
