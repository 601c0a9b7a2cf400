/** A fake library host for the library's component tests: N assets searched by title, with recorded calls. */
import { afterAll, beforeAll, vi } from 'vitest';
import type { LibraryAssetDetail, LibraryAssetSummary } from '../../../../shared/domain/library';
import type { StudioApi } from '../../../../shared/ipc';
import type { LibrarySearch } from '../../../../shared/ipc/library';
import { installBridge } from '../../bridge';

export const summary = (i: number, extra: Partial<LibraryAssetSummary> = {}): LibraryAssetSummary => ({
  id: `j_L${String(i).padStart(6, '0')}`,
  mediaKind: 'model',
  source: 'generated',
  generationKind: 'text-to-3d',
  localId: `L${String(i).padStart(6, '0')}`,
  title: i % 10 === 0 ? `Wooden chair ${i}` : `Stone lantern ${i}`,
  createdAt: new Date(Date.UTC(2026, 10, 27) - i * 60_000).toISOString(),
  tags: [],
  favourite: false,
  hidden: false,
  exportCount: 0,
  ...extra,
});

type CallName = 'search' | 'get' | 'facets' | 'collections' | 'tag' | 'setNote' | 'setFavourite' | 'createCollection' | 'renameCollection' | 'deleteCollection' | 'addToCollection' | 'removeFromCollection' | 'delete' | 'import' | 'reExport' | 'reveal';

export interface LibraryHost {
  calls: Record<CallName, ReturnType<typeof vi.fn>>;
  /** Holds `library:search` answers until released (in order). */
  hold(): void;
  release(): Promise<void>;
  details: Map<string, LibraryAssetDetail>;
}

export function installLibraryHost(count: number, options: { thumbnails?: boolean; pathOf?: (file: File) => string | null } = {}): LibraryHost {
  const ok = <T,>(value: T) => ({ ok: true as const, value });
  const all = Array.from({ length: count }, (_, i) => summary(i, options.thumbnails ? { hasThumbnail: true } : {}));
  let holding = false;
  const held: (() => void)[] = [];
  const details = new Map<string, LibraryAssetDetail>();
  const calls = {
    search: vi.fn(async (args: LibrarySearch) => {
      if (holding) await new Promise<void>((r) => held.push(r));
      const words = (args.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const hits = words.length ? all.filter((a) => words.every((w) => a.title.toLowerCase().split(/\s+/).some((t) => t.startsWith(w)))) : all;
      return ok({ total: hits.length, offset: args.offset, items: hits.slice(args.offset, args.offset + args.limit) });
    }),
    get: vi.fn(async ({ id }: { id: string }) => {
      const d = details.get(id);
      return d ? ok(d) : { ok: false as const, problem: { reason: 'not-found', message: 'That asset is no longer in the library.' } };
    }),
    facets: vi.fn(async () => ok({ total: count, tags: [{ tag: 'props', count: 3 }], mediaKinds: [{ mediaKind: 'model', count }], environments: [] })),
    collections: vi.fn(async () => ok([{ id: 'c1', name: 'Tavern', count: 2 }])),
    tag: vi.fn(async () => ok(null)),
    setNote: vi.fn(async () => ok(null)),
    setFavourite: vi.fn(async () => ok(null)),
    createCollection: vi.fn(async ({ name }: { name: string }) => ok({ id: 'c2', name, count: 0 })),
    renameCollection: vi.fn(async ({ collectionId, name }: { collectionId: string; name: string }) => ok({ id: collectionId, name, count: 2 })),
    deleteCollection: vi.fn(async () => ok(null)),
    addToCollection: vi.fn(async () => ok(null)),
    removeFromCollection: vi.fn(async () => ok(null)),
    delete: vi.fn(async ({ ids }: { ids: string[] }) => ok({ deleted: ids.length, freedBytes: 5 * 1024 * 1024 })),
    import: vi.fn(async () => ok({ imported: [], alreadyThere: [], skipped: [] })),
    reExport: vi.fn(async () => ok({ files: ['/games/tavern/models/chair.glb'] })),
    reveal: vi.fn(async () => ok({ shown: false, path: '/games/tavern/models/chair.glb' })),
  };
  const library = { ...calls, onChanged: () => () => undefined, onImportProgress: () => () => undefined };
  const api = new Proxy({} as StudioApi, {
    get: (_, domain) =>
      domain === 'library' ? library : new Proxy({}, { get: (_t, name) => (String(name).startsWith('on') ? () => () => undefined : async () => ok(null)) }),
  });
  installBridge({
    api,
    shell: 'web',
    assetUrl: (localId, variant) => `/assets/${localId}/${variant}`,
    stageFile: async (file) => ok({ id: `staged-${(file as File).name}`.replace(/[^A-Za-z0-9_-]/g, '_').padEnd(8, '_'), name: (file as File).name, size: 1, sha256: '', format: 'glb', kind: 'model', mime: '' }),
    ...(options.pathOf ? { pathOf: options.pathOf } : {}),
    assetRequestHeaders: () => ({}),
  });
  return {
    calls,
    details,
    hold: () => {
      holding = true;
    },
    release: async () => {
      holding = false;
      while (held.length) held.shift()!();
      await Promise.resolve();
    },
  };
}

/**
 * jsdom lays nothing out: for the file's tests, the results' scroller gets a
 * window-sized box (700 × 360) so the virtualizer draws rows. Call at the top
 * of a test file.
 */
export function giveResultsABox(): void {
  const box = { clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'), clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth') };
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 700 });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 360 });
  });
  afterAll(() => {
    for (const [name, d] of Object.entries(box)) if (d) Object.defineProperty(HTMLElement.prototype, name, d);
  });
}
