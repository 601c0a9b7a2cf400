/**
 * The app's real Viewport (and optionally the history panel) mounted alone,
 * with a bridge that serves files from the harness server. Used by the corpus
 * test and the benchmark; it runs under the app's CSP.
 */
import { createRoot } from 'react-dom/client';
import type { JobRecord } from '../../shared/domain/job';
import type { StudioApi } from '../../shared/ipc';
import { installBridge } from '../../renderer/src/bridge';
import { HistoryPanel } from '../../renderer/src/features/history/HistoryPanel';
import { useStore } from '../../renderer/src/state/store';
import { Viewport } from '../../renderer/src/viewport/Viewport';

const params = new URLSearchParams(location.search);
const ledgerSize = Number(params.get('ledger') ?? '0');

/** A ledger of finished jobs, as the host would list it. */
function fakeLedger(n: number): JobRecord[] {
  const words = ['oak', 'stone', 'robot', 'dragon', 'chair', 'lamp', 'castle', 'cat', 'tree', 'ship'];
  const start = Date.parse('2026-01-01T00:00:00Z');
  return Array.from({ length: n }, (_, i) => ({
    localId: `job${String(i).padStart(6, '0')}`,
    kind: 'text-to-3d',
    state: 'success',
    jobId: `up-${i}`,
    environmentId: 'sandbox',
    environmentName: 'Sandbox',
    keyId: 'k1',
    keyName: 'Main key',
    request: { prompt: `a ${words[i % 10]} number ${i}` },
    title: '',
    prompt: `a ${words[i % 10]} number ${i}`,
    createdAt: new Date(start + i * 60_000).toISOString(),
    updatedAt: new Date(start + i * 60_000).toISOString(),
    acceptedAt: new Date(start + i * 60_000).toISOString(),
    finishedAt: new Date(start + i * 60_000 + 30_000).toISOString(),
    fragments: [{ name: 'mesh', displayName: 'Building mesh' }],
    asset: { state: 'ready', format: 'glb', attempts: 1 },
  }));
}

const ledger = fakeLedger(ledgerSize);
const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value });
const jobs = {
  list: () => ok({ jobs: ledger, load: [] }),
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
  stageFile: () => Promise.reject(new Error('not used by the harness')),
  assetRequestHeaders: () => ({}),
});

declare global {
  interface Window {
    harness: {
      openFile(name: string, url: string): Promise<void>;
      openJob(localId: string, kind: JobRecord['kind']): void;
      close(): void;
      memory(): { geometries: number; textures: number; heap: number | null };
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
  memory() {
    const canvas = document.querySelector('canvas') as (HTMLCanvasElement & { __r3f?: unknown }) | null;
    const info = (window as unknown as { __viewportRendererInfo?: () => { geometries: number; textures: number } }).__viewportRendererInfo?.();
    const heap = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null;
    void canvas;
    return { geometries: info?.geometries ?? -1, textures: info?.textures ?? -1, heap };
  },
};

const withHistory = params.get('history') === '1';
createRoot(document.getElementById('root') as HTMLElement).render(
  withHistory ? (
    <div style={{ width: 380, height: '100%', background: '#1b1e23', color: '#e6e8eb' }}>
      <HistoryPanel />
    </div>
  ) : (
    <Viewport />
  ),
);
