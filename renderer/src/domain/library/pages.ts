/**
 * The window of search results the page holds: fixed-size pages fetched as
 * the grid scrolls near them, and the ones far from the view dropped, so
 * 100,000 matches never sit in the page at once.
 */
import type { LibraryAssetSummary } from '../../../../shared/domain/library';

/** Results per `library:search` request. */
export const PAGE_SIZE = 120;
/** Pages kept at most (the visible ones and their neighbours). */
export const MAX_PAGES = 8;

export type PageCache = ReadonlyMap<number, readonly LibraryAssetSummary[]>;

/** The pages that hold items `first`..`last` (inclusive) and one page either side. */
export function pagesToLoad(first: number, last: number, total: number, pageSize = PAGE_SIZE): number[] {
  if (total <= 0 || last < first) return total > 0 ? [0] : [];
  const lastPage = Math.floor((total - 1) / pageSize);
  const from = Math.max(0, Math.floor(first / pageSize) - 1);
  const to = Math.min(lastPage, Math.floor(last / pageSize) + 1);
  const pages: number[] = [];
  for (let p = from; p <= to; p++) pages.push(p);
  return pages;
}

/** The cache with a page added; when over `max`, the pages farthest from the one just added go first. */
export function withPage(cache: PageCache, page: number, items: readonly LibraryAssetSummary[], max = MAX_PAGES): Map<number, readonly LibraryAssetSummary[]> {
  const next = new Map(cache);
  next.set(page, items);
  if (next.size <= max) return next;
  const byDistance = [...next.keys()].sort((a, b) => Math.abs(b - page) - Math.abs(a - page));
  for (const p of byDistance.slice(0, next.size - max)) next.delete(p);
  return next;
}

/** The item at a result index, or undefined while its page is not here. */
export function itemAt(cache: PageCache, index: number, pageSize = PAGE_SIZE): LibraryAssetSummary | undefined {
  return cache.get(Math.floor(index / pageSize))?.[index % pageSize];
}

/** The cache with one asset's summary replaced wherever it is held (after a tag, a favourite). */
export function withSummary(cache: PageCache, summary: LibraryAssetSummary): PageCache {
  let changed = false;
  const next = new Map(cache);
  for (const [p, items] of cache) {
    const i = items.findIndex((it) => it.id === summary.id);
    if (i < 0) continue;
    const copy = [...items];
    copy[i] = summary;
    next.set(p, copy);
    changed = true;
  }
  return changed ? next : cache;
}
