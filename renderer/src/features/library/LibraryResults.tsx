/**
 * The results, virtualized by rows (@tanstack/react-virtual): a grid of
 * thumbnails as many columns wide as the panel allows, or a list. Only the
 * rows on screen are drawn and only the pages around them are held; a page
 * not here yet shows empty cells until it arrives. Arrow keys move between
 * assets, Enter opens one.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { LibraryAssetSummary } from '../../../../shared/domain/library';
import { itemAt, pagesToLoad } from '../../domain/library/pages';
import { useStore } from '../../state/store';
import { AssetCell } from './AssetCell';
import { openAsset } from './use-open-asset';

/** A grid cell's narrowest width and its height (a thumbnail over a two-line name and its kind). */
const GRID_CELL = { min: 108, height: 162 };
const LIST_ROW = 58;

function useWidth(el: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(360);
  useLayoutEffect(() => {
    const node = el.current;
    if (!node) return;
    const measure = () => setWidth(node.clientWidth || 360);
    measure();
    if (typeof ResizeObserver === 'undefined') return; // A DOM without layout (unit tests): the first width stays.
    const ro = new ResizeObserver(measure);
    ro.observe(node);
    return () => ro.disconnect();
  }, [el]);
  return width;
}

/** Memoised: a keystroke draws the search field again, not the grid (the grid follows the answer). */
export const LibraryResults = memo(function LibraryResults({ onDetails }: { onDetails(asset: LibraryAssetSummary): void }) {
  const total = useStore((s) => s.libraryTotal) ?? 0;
  const pages = useStore((s) => s.libraryPages);
  const layout = useStore((s) => s.libraryLayout);
  const resultsKey = useStore((s) => s.libraryResultsKey);
  const selection = useStore((s) => s.librarySelection);
  const openedId = useStore((s) => s.libraryOpenedId);
  const showRange = useStore((s) => s.showLibraryRange);
  const toggleSelection = useStore((s) => s.toggleLibrarySelection);
  const setFavourite = useStore((s) => s.setAssetFavourite);
  const scroller = useRef<HTMLDivElement>(null);
  const width = useWidth(scroller);
  const columns = layout === 'list' ? 1 : Math.max(1, Math.floor((width - 8) / GRID_CELL.min));
  const rowHeight = layout === 'list' ? LIST_ROW : GRID_CELL.height;
  const rows = Math.ceil(total / columns);

  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 3,
    initialRect: { width: 360, height: 700 },
  });
  useEffect(() => virtualizer.measure(), [rowHeight, columns, virtualizer]);
  // New results (another query or filter) start at the top; already there (typing), the scroller is left alone rather than measured again.
  useEffect(() => {
    if (virtualizer.scrollOffset) virtualizer.scrollToOffset(0);
  }, [resultsKey, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const firstRow = items[0]?.index ?? 0;
  const lastRow = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (total === 0) return;
    const first = firstRow * columns;
    const last = Math.min(total - 1, lastRow * columns + columns - 1);
    showRange(first, last, pagesToLoad(first, last, total));
  }, [firstRow, lastRow, columns, total, showRange, pages]);

  const selectedIds = useMemo(() => new Set(selection.map((a) => a.id)), [selection]);
  const onOpen = useCallback(
    (asset: LibraryAssetSummary, e: React.MouseEvent | React.KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey) toggleSelection(asset);
      else openAsset(asset);
    },
    [toggleSelection],
  );
  const onFavourite = useCallback((asset: LibraryAssetSummary) => void setFavourite(asset, !asset.favourite), [setFavourite]);

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const from = Number((e.target as HTMLElement).dataset.index);
    if (!Number.isFinite(from)) return;
    const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns, PageDown: columns * 4, PageUp: -columns * 4 };
    let to = e.key === 'Home' ? 0 : e.key === 'End' ? total - 1 : step[e.key] !== undefined ? from + step[e.key]! : null;
    if (to === null) return;
    e.preventDefault();
    to = Math.max(0, Math.min(total - 1, to));
    virtualizer.scrollToIndex(Math.floor(to / columns));
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${to}"]`)?.focus());
  };

  return (
    <div className="lib-scroll" ref={scroller} onKeyDown={onKeyDown}>
      <div className={`lib-results lib-results-${layout}`} role="list" aria-label="Library results" aria-rowcount={rows} style={{ height: virtualizer.getTotalSize() }}>
        {items.map((row) => (
          <div
            key={row.key}
            className="lib-row"
            style={{ transform: `translateY(${row.start}px)`, height: row.size, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
          >
            {Array.from({ length: columns }, (_, c) => {
              const index = row.index * columns + c;
              if (index >= total) return null;
              const asset = itemAt(pages, index);
              if (!asset) return <div key={`wait-${index}`} className={`lib-cell lib-cell-${layout} lib-cell-waiting`} aria-hidden="true" />;
              return (
                <AssetCell
                  key={asset.id}
                  asset={asset}
                  index={index}
                  layout={layout}
                  selected={selectedIds.has(asset.id)}
                  opened={asset.id === openedId}
                  onOpen={onOpen}
                  onDetails={onDetails}
                  onFavourite={onFavourite}
                />
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
});
