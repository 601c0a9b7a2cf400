/**
 * Baseline: Google's <model-viewer> from node_modules, served locally with
 * local decoders; a load swaps `src` on the element that is already on the
 * page and resolves once the frame after the element's `load` event is on
 * its canvas. Held to the same terms as the other pages: full render scale
 * (by default it drops to a quarter of the pixels when frames are slow, as
 * they always are in software WebGL) and a 1-pixel readPixels after that
 * frame (a requestAnimationFrame alone resolves before the GPU has drawn).
 */
import '@google/model-viewer';

interface ModelViewerElement extends HTMLElement {
  src: string;
}
// Read by each element's constructor (it resets the loader to the CDN defaults otherwise).
(self as unknown as { ModelViewerElement: object }).ModelViewerElement = {
  dracoDecoderLocation: './decoders/draco/',
  meshoptDecoderLocation: './decoders/meshopt/model-viewer-gate.js',
};
(customElements.get('model-viewer') as unknown as { minimumRenderScale: number }).minimumRenderScale = 1;
// No Basis transcoder is shipped (it needs 'unsafe-eval'); KTX2 files are not used in the benchmark.

const root = document.getElementById('root') as HTMLElement;
const viewer = document.createElement('model-viewer') as ModelViewerElement;
viewer.setAttribute('environment-image', 'neutral');
viewer.setAttribute('camera-controls', '');
// Its default prompt wiggles the camera after 3 s idle: it would keep re-rendering the model during the other pages' runs.
viewer.setAttribute('interaction-prompt', 'none');
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
        // model-viewer draws in its own animation-frame tick: two frames later the model's frame was issued.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            // Its WebGL canvas once it shows it directly; before that, frames are copied into a 2D canvas.
            const shown = viewer.shadowRoot?.querySelector('#webgl-canvas') ?? viewer.shadowRoot?.querySelector('canvas.show');
            const canvas = shown as HTMLCanvasElement | null;
            if (!canvas) {
              reject(new Error('model-viewer shows no canvas to read back'));
              return;
            }
            if (canvas.id === 'webgl-canvas') {
              const gl = canvas.getContext('webgl2')!;
              gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
            } else {
              canvas.getContext('2d')!.getImageData(0, 0, 1, 1);
            }
            resolve();
          }),
        );
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
