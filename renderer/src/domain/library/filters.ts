/**
 * The library's filters as the artist sets them, and the one search request
 * they make. Dates are chosen as spans ("last 7 days") and become absolute
 * times only when a request is made, so a view left open overnight still
 * means what it says.
 */
import type { GenerationKind } from '../../../../shared/api';
import type { AssetMediaKind, ReadinessVerdict } from '../../../../shared/domain/library';
import type { LibrarySearch, LibrarySort } from '../../../../shared/ipc/library';

export const DATE_SPANS = ['any', 'today', '7d', '30d', '365d'] as const;
export type DateSpan = (typeof DATE_SPANS)[number];

export type TriState = 'any' | 'yes' | 'no';

export interface LibraryFilters {
  mediaKind: AssetMediaKind | 'any';
  generationKind: GenerationKind | 'any';
  source: 'any' | 'generated' | 'imported';
  date: DateSpan;
  tag: string | null;
  collectionId: string | null;
  environmentId: string | null;
  exported: TriState;
  favourites: boolean;
  /** Readiness against one project folder's budget; both set, or no readiness filter. */
  readinessFolderId: string | null;
  readiness: ReadinessVerdict | 'any';
  showHidden: boolean;
  sort: LibrarySort;
}

export const NO_FILTERS: LibraryFilters = {
  mediaKind: 'any',
  generationKind: 'any',
  source: 'any',
  date: 'any',
  tag: null,
  collectionId: null,
  environmentId: null,
  exported: 'any',
  favourites: false,
  readinessFolderId: null,
  readiness: 'any',
  showHidden: false,
  sort: 'newest',
};

const DAY_MS = 86_400_000;

/** The earliest creation time a span allows (local midnight for "today"), or undefined for any time. */
export function dateFrom(span: DateSpan, now: Date): string | undefined {
  if (span === 'any') return undefined;
  if (span === 'today') {
    const midnight = new Date(now);
    midnight.setHours(0, 0, 0, 0);
    return midnight.toISOString();
  }
  const days = span === '7d' ? 7 : span === '30d' ? 30 : 365;
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

/** The `library:search` request for a query, the filters and a window of results. */
export function searchArgs(query: string, filters: LibraryFilters, window: { offset: number; limit: number }, now: Date): LibrarySearch {
  const args: LibrarySearch = { offset: window.offset, limit: window.limit, sort: filters.sort };
  const words = query.trim();
  if (words) args.query = words.slice(0, 500);
  if (filters.mediaKind !== 'any') args.mediaKinds = [filters.mediaKind];
  if (filters.generationKind !== 'any') args.generationKinds = [filters.generationKind];
  if (filters.source !== 'any') args.source = filters.source;
  const from = dateFrom(filters.date, now);
  if (from) args.createdFrom = from;
  if (filters.tag) args.tags = [filters.tag];
  if (filters.collectionId) args.collectionId = filters.collectionId;
  if (filters.environmentId) args.environmentId = filters.environmentId;
  if (filters.exported !== 'any') args.exported = filters.exported === 'yes';
  if (filters.favourites) args.favourite = true;
  if (filters.readinessFolderId && filters.readiness !== 'any') args.readiness = { folderId: filters.readinessFolderId, verdict: filters.readiness };
  if (filters.showHidden) args.includeHidden = true;
  return args;
}

/** How many filters narrow the results (the Filters button shows it); sort order and a lone folder choice do not count. */
export function activeFilterCount(filters: LibraryFilters): number {
  let n = 0;
  if (filters.mediaKind !== 'any') n++;
  if (filters.generationKind !== 'any') n++;
  if (filters.source !== 'any') n++;
  if (filters.date !== 'any') n++;
  if (filters.tag) n++;
  if (filters.collectionId) n++;
  if (filters.environmentId) n++;
  if (filters.exported !== 'any') n++;
  if (filters.favourites) n++;
  if (filters.readinessFolderId && filters.readiness !== 'any') n++;
  if (filters.showHidden) n++;
  return n;
}

/** The filters with the narrowing ones cleared (the sort order stays). */
export function clearedFilters(filters: LibraryFilters): LibraryFilters {
  return { ...NO_FILTERS, sort: filters.sort, readinessFolderId: filters.readinessFolderId };
}
