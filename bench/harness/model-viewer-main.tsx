/**
 * Baseline: Google's <model-viewer> from node_modules, served locally with
 * local decoders; a load swaps `src` on the element that is already on the
 * page and resolves after the element's `load` event and the next frame.
 */
import '@google/model-viewer';

interface ModelViewerElement extends HTMLElement {
  src: string;
}
const ctor = customElements.get('model-viewer') as unknown as { dracoDecoderLocation: string; meshoptDecoderLocation: string };
ctor.dracoDecoderLocation = './decoders/draco/';
ctor.meshoptDecoderLocation = './decoders/meshopt/meshopt_decoder.module.js';
// No Basis transcoder is shipped (it needs 'unsafe-eval'); KTX2 files are not used in the benchmark.

const root = document.getElementById('root') as HTMLElement;
const viewer = document.createElement('model-viewer') as ModelViewerElement;
viewer.setAttribute('environment-image', 'neutral');
viewer.setAttribute('camera-controls', '');
viewer.style.width = '100%';
viewer.style.height = '100%';
root.appendChild(viewer);

declare global {
  interface Window {
    baseline: { load(url: string): Promise<void> };
  }
}

window.baseline = {
  load(url) {
    return new Promise((resolve, reject) => {
      const done = () => {
        cleanup();
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      };
      const fail = (e: Event) => {
        cleanup();
        reject(new Error(`model-viewer could not load ${url}: ${String((e as CustomEvent).detail?.type ?? 'error')}`));
      };
      const cleanup = () => {
        viewer.removeEventListener('load', done);
        viewer.removeEventListener('error', fail);
      };
      viewer.addEventListener('load', done);
      viewer.addEventListener('error', fail);
      viewer.src = url;
    });
  },
};
