/**
 * The catalogue: the narrow facts of every asset (./query.ts CatalogueEntry),
 * held in memory in newest-first order, so a search filters, counts and
 * pages 100,000 assets in one pass without reading their wide rows (prompts,
 * notes, figures) from the database. Kept in step with the database through
 * the change log: the ids that changed are read again.
 */
import type { Database } from '../store/database';
import { byTitle, newestFirst, type CatalogueEntry } from './query';

const ENTRY_COLUMNS = `n, id, created_at, hidden, favourite, kept, export_count, source, media_kind, generation_kind, environment_id, environment_name`;

interface EntryRow {
  n: number;
  id: string;
  created_at: string;
  hidden: number;
  favourite: number;
  kept: number;
  export_count: number;
  source: CatalogueEntry['source'];
  media_kind: CatalogueEntry['mediaKind'];
  generation_kind: string | null;
  environment_id: string | null;
  environment_name: string | null;
}

const COLUMN_NAMES = ENTRY_COLUMNS.split(', ') as (keyof EntryRow)[];

/** A row read as an array (node:sqlite makes arrays several times faster than objects at 100,000 rows). */
function rowOf(values: unknown[]): EntryRow {
  const row: Record<string, unknown> = {};
  COLUMN_NAMES.forEach((name, i) => (row[name] = values[i]));
  return row as unknown as EntryRow;
}

/** Stands for "more changed than were named" among the changes held during a load. */
const EVERYTHING = '*';

/** Rows read per slice of a load in the background, between which main answers other work. */
const LOAD_SLICE = 10_000;

/**
 * One copy of each kind, source and environment id, however many entries
 * name it: SQLite hands every row its own copy of each text, and at 100,000
 * assets those copies were most of the catalogue's memory.
 */
const shared = new Map<string, string>();
function one<T extends string | null>(text: T): T {
  if (text === null) return text;
  const held = shared.get(text);
  if (held !== undefined) return held as T;
  shared.set(text, text);
  return text;
}

function entryOf(r: EntryRow): CatalogueEntry {
  return {
    n: r.n,
    createdAt: r.created_at,
    hidden: r.hidden === 1,
    favourite: r.favourite === 1 || r.kept === 1,
    exported: r.export_count > 0,
    source: one(r.source),
    mediaKind: one(r.media_kind),
    generationKind: one(r.generation_kind),
    environmentId: one(r.environment_id),
    resent: false,
  };
}

/** The title sort's keys: read when that sort is first asked for, not held for every asset before. */
const TITLE_KEYS = `SELECT n, display_title FROM library_assets`;

/**
 * Image uploads whose request carried a picture another asset (not an
 * upload) holds: the generated image "Make a 3D model" sent, an imported file
 * sent again. An upload of a file the library holds nowhere else stays an
 * asset: it is the only place the artist's picture is.
 */
const RESENT_UPLOADS = `SELECT u.n FROM library_assets u
  WHERE u.generation_kind = 'image-upload' AND EXISTS (
    SELECT 1 FROM library_file_sources f JOIN library_assets o ON o.sha256 = f.sha256
    WHERE f.asset_n = u.n AND o.n <> u.n AND o.generation_kind IS NOT 'image-upload')`;

