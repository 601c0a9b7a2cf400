/** Renderer build: React + Vite. Shared by `npm run build`, the browser shell and Forge's Vite plugin. */
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * Ships three's Draco decoder with the renderer, so no decoder is ever
 * fetched from a CDN. Served from node_modules by the dev server and emitted
 * into the build as `decoders/draco/*` (the path
 * renderer/src/viewport/loaders.ts uses). The Basis transcoder is not
 * shipped: it needs 'unsafe-eval' (see viewport/glb-compat.ts).
 * Nothing is committed: the files come from the installed `three`.
 */
const FILES: Record<string, string> = {
  'decoders/draco/draco_decoder.js': 'examples/jsm/libs/draco/gltf/draco_decoder.js',
  'decoders/draco/draco_decoder.wasm': 'examples/jsm/libs/draco/gltf/draco_decoder.wasm',
  'decoders/draco/draco_wasm_wrapper.js': 'examples/jsm/libs/draco/gltf/draco_wasm_wrapper.js',
};

function threeRoot(): string {
  // `three` exports no ./package.json; its main entry sits in build/.
  const require = createRequire(import.meta.url);
  return path.resolve(path.dirname(require.resolve('three')), '..');
}

export function decodersPlugin(): Plugin {
  const three = threeRoot();
  return {
    name: 'asset-studio-decoders',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0] ?? '';
        const hit = Object.keys(FILES).find((name) => url.endsWith(`/${name}`));
        if (!hit) return next();
        res.setHeader('Content-Type', hit.endsWith('.wasm') ? 'application/wasm' : 'text/javascript');
        res.end(readFileSync(path.join(three, FILES[hit] as string)));
      });
    },
    generateBundle() {
      for (const [fileName, source] of Object.entries(FILES)) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(path.join(three, source)) });
      }
    },
  };
}

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [react(), decodersPlugin()],
  build: {
    outDir: fileURLToPath(new URL('../.vite/renderer/main_window', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 4096,
  },
  worker: { format: 'es' },
});
