/**
 * The library's search, decided in pure functions: the full-text match of
 * what was typed (every word as a quoted prefix, so nothing typed is ever
 * read as FTS5 syntax), and the filters as one predicate over the narrow
 * facts the catalogue keeps of each asset (./catalogue.ts) and the sets of
 * row numbers that a text match, tags, a collection or a stored readiness
 * verdict select.
 */
import type { AssetMediaKind } from '../../../shared/domain/library';
import type { LibrarySearch } from '../../../shared/ipc/library';
import type { RowSet } from './row-set';

/** At most this many words are matched (a pasted paragraph is not a query). */
export const MAX_QUERY_WORDS = 16;

/**
 * The FTS5 query for what was typed: each run of letters and digits becomes
 * a quoted prefix term ("chai"*), all of which must match. Undefined when
 * nothing searchable was typed. Words hold only letters and digits, so a
 * quote, a star, a colon or NEAR typed by the user can never reach MATCH as
 * syntax.
 */
export function ftsQuery(text: string | undefined): string | undefined {
  const words = (text ?? '').normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return undefined;
  return words
    .slice(0, MAX_QUERY_WORDS)
    .map((w) => `"${w}"*`)
    .join(' ');
}

/** An ISO time as the host writes createdAt (UTC, milliseconds, Z), so times compare as text. */
export function canonicalTime(iso: string): string | undefined {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? new Date(t).toISOString() : undefined;
}

/** What the catalogue holds of one asset: every fact a filter or a sort reads. */
export interface CatalogueEntry {
  n: number;
  createdAt: string;
  hidden: boolean;
  /** Favourite, or the kept take of its set. */
  favourite: boolean;
  exported: boolean;
  source: 'generated' | 'imported';
  mediaKind: AssetMediaKind;
  generationKind: string | null;
  environmentId: string | null;
  /** The shown name, lower-cased: what the title sort orders by (read when that sort is first asked for). */
  titleKey?: string;
  /**
   * An image upload of a picture another asset already is ("Make a 3D model"
   * from an image made here, or from a file brought in): a step of lineage,
   * not an asset to find (./catalogue.ts).
   */
  resent: boolean;
}

/** Row numbers selected by the filters that are sets (each present one must hold the asset). */
export interface SelectedSets {
  text?: RowSet;
  tags?: readonly RowSet[];
  collection?: RowSet;
  readiness?: RowSet;
}

export type Filters = Omit<LibrarySearch, 'offset' | 'limit' | 'sort' | 'query' | 'tags' | 'collectionId' | 'readiness'>;

/** The predicate the filters make; sets come from the database (full text, tags, collection, readiness). */
export function entryFilter(search: Filters, sets: SelectedSets = {}): (e: CatalogueEntry) => boolean {
  const checks: ((e: CatalogueEntry) => boolean)[] = [(e) => !e.resent];
  if (!search.includeHidden) checks.push((e) => !e.hidden);
  if (search.mediaKinds?.length) {
    const kinds = new Set<string>(search.mediaKinds);
    checks.push((e) => kinds.has(e.mediaKind));
  }
  if (search.generationKinds?.length) {
    const kinds = new Set<string>(search.generationKinds);
    checks.push((e) => e.generationKind !== null && kinds.has(e.generationKind));
  }
  if (search.environmentId) checks.push((e) => e.environmentId === search.environmentId);
  if (search.source) checks.push((e) => e.source === search.source);
  if (search.exported !== undefined) checks.push((e) => e.exported === search.exported);
  if (search.favourite !== undefined) checks.push((e) => e.favourite === search.favourite);
  const from = search.createdFrom !== undefined ? canonicalTime(search.createdFrom) : undefined;
  if (from) checks.push((e) => e.createdAt >= from);
  const to = search.createdTo !== undefined ? canonicalTime(search.createdTo) : undefined;
  if (to) checks.push((e) => e.createdAt <= to);
  for (const set of [sets.text, ...(sets.tags ?? []), sets.collection, sets.readiness]) if (set) checks.push((e) => set.has(e.n));
  return (e) => {
    for (const check of checks) if (!check(e)) return false;
    return true;
  };
}

/** Newest first, then by row number (the order a grid shows by default). */
export function newestFirst(a: CatalogueEntry, b: CatalogueEntry): number {
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt ? -1 : 1;
  return b.n - a.n;
}

export function byTitle(a: CatalogueEntry, b: CatalogueEntry): number {
  const ka = a.titleKey ?? '';
  const kb = b.titleKey ?? '';
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a.n - b.n;
}

/**
 * One page of `ordered` (read backwards for `reverse`) and how many match in
 * all: one pass, counting every match and keeping those in the window.
 */
export function pageOf(ordered: readonly CatalogueEntry[], keep: (e: CatalogueEntry) => boolean, window: { offset: number; limit: number; reverse?: boolean }): { total: number; ns: number[] } {
  const ns: number[] = [];
  let total = 0;
  const end = window.offset + window.limit;
  const len = ordered.length;
  for (let i = 0; i < len; i++) {
    const e = ordered[window.reverse ? len - 1 - i : i]!;
    if (!keep(e)) continue;
    if (total >= window.offset && total < end) ns.push(e.n);
    total++;
  }
  return { total, ns };
}

/** Below this share of the catalogue, the smallest selected set is sorted on its own instead of the whole catalogue being walked. */
export const SMALL_SET_SHARE = 1 / 8;

/** The set to start from: the smallest selected set when it is small next to the catalogue, else none (walk it all). */
export function smallestSet(sets: SelectedSets, catalogueSize: number): RowSet | undefined {
  const all = [sets.text, ...(sets.tags ?? []), sets.collection, sets.readiness].filter((s): s is RowSet => !!s);
  const smallest = all.sort((a, b) => a.size - b.size)[0];
  return smallest && smallest.size < catalogueSize * SMALL_SET_SHARE ? smallest : undefined;
}

/** The same page as `pageOf` over the catalogue, from the entries of a small set, sorted by `compare`. */
export function pageOfEntries(entries: readonly CatalogueEntry[], keep: (e: CatalogueEntry) => boolean, compare: (a: CatalogueEntry, b: CatalogueEntry) => number, window: { offset: number; limit: number }): { total: number; ns: number[] } {
  const kept = entries.filter(keep).sort(compare);
  return { total: kept.length, ns: kept.slice(window.offset, window.offset + window.limit).map((e) => e.n) };
}
