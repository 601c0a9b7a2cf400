/**
 * The window of search results the page holds: fixed-size pages fetched as
 * the grid scrolls near them, and the ones far from the view dropped, so
 * 100,000 matches never sit in the page at once.
 */
import type { LibraryAssetSummary } from '../../../../shared/domain/library';

/**
 * Results per `library:search` request: a side panel's grid shows about 30
 * cells, so a keystroke's answer is a page of 60 (with the count), not more.
 */
export const PAGE_SIZE = 60;
/** Pages kept at most (the visible ones and their neighbours). */
export const MAX_PAGES = 8;

export type PageCache = ReadonlyMap<number, readonly LibraryAssetSummary[]>;

/**
 * The pages that hold items `first`..`last` (inclusive) and `ahead` items
 * either side (by default as many as are shown: one screenful scrolled
 * either way is there before it shows). A page beyond that is not asked for:
 * new results at the top need only the first page, so a keystroke sends one
 * search, not two.
 */
export function pagesToLoad(first: number, last: number, total: number, pageSize = PAGE_SIZE, ahead = Math.max(0, last - first + 1)): number[] {
  if (total <= 0 || last < first) return total > 0 ? [0] : [];
  const from = Math.floor(Math.max(0, first - ahead) / pageSize);
  const to = Math.floor(Math.min(total - 1, last + ahead) / pageSize);
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

/** Two summaries that say the same (the host writes them field by field in one order, so their JSON is comparable). */
export function sameSummary(a: LibraryAssetSummary, b: LibraryAssetSummary): boolean {
  return a === b || (a.id === b.id && JSON.stringify(a) === JSON.stringify(b));
}

/**
 * A new answer's items with every summary that equals one already held
 * replaced by the held object, and the held list itself when nothing
 * changed: a keystroke whose results are those shown ("stylis" →
 * "stylise") leaves every cell as it is, and a changed answer redraws only
 * the cells whose asset changed (cells are memoised on their asset).
 */
export function keepUnchanged(held: readonly LibraryAssetSummary[] | undefined, items: readonly LibraryAssetSummary[]): readonly LibraryAssetSummary[] {
  if (!held?.length) return items;
  const byId = new Map(held.map((h) => [h.id, h]));
  let same = held.length === items.length;
  const out = items.map((item, i) => {
    const before = byId.get(item.id);
    const kept = before && sameSummary(before, item) ? before : item;
    if (kept !== held[i]) same = false;
    return kept;
  });
  return same ? held : out;
}
