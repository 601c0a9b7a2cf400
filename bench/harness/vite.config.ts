/** Builds the viewport harness pages (app code + baselines) for the corpus test and the benchmark. */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { decodersPlugin } from '../../renderer/vite.config';

const here = fileURLToPath(new URL('.', import.meta.url));

/** <model-viewer> loads its meshopt decoder by URL (a CDN by default): ship three's copy for it. */
function meshoptForModelViewer(): Plugin {
  const three = path.resolve(path.dirname(createRequire(import.meta.url).resolve('three')), '..');
  return {
    name: 'bench-meshopt-decoder',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'decoders/meshopt/meshopt_decoder.module.js', source: readFileSync(path.join(three, 'examples/jsm/libs/meshopt_decoder.module.js')) });
    },
  };
}

export default defineConfig({
  root: here,
  base: './',
  logLevel: 'warn',
  plugins: [react(), decodersPlugin(), meshoptForModelViewer()],
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
