/**
 * The library: every asset the studio holds, found as you type. A search
 * field, filters, a grid or list of results (virtualized, paged from main),
 * Ctrl/Cmd-click to choose several for compare, details with lineage, and
 * Import… (or a drop) to bring files in.
 */
import { ToggleGroup } from 'radix-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LibraryAssetSummary } from '../../../../shared/domain/library';
import { countWords, numberWords } from '../../domain/library/words';
import { Menu, MenuItem } from '../../components/Menu';
import { useStore } from '../../state/store';
import { AssetDetail } from './AssetDetail';
import { CollectChosen, TagChosen } from './ChosenActions';
import { CollectionBar } from './CollectionBar';
import { DeleteAssets } from './DeleteAssets';
import { drawImportedThumbnails } from './import-thumbnails';
import { LibraryFilters } from './LibraryFilters';
import { LibraryResults } from './LibraryResults';
import { compareAssets } from './use-open-asset';
import './library.css';

function ImportButton() {
  const importFiles = useStore((s) => s.importFiles);
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const take = (input: HTMLInputElement) => {
    const list = Array.from(input.files ?? []);
    input.value = '';
    void importFiles(list);
  };
  return (
    <>
      <Menu label="Import" align="end" trigger={<button type="button" className="btn btn-small">Import…</button>}>
        <MenuItem onSelect={() => files.current?.click()}>Files…</MenuItem>
        <MenuItem onSelect={() => folder.current?.click()}>A folder…</MenuItem>
      </Menu>
      <input ref={files} type="file" multiple hidden aria-label="Import files" accept=".glb,.gltf,.obj,.stl,.png,.jpg,.jpeg,.webp" onChange={(e) => take(e.currentTarget)} />
      <input ref={folder} type="file" hidden aria-label="Import a folder" {...{ webkitdirectory: '' }} onChange={(e) => take(e.currentTarget)} />
    </>
  );
}

function SelectionBar() {
  const selection = useStore((s) => s.librarySelection);
  const clear = useStore((s) => s.clearLibrarySelection);
  if (selection.length === 0) return null;
  return (
    <div className="lib-selection" role="status">
      <span>{countWords(selection.length, 'asset')} chosen</span>
      <button type="button" className="btn btn-small btn-primary" disabled={selection.length < 2 || selection.length > 4} onClick={() => compareAssets(selection)}>
        Compare
      </button>
      <TagChosen ids={selection.map((a) => a.id)} />
      <CollectChosen ids={selection.map((a) => a.id)} />
      <DeleteAssets assets={selection} label="Delete…" onDeleted={clear} />
      <button type="button" className="btn btn-small btn-ghost" onClick={clear}>
        Clear
      </button>
    </div>
  );
}

function ImportProgress() {
  const state = useStore((s) => s.libraryImport);
  if (!state?.progress) return null;
  const { done, total, current } = state.progress;
  return (
    <div className="lib-import" role="status" aria-live="polite">
      <progress max={Math.max(1, total)} value={done} aria-label="Import progress" />
      <span>
        Bringing in {Math.min(done + 1, total)} of {total}
        {current ? `: ${current}` : ''}
      </span>
    </div>
  );
}

export function LibraryView() {
  const connect = useStore((s) => s.connectLibrary);
  const query = useStore((s) => s.libraryQuery);
  const setQuery = useStore((s) => s.setLibraryQuery);
  const total = useStore((s) => s.libraryTotal);
  const error = useStore((s) => s.libraryError);
  const layout = useStore((s) => s.libraryLayout);
  const setLayout = useStore((s) => s.setLibraryLayout);
  const detailId = useStore((s) => s.libraryDetailId);
  const showDetail = useStore((s) => s.showLibraryDetail);
  const facetsTotal = useStore((s) => s.libraryFacets?.total);
  const resultsFor = useStore((s) => s.libraryResultsFor);
  const imported = useStore((s) => s.libraryImported);
  useEffect(() => drawImportedThumbnails(imported), [imported]);
  const called = useStore((s) => s.libraryCalled);
  const [text, setText] = useState(query);
  const lastCell = useRef<string | null>(null);
  const root = useRef<HTMLElement>(null);
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (called > 0) requestAnimationFrame(() => search.current?.focus());
  }, [called]);

  useEffect(() => {
    try {
      return connect();
    } catch {
      return undefined; // No host bridge (isolated component tests).
    }
  }, [connect]);

  // Stable, so typing (which draws this view again) does not draw every result cell again.
  const onDetails = useCallback(
    (asset: LibraryAssetSummary) => {
      lastCell.current = asset.id;
      showDetail(asset.id);
    },
    [showDetail],
  );
  const back = () => {
    showDetail(null);
    // Focus goes back to the asset the details were opened from.
    requestAnimationFrame(() => root.current?.querySelector<HTMLElement>(`[data-asset-id="${lastCell.current}"] .lib-open`)?.focus());
  };
  useEffect(() => {
    if (!detailId) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('[role="dialog"],[role="alertdialog"],[role="menu"]')) return;
      // Escape leaves the details first; the narrow window's drawer closes on the next one.
      e.preventDefault();
      back();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  });

  const counted =
    total === null ? 'Loading the library…' : query.trim() || facetsTotal === undefined || facetsTotal === total ? countWords(total) : `${countWords(total)} of ${numberWords(facetsTotal)}`;

  return (
    <section className="lib-view" aria-label="Library" ref={root} data-drop-target="library" data-total={total ?? undefined} data-query={query} data-results-for={total === null ? undefined : resultsFor}>
      <div className="lib-head">
        <input
          ref={search}
          type="search"
          className="input lib-search"
          aria-label="Search library"
          placeholder="Search prompts, names, tags, notes"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setQuery(e.target.value);
          }}
        />
        <div className="lib-tools">
          <LibraryFilters />
          <ToggleGroup.Root type="single" className="lib-layout" aria-label="Show as" value={layout} onValueChange={(v) => v && setLayout(v as 'grid' | 'list')}>
            <ToggleGroup.Item value="grid" className="lib-layout-item" aria-label="Grid">
              ▦
            </ToggleGroup.Item>
            <ToggleGroup.Item value="list" className="lib-layout-item" aria-label="List">
              ☰
            </ToggleGroup.Item>
          </ToggleGroup.Root>
          <ImportButton />
        </div>
        <p className="lib-count" aria-live="polite">
          {counted}
        </p>
      </div>
      <ImportProgress />
      <SelectionBar />
      <CollectionBar />
      {error ? (
        <p className="history-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="lib-body">
        <div className="lib-results-slot" hidden={!!detailId}>
          {total === 0 ? (
            <p className="history-empty">{query.trim() ? `Nothing in the library matches “${query.trim()}”.` : 'Nothing here yet: generated assets and files you bring in (Import… or drop them here) appear here.'}</p>
          ) : null}
          <LibraryResults onDetails={onDetails} />
        </div>
        {detailId ? <AssetDetail onBack={back} /> : null}
      </div>
    </section>
  );
}
