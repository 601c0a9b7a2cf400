/**
 * The app's real Viewport mounted alone, with a bridge that serves files
 * from the harness server. Used by the corpus test and the benchmark's
 * latency and memory parts; it runs under the app's CSP.
 */
import { createRoot } from 'react-dom/client';
import type { JobRecord } from '../../shared/domain/job';
import type { StudioApi } from '../../shared/ipc';
import { installBridge } from '../../renderer/src/bridge';
import { useStore } from '../../renderer/src/state/store';
import { Viewport } from '../../renderer/src/viewport/Viewport';
import { VIEWPORT_SLOTS } from '../../renderer/src/app/viewport-slots';

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value });
let staged = 0;
const jobs = {
  list: () => ok({ jobs: [], load: [] }),
  // The harness serves files, not records: the viewport computes the stats itself.
  get: () => Promise.resolve({ ok: false as const, problem: { reason: 'not-found' as const, message: 'The harness keeps no records.' } }),
  onChanged: () => () => undefined,
  remove: () => ok(null),
  restore: () => ok(null),
};
const api = new Proxy({} as StudioApi, {
  get: (_, domain) =>
    domain === 'jobs'
      ? jobs
      : new Proxy({}, { get: (_t, name) => (String(name).startsWith('on') ? () => () => undefined : () => ok(null)) }),
});

installBridge({
  api,
  shell: 'web',
  assetUrl: (localId) => `/files/${encodeURIComponent(localId)}`,
  // The harness has no main process to check a dropped file: it opens only the corpus and bench files it serves, so each is taken as accepted.
  stageFile: (file) => ok({ id: `harness-${++staged}`, name: file instanceof File ? file.name : 'file', size: file.size, sha256: '', format: 'glb' as const, kind: 'model' as const, mime: 'model/gltf-binary' }),
  assetRequestHeaders: () => ({}),
});

declare global {
  interface Window {
    harness: {
      openFile(name: string, url: string): Promise<void>;
      openJob(localId: string, kind: JobRecord['kind']): void;
      close(): void;
      /** Opens these files (as finished model jobs) in the compare view. */
      openCompare(localIds: string[]): string | null;
      closeCompare(): void;
      /** What the viewport's renderer holds on the GPU (renderer.info: memory, and its compiled programs). */
      memory(): { geometries: number; textures: number; programs: number };
    };
  }
}

window.harness = {
  async openFile(name, url) {
    const bytes = await (await fetch(url)).arrayBuffer();
    useStore.getState().openLocalFile(new File([bytes], name));
  },
  openJob(localId, kind) {
    useStore.getState().openJob({ localId, kind, jobId: localId });
  },
  close() {
    useStore.getState().closeViewport();
  },
  openCompare(localIds) {
    // The harness keeps no records: each file stands for a finished text-to-3D job whose model is here.
    const now = new Date().toISOString();
    const jobsById = { ...useStore.getState().jobsById };
    for (const id of localIds) {
      jobsById[id] = { localId: id, jobId: id, kind: 'text-to-3d', state: 'success', title: id, createdAt: now, asset: { state: 'ready', format: 'glb', attempts: 0 } } as never;
    }
    useStore.setState({ jobsById });
    return useStore.getState().openCompare(localIds);
  },
  closeCompare() {
    useStore.getState().closeCompare();
  },
  memory() {
    const info = (window as unknown as { __viewportRendererInfo?: () => { geometries: number; textures: number; programs: number } }).__viewportRendererInfo?.();
    return { geometries: info?.geometries ?? -1, textures: info?.textures ?? -1, programs: info?.programs ?? -1 };
  },
};

createRoot(document.getElementById('root') as HTMLElement).render(<Viewport slots={VIEWPORT_SLOTS} />);
