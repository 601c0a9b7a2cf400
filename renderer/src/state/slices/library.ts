/**
 * Library slice: the renderer's window onto the library in main. It holds the
 * query, the filters, a few pages of results around what the grid shows (never
 * all of them), the asset whose details are open, and the import under way.
 * Talks to the host through the bridge only; `library:changed` pushes refresh
 * what is held.
 */
import type { LibraryAssetDetail, LibraryAssetSummary, LibraryCollection, LibraryFacets, LibraryImportProgress } from '../../../../shared/domain/library';
import type { Result } from '../../../../shared/ipc';
import type { LibraryPage, LibrarySearch } from '../../../../shared/ipc/library';
import { bridge } from '../../bridge';
import { NO_FILTERS, searchArgs, type LibraryFilters } from '../../domain/library/filters';
import { latestOnly } from '../../domain/library/latest-only';
import { keepUnchanged, PAGE_SIZE, withPage, withSummary, type PageCache } from '../../domain/library/pages';
import { bytesWords, countWords } from '../../domain/library/words';
import { createImportFiles } from './library-import';
import type { SliceCreator } from '../slice';

/** The library part of the contract, as the renderer calls it (`api.library.search(args)`). */
export const libraryApi = () => bridge().api.library;

export type SidePanel = 'history' | 'library';
export type LibraryLayout = 'grid' | 'list';

export interface LibraryImportState {
  /** Files given to the import (before staging); progress arrives from main. */
  files: number;
  progress: LibraryImportProgress | null;
}

export interface LibrarySlice {
  /** Which view the right-hand panel shows. */
  sidePanel: SidePanel;
  setSidePanel(panel: SidePanel): void;
  /** Bumped by Ctrl/Cmd+L: the library shows (the drawer opens in a narrow window) and its search takes the focus. */
  libraryCalled: number;
  callLibrary(): void;
  libraryQuery: string;
  libraryFilters: LibraryFilters;
  libraryLayout: LibraryLayout;
  /** Matches of the shown results (null before the first answer). */
  libraryTotal: number | null;
  libraryPages: PageCache;
  /** Bumped when new results replace the held ones (the grid scrolls to the top). */
  libraryResultsKey: number;
  /** The query the shown results answer (tests and the bench wait on it). */
  libraryResultsFor: string;
  /**
   * The search field changed within the last TYPING_QUIET_MS: cells that
   * appear meanwhile wait to fetch their pictures, so thumbnails of results
   * passed through while typing neither hold the host's connections the next
   * keystroke's search needs nor cost a redraw each.
   */
  libraryTyping: boolean;
  libraryError: string | null;
  /** Assets chosen for compare or for acting on together (Ctrl/Cmd-click), in the order chosen. */
  librarySelection: LibraryAssetSummary[];
  /** The asset last opened from the library. */
  libraryOpenedId: string | null;
  libraryDetailId: string | null;
  libraryDetail: LibraryAssetDetail | null;
  libraryDetailError: string | null;
  libraryFacets: LibraryFacets | null;
  libraryCollections: LibraryCollection[];
  libraryImport: LibraryImportState | null;
  /** What the last import brought in (the view draws pictures of the models). */
  libraryImported: LibraryAssetSummary[];

  /** Loads the first results and facets, subscribes to changes and import progress; returns a release. */
  connectLibrary(): () => void;
  setLibraryQuery(query: string): void;
  setLibraryFilters(patch: Partial<LibraryFilters>): void;
  setLibraryLayout(layout: LibraryLayout): void;
  /** The grid shows items first..last: fetch the pages around them that are not held. */
  showLibraryRange(first: number, last: number, pages: number[]): void;
  refreshLibrary(): Promise<void>;
  toggleLibrarySelection(asset: LibraryAssetSummary): void;
  clearLibrarySelection(): void;
  setLibraryOpened(id: string | null): void;
  showLibraryDetail(id: string | null): void;
  tagAssets(ids: string[], change: { add?: string[]; remove?: string[] }): Promise<boolean>;
  setAssetNote(id: string, note: string): Promise<boolean>;
  setAssetFavourite(asset: LibraryAssetSummary, favourite: boolean): Promise<boolean>;
  createCollection(name: string): Promise<LibraryCollection | null>;
  addToCollection(collectionId: string, ids: string[]): Promise<boolean>;
  removeFromCollection(collectionId: string, ids: string[]): Promise<boolean>;
  renameCollection(collectionId: string, name: string): Promise<boolean>;
  /** Deletes the collection (its assets stay in the library); a filter by it is cleared. */
  deleteCollection(collectionId: string): Promise<boolean>;
  deleteAssets(ids: string[]): Promise<boolean>;
  /** Stages the files (the browser shell sends their bytes) and brings them into the library. */
  importFiles(files: File[]): Promise<void>;
  reExport(exportId: string): Promise<void>;
  revealExport(exportId: string): Promise<void>;
}