/** Where `entry` goes in `list` (sorted by `compare`): the first index whose entry sorts after it. */
function insertionPoint(list: readonly CatalogueEntry[], entry: CatalogueEntry, compare: (a: CatalogueEntry, b: CatalogueEntry) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(list[mid]!, entry) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class Catalogue {
  private byN = new Map<number, CatalogueEntry>();
  private idToN = new Map<string, number>();
  private newest: CatalogueEntry[] = [];
  private titled: CatalogueEntry[] | undefined;
  /** Row numbers of the uploads marked `resent`. */
  private resentNs = new Set<number>();
  /** The name of each environment an asset came from (the facets show names). */
  readonly environmentNames = new Map<string, string>();

  /** Not read until first asked (a search or the facets): a start that never shows the library never pays for it. */
  private loaded = false;
  private loading: Promise<void> | undefined;
  /** Changes reported while a background load runs: applied once it has finished. */
  private pendingIds: string[] | undefined;

  constructor(private readonly db: Database) {}

  get size(): number {
    this.ensure();
    return this.newest.length;
  }

  private ensure(): void {
    if (!this.loaded) this.reload();
  }

  private reset(): void {
    this.byN = new Map();
    this.idToN = new Map();
  }

  private take(values: unknown[][]): void {
    for (const v of values) {
      const r = rowOf(v);
      this.byN.set(r.n, entryOf(r));
      this.idToN.set(r.id, r.n);
      if (r.environment_id && r.environment_name) this.environmentNames.set(r.environment_id, r.environment_name);
    }
  }

  private finish(): void {
    this.newest = [...this.byN.values()].sort(newestFirst);
    this.titled = undefined;
    this.loaded = true;
    this.resentNs = new Set();
    this.markResent();
  }

  /**
   * Reads which uploads re-send a picture held elsewhere and marks their
   * entries. Asked again after every change: a picture deleted or brought in
   * changes what its uploads are, and uploads are few (an index finds them).
   */
  private markResent(): void {
    const statement = this.db.prepare(RESENT_UPLOADS);
    statement.setReturnArrays(true);
    const now = new Set((statement.all() as unknown as [number][]).map((r) => r[0]));
    for (const n of this.resentNs) if (!now.has(n)) this.setResent(n, false);
    for (const n of now) this.setResent(n, true);
    this.resentNs = now;
  }

  private setResent(n: number, resent: boolean): void {
    const entry = this.byN.get(n);
    if (entry) entry.resent = resent;
  }

  /** Everything read again, at once (more changes than the log names, or a search before the background load), a slice of rows at a time. */
  reload(): void {
    const slice = this.sliceStatement();
    this.reset();
    for (let after = 0; ; ) {
      const rows = slice.all(after) as unknown as unknown[][];
      this.take(rows);
      if (rows.length < LOAD_SLICE) break;
      after = rows.at(-1)![0] as number;
    }
    this.finish();
  }

  /** Rows by number after `n`, LOAD_SLICE at a time: a whole library is never held as rows at once. */
  private sliceStatement() {
    const slice = this.db.prepare(`SELECT ${ENTRY_COLUMNS} FROM library_assets WHERE n > ? ORDER BY n LIMIT ${LOAD_SLICE}`);
    slice.setReturnArrays(true);
    return slice;
  }

  /**
   * Reads the catalogue in slices of rows by number, letting main answer
   * other work between them; changes reported meanwhile are applied at the
   * end. Resolves at once when it is loaded.
   */
  load(): Promise<void> {
    if (this.loaded) return Promise.resolve();
    this.loading ??= (async () => {
      const slice = this.sliceStatement();
      this.pendingIds = [];
      this.reset();
      let after = 0;
      for (;;) {
        if (this.loaded) return; // a search read it all meanwhile
        const rows = slice.all(after) as unknown as unknown[][];
        this.take(rows);
        if (rows.length < LOAD_SLICE) break;
        after = rows.at(-1)![0] as number;
        await new Promise((resolve) => setImmediate(resolve));
      }
      this.finish();
      const pending = this.pendingIds;
      this.pendingIds = undefined;
      if (pending?.includes(EVERYTHING)) this.reload();
      else if (pending?.length) this.apply(pending);
    })().finally(() => {
      this.loading = undefined;
      this.pendingIds = undefined;
    });
    return this.loading;
  }

  /** Reads the named assets again: changed ones replace their entry, deleted ones leave, new ones take their place in order. */
  apply(ids: readonly string[]): void {
    // Not read yet: the first read will see these changes (a load under way applies them when it ends).
    if (!this.loaded) {
      // An empty list (too many to name) asks for everything again once loaded.
      this.pendingIds?.push(...(ids.length ? ids : [EVERYTHING]));
      return;
    }
    if (ids.length === 0) return this.reload();
    // The title key comes in the same read while the title order is held (one query, not one per asset).
    const rows = this.db
      .prepare(`SELECT ${ENTRY_COLUMNS}${this.titled ? ', display_title' : ''} FROM library_assets WHERE id IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(ids)) as unknown as (EntryRow & { display_title?: string | null })[];
    const found = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const before = this.idToN.get(id);
      const row = found.get(id);
      if (before !== undefined) this.remove(before);
      if (!row) {
        this.idToN.delete(id);
        continue;
      }
      const entry = entryOf(row);
      if (row.environment_id && row.environment_name) this.environmentNames.set(row.environment_id, row.environment_name);
      this.byN.set(entry.n, entry);
      this.idToN.set(id, entry.n);
      this.newest.splice(insertionPoint(this.newest, entry, newestFirst), 0, entry);
      if (this.titled) {
        entry.titleKey = (row.display_title ?? '').toLowerCase();
        this.titled.splice(insertionPoint(this.titled, entry, byTitle), 0, entry);
      }
    }
    this.markResent();
  }

  private remove(n: number): void {
    const entry = this.byN.get(n);
    if (!entry) return;
    this.byN.delete(n);
    const at = insertionPoint(this.newest, entry, newestFirst);
    if (this.newest[at] === entry) this.newest.splice(at, 1);
    else this.newest = this.newest.filter((e) => e !== entry);
    if (this.titled) {
      const t = insertionPoint(this.titled, entry, byTitle);
      if (this.titled[t] === entry) this.titled.splice(t, 1);
      else this.titled = undefined;
    }
  }

  entry(n: number): CatalogueEntry | undefined {
    this.ensure();
    return this.byN.get(n);
  }

  /** Every entry, newest first. */
  all(): readonly CatalogueEntry[] {
    this.ensure();
    return this.newest;
  }

  ordered(sort: 'newest' | 'oldest' | 'title'): readonly CatalogueEntry[] {
    this.ensure();
    if (sort !== 'title') return this.newest;
    if (!this.titled) {
      const keys = this.db.prepare(TITLE_KEYS);
      keys.setReturnArrays(true);
      for (const [n, title] of keys.all() as unknown as [number, string][]) {
        const entry = this.byN.get(n);
        if (entry) entry.titleKey = title.toLowerCase();
      }
      this.titled = [...this.newest].sort(byTitle);
    }
    return this.titled;
  }
}