const STORED_LAYOUT = 'asset-studio.library.layout.v1';
/** Typing counts as paused after this long without a change to the search field (ms). */
export const TYPING_QUIET_MS = 250;
/** The right panel's view is kept for the next start: an artist who works from the library finds it there. */
export const STORED_SIDE_PANEL = 'asset-studio.ui.side-panel.v1';

function readSidePanel(): SidePanel {
  try {
    return globalThis.localStorage?.getItem(STORED_SIDE_PANEL) === 'library' ? 'library' : 'history';
  } catch {
    return 'history';
  }
}

function keep(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage unavailable: the choice holds for this session.
  }
}

function readLayout(): LibraryLayout {
  try {
    return globalThis.localStorage?.getItem(STORED_LAYOUT) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

/** What a failed request says: the host's sentence, never a field name. */
const problemOf = (r: Result<unknown>): string | null => (r.ok ? null : r.problem.message);

export const createLibrarySlice: SliceCreator<LibrarySlice> = (set, get) => {
  /** Bumped whenever the query or the filters change; answers for an older one are dropped. */
  let generation = 0;
  const pending = new Set<string>();
  let connections = 0;
  let release: (() => void) | null = null;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;

  const args = (offset: number) => searchArgs(get().libraryQuery, get().libraryFilters, { offset, limit: PAGE_SIZE }, new Date());

  const firstPage = latestOnly(
    (req: { gen: number; query: string; search: LibrarySearch }) => libraryApi().search(req.search),
    (res, req) => {
      if (req.gen !== generation) return;
      if (!res.ok) {
        set({ libraryError: res.problem.message });
        return;
      }
      pending.clear();
      set((s) => {
        // What is shown and still true is kept as it is: unchanged cells are not drawn again.
        const held = s.libraryPages.get(0);
        const items = keepUnchanged(held, res.value.items);
        const samePages = items === held && s.libraryPages.size === 1;
        return {
          libraryError: null,
          libraryTotal: res.value.total,
          libraryPages: samePages ? s.libraryPages : new Map([[0, items]]),
          libraryResultsKey: s.libraryResultsKey + 1,
          libraryResultsFor: req.query,
        };
      });
    },
    (err) => set({ libraryError: `The library could not be searched: ${(err as Error).message}` }),
  );

  const searchAgain = () => {
    generation++;
    firstPage.request({ gen: generation, query: get().libraryQuery, search: args(0) });
  };

  const loadPage = async (page: number) => {
    const gen = generation;
    const key = `${gen}:${page}`;
    if (pending.has(key)) return;
    pending.add(key);
    let res: Result<LibraryPage>;
    try {
      res = await libraryApi().search(args(page * PAGE_SIZE));
    } catch {
      return;
    } finally {
      pending.delete(key);
    }
    if (gen !== generation || !res.ok) return;
    set((s) => ({ libraryPages: withPage(s.libraryPages, page, res.value.items), libraryTotal: res.value.total }));
  };

  const loadFacets = async () => {
    const api = libraryApi();
    const [facets, collections] = await Promise.all([api.facets({ includeHidden: get().libraryFilters.showHidden }), api.collections({})]);
    set({ ...(facets.ok ? { libraryFacets: facets.value } : {}), ...(collections.ok ? { libraryCollections: collections.value } : {}) });
  };

  const loadDetail = async (id: string) => {
    const res = await libraryApi().get({ id });
    if (get().libraryDetailId !== id) return;
    if (res.ok) {
      set((s) => ({ libraryDetail: res.value, libraryDetailError: null, libraryPages: withSummary(s.libraryPages, res.value) }));
    } else set({ libraryDetail: null, libraryDetailError: res.problem.message });
  };

  const toastProblem = (title: string, r: Result<unknown>): boolean => {
    const problem = problemOf(r);
    if (problem) get().pushToast({ level: 'error', title, body: problem });
    return !problem;
  };

  /** After a change made here: what is held is asked again (the `library:changed` push does the same for other processes). */
  const afterChange = async (ids: string[]) => {
    await get().refreshLibrary();
    const detail = get().libraryDetailId;
    if (detail && ids.includes(detail)) await loadDetail(detail);
  };

  return {
    sidePanel: readSidePanel(),
    setSidePanel: (panel) => {
      keep(STORED_SIDE_PANEL, panel);
      set({ sidePanel: panel });
    },
    libraryCalled: 0,
    callLibrary: () => {
      keep(STORED_SIDE_PANEL, 'library');
      set((s) => ({ sidePanel: 'library', libraryCalled: s.libraryCalled + 1 }));
    },
    libraryQuery: '',
    libraryFilters: NO_FILTERS,
    libraryLayout: readLayout(),
    libraryTotal: null,
    libraryPages: new Map(),
    libraryResultsKey: 0,
    libraryResultsFor: '',
    libraryTyping: false,
    libraryError: null,
    librarySelection: [],
    libraryOpenedId: null,
    libraryDetailId: null,
    libraryDetail: null,
    libraryDetailError: null,
    libraryFacets: null,
    libraryCollections: [],
    libraryImport: null,
    libraryImported: [],

    connectLibrary: () => {
      connections++;
      if (connections === 1) {
        const api = libraryApi();
        const offChanged = api.onChanged(({ ids }) => void afterChange(ids));
        const offProgress = api.onImportProgress((progress) => set((s) => ({ libraryImport: s.libraryImport ? { ...s.libraryImport, progress } : s.libraryImport })));
        release = () => {
          offChanged();
          offProgress();
        };
        searchAgain();
        void loadFacets();
      }
      return () => {
        connections--;
        if (connections > 0) return;
        release?.();
        release = null;
        firstPage.cancel();
      };
    },

    setLibraryQuery: (query) => {
      if (query === get().libraryQuery) return;
      set({ libraryQuery: query, libraryTyping: true });
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => set({ libraryTyping: false }), TYPING_QUIET_MS);
      searchAgain();
    },
    setLibraryFilters: (patch) => {
      const hiddenChanged = patch.showHidden !== undefined && patch.showHidden !== get().libraryFilters.showHidden;
      set((s) => ({ libraryFilters: { ...s.libraryFilters, ...patch } }));
      searchAgain();
      if (hiddenChanged) void loadFacets();
    },
    setLibraryLayout: (layout) => {
      keep(STORED_LAYOUT, layout);
      set({ libraryLayout: layout });
    },

    showLibraryRange: (_first, _last, pages) => {
      const held = get().libraryPages;
      for (const p of pages) if (!held.has(p)) void loadPage(p);
    },

    refreshLibrary: async () => {
      const gen = generation;
      const held = [...get().libraryPages.keys()];
      const answers = await Promise.all(held.map((p) => libraryApi().search(args(p * PAGE_SIZE)).then((r) => [p, r] as const)));
      if (gen !== generation) return;
      let pages: PageCache = new Map();
      let total = get().libraryTotal;
      for (const [p, r] of answers) {
        if (!r.ok) continue;
        pages = withPage(pages, p, r.value.items, Number.MAX_SAFE_INTEGER);
        total = r.value.total;
      }
      set({ libraryPages: pages, libraryTotal: total });
      void loadFacets();
    },

    toggleLibrarySelection: (asset) =>
      set((s) => ({
        librarySelection: s.librarySelection.some((a) => a.id === asset.id) ? s.librarySelection.filter((a) => a.id !== asset.id) : [...s.librarySelection, asset],
      })),
    clearLibrarySelection: () => set({ librarySelection: [] }),
    setLibraryOpened: (id) => set({ libraryOpenedId: id }),

    showLibraryDetail: (id) => {
      set({ libraryDetailId: id, libraryDetail: null, libraryDetailError: null });
      if (id) void loadDetail(id);
    },

    tagAssets: async (ids, change) => {
      const r = await libraryApi().tag({ ids, ...change });
      if (!toastProblem('The tags could not be changed', r)) return false;
      await afterChange(ids);
      return true;
    },
    setAssetNote: async (id, note) => {
      const r = await libraryApi().setNote({ id, note });
      if (!toastProblem('The note could not be saved', r)) return false;
      await afterChange([id]);
      return true;
    },
    setAssetFavourite: async (asset, favourite) => {
      // Shown at once; the host's answer is the truth.
      set((s) => ({ libraryPages: withSummary(s.libraryPages, { ...asset, favourite }) }));
      const r = await libraryApi().setFavourite({ id: asset.id, favourite });
      if (!toastProblem('The favourite could not be changed', r)) {
        set((s) => ({ libraryPages: withSummary(s.libraryPages, asset) }));
        return false;
      }
      await afterChange([asset.id]);
      return true;
    },
    createCollection: async (name) => {
      const r = await libraryApi().createCollection({ name });
      if (!toastProblem('The collection could not be made', r) || !r.ok) return null;
      void loadFacets();
      return r.value;
    },
    addToCollection: async (collectionId, ids) => {
      const r = await libraryApi().addToCollection({ collectionId, ids });
      if (!toastProblem('The collection could not be changed', r)) return false;
      await afterChange(ids);
      return true;
    },
    removeFromCollection: async (collectionId, ids) => {
      const r = await libraryApi().removeFromCollection({ collectionId, ids });
      if (!toastProblem('The collection could not be changed', r)) return false;
      await afterChange(ids);
      return true;
    },
    renameCollection: async (collectionId, name) => {
      const r = await libraryApi().renameCollection({ collectionId, name });
      if (!toastProblem('The collection could not be renamed', r)) return false;
      await loadFacets();
      return true;
    },
    deleteCollection: async (collectionId) => {
      const r = await libraryApi().deleteCollection({ collectionId });
      if (!toastProblem('The collection could not be deleted', r)) return false;
      if (get().libraryFilters.collectionId === collectionId) get().setLibraryFilters({ collectionId: null });
      await loadFacets();
      return true;
    },
    deleteAssets: async (ids) => {
      const r = await libraryApi().delete({ ids });
      if (!toastProblem(ids.length === 1 ? 'The asset could not be deleted' : 'The assets could not be deleted', r) || !r.ok) return false;
      get().pushToast({
        level: 'success',
        title: `Deleted ${countWords(r.value.deleted)}`,
        body: r.value.freedBytes > 0 ? `${bytesWords(r.value.freedBytes)} freed on this disk.` : undefined,
      });
      set((s) => ({
        librarySelection: s.librarySelection.filter((a) => !ids.includes(a.id)),
        ...(s.libraryDetailId && ids.includes(s.libraryDetailId) ? { libraryDetailId: null, libraryDetail: null } : {}),
      }));
      await get().refreshLibrary();
      return true;
    },

    importFiles: createImportFiles(set, get, libraryApi),

    reExport: async (exportId) => {
      const r = await libraryApi().reExport({ exportId });
      if (!toastProblem('The export could not be made again', r) || !r.ok) return;
      get().pushToast({ level: 'success', title: 'Exported again', body: r.value.files.join('\n') });
      const id = get().libraryDetailId;
      if (id) await loadDetail(id);
    },
    revealExport: async (exportId) => {
      const r = await libraryApi().reveal({ exportId });
      if (!toastProblem('The file could not be shown', r) || !r.ok) return;
      // The browser shell cannot open a file manager: it answers with the path to show instead.
      if (!r.value.shown) get().pushToast({ level: 'info', title: 'The export is here', body: r.value.path });
    },
  };
};
