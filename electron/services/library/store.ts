/**
 * The library's reads over the studio database: opening (both parts'
 * schemas, the media kind of every generation kind, generated assets for
 * records already there), a page of search results with its total, one
 * asset with its lineage, and the facets.
 */
import type { SQLInputValue } from 'node:sqlite';
import { GENERATION_KINDS } from '../../../shared/api';
import type { LibraryAssetDetail, LibraryAssetSummary, LibraryExport, LibraryFacets, LineageLink, ReadinessVerdict } from '../../../shared/domain/library';
import type { LibraryPage, LibrarySearch } from '../../../shared/ipc/library';
import { JOBS_PART, JOBS_SCHEMA } from '../jobs/store/schema';
import { migrate, transaction, type Database } from '../store/database';
import { mediaKindOf, relationOf } from './lineage';
import type { Catalogue } from './catalogue';
import { byTitle, entryFilter, ftsQuery, newestFirst, pageOf, pageOfEntries, smallestSet, type CatalogueEntry, type SelectedSets } from './query';
import { rowSetOf, type RowSet } from './row-set';
import { SUMMARY_COLUMNS, summaryOf, type AssetRow } from './rows';
import { backfillSql, LIBRARY_PART, LIBRARY_SCHEMA } from './schema';

/** How far lineage is followed each way (a chain of edits is rarely longer). */
const LINEAGE_DEPTH = 20;
const LINEAGE_MAX = 200;

/** Brings both parts up to date and teaches the library every kind this version knows. */
export function prepareLibrary(db: Database): void {
  migrate(db, JOBS_PART, JOBS_SCHEMA);
  migrate(db, LIBRARY_PART, LIBRARY_SCHEMA);
  const known = new Set((db.prepare('SELECT kind FROM library_kinds').all() as { kind: string }[]).map((r) => r.kind));
  const missing = GENERATION_KINDS.flatMap((kind) => {
    const media = mediaKindOf(kind);
    return media && !known.has(kind) ? [[kind, media] as const] : [];
  });
  if (missing.length === 0) return;
  // A kind learnt now (a new version, or the first start): its finished jobs become assets.
  transaction(db, () => {
    const insert = db.prepare('INSERT OR IGNORE INTO library_kinds (kind, media_kind) VALUES (?, ?)');
    for (const [kind, media] of missing) insert.run(kind, media);
    for (const sql of backfillSql()) db.exec(sql);
  });
}


/** Tags by spelling in order, with how many assets carry each, but for the row numbers given (those a facet does not count). */
const TAG_COUNTS = `SELECT tag, count(*) FROM library_tags WHERE asset_n NOT IN (SELECT value FROM json_each(?)) GROUP BY tag ORDER BY tag`;

export class LibraryReads {
  constructor(
    private readonly db: Database,
    private readonly catalogue: Catalogue,
  ) {}

  /** An asset by library id, job local id or upstream job id. */
  find(id: string): AssetRow | undefined {
    return this.db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM library_assets a WHERE a.id = ? OR a.local_id = ? OR a.job_id = ? LIMIT 1`).get(id, id, id) as AssetRow | undefined;
  }

  private readinessOf(ns: readonly number[]): Map<number, Record<string, ReadinessVerdict>> {
    const out = new Map<number, Record<string, ReadinessVerdict>>();
    if (ns.length === 0) return out;
    const rows = this.db.prepare(`SELECT asset_n, folder_id, verdict FROM library_readiness WHERE asset_n IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ns)) as {
      asset_n: number;
      folder_id: string;
      verdict: ReadinessVerdict;
    }[];
    for (const r of rows) (out.get(r.asset_n) ?? out.set(r.asset_n, {}).get(r.asset_n)!)[r.folder_id] = r.verdict;
    return out;
  }

  private summaries(rows: AssetRow[]) {
    const readiness = this.readinessOf(rows.map((r) => r.n));
    return rows.map((r) => summaryOf(r, readiness.get(r.n)));
  }

  /** Row numbers a query answers (its one column, `n`), as a set: one text from SQLite, however many match. */
  private numberSet(sql: string, ...params: SQLInputValue[]): RowSet {
    const statement = this.db.prepare(`SELECT group_concat(n) FROM (${sql})`);
    statement.setReturnArrays(true);
    const row = statement.get(...params) as unknown as [string | null] | undefined;
    return rowSetOf(row?.[0]);
  }

  /** The sets the search's set-valued filters select (text, tags, collection, readiness). */
  private selectedSets(search: LibrarySearch): SelectedSets {
    const sets: SelectedSets = {};
    const match = ftsQuery(search.query);
    if (match) sets.text = this.numberSet('SELECT rowid AS n FROM library_fts WHERE library_fts MATCH ?', match);
    if (search.tags?.length) sets.tags = search.tags.map((tag) => this.numberSet('SELECT asset_n AS n FROM library_tags WHERE tag = ?', tag.trim()));
    if (search.collectionId) sets.collection = this.numberSet('SELECT asset_n AS n FROM library_members WHERE collection_id = ?', search.collectionId);
    if (search.readiness) sets.readiness = this.numberSet('SELECT asset_n AS n FROM library_readiness WHERE folder_id = ? AND verdict = ?', search.readiness.folderId, search.readiness.verdict);
    return sets;
  }

  search(search: LibrarySearch): LibraryPage {
    const sets = this.selectedSets(search);
    const empty = [sets.text, ...(sets.tags ?? []), sets.collection, sets.readiness].some((set) => set?.size === 0);
    if (empty) return { total: 0, offset: search.offset, items: [] };
    const sort = search.sort ?? 'newest';
    const keep = entryFilter(search, sets);
    const start = smallestSet(sets, this.catalogue.size);
    const compare = sort === 'title' ? byTitle : sort === 'oldest' ? (a: CatalogueEntry, b: CatalogueEntry) => newestFirst(b, a) : newestFirst;
    const { total, ns } = start
      ? pageOfEntries(
          [...start].flatMap((n) => this.catalogue.entry(n) ?? []),
          keep,
          compare,
          search,
        )
      : pageOf(this.catalogue.ordered(sort), keep, { offset: search.offset, limit: search.limit, reverse: sort === 'oldest' });
    return { total, offset: search.offset, items: this.summaries(this.rowsByNumber(ns)) };
  }

  /** The rows of `ns`, in that order. */
  private rowsByNumber(ns: readonly number[]): AssetRow[] {
    if (ns.length === 0) return [];
    const rows = this.db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM library_assets a WHERE a.n IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ns)) as unknown as AssetRow[];
    const byN = new Map(rows.map((r) => [r.n, r]));
    return ns.flatMap((n) => byN.get(n) ?? []);
  }

  private rowsWhere(where: string, ...params: SQLInputValue[]): AssetRow[] {
    return this.db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM library_assets a WHERE ${where}`).all(...params) as unknown as AssetRow[];
  }

  /** What `row` was made from: its parent job's asset and the files its request carried. */
  private directSources(row: AssetRow): AssetRow[] {
    const byJob = row.parent_job_id ? this.rowsWhere('a.job_id = ?', row.parent_job_id) : [];
    const byFile = this.rowsWhere('a.n <> ? AND a.sha256 IN (SELECT sha256 FROM library_file_sources WHERE asset_n = ?) ORDER BY a.source DESC', row.n, row.n);
    const seen = new Set<number>();
    return [...byJob, ...byFile].filter((r) => !seen.has(r.n) && seen.add(r.n));
  }

  /** What was made from `row`: jobs naming its job as their source, and jobs whose request carried its file. */
  private directDescendants(row: AssetRow): AssetRow[] {
    const byJob = row.job_id ? this.rowsWhere('a.parent_job_id = ? ORDER BY a.created_at', row.job_id) : [];
    const byFile = row.sha256 ? this.rowsWhere('a.n IN (SELECT asset_n FROM library_file_sources WHERE sha256 = ?) AND a.n <> ? ORDER BY a.created_at', row.sha256, row.n) : [];
    const seen = new Set<number>();
    return [...byJob, ...byFile].filter((r) => !seen.has(r.n) && seen.add(r.n));
  }

  /** Breadth first, nearest first; each link's relation is how the child was made. */
  private walk(start: AssetRow, next: (r: AssetRow) => AssetRow[], upward: boolean): LineageLink[] {
    const links: { relation: LineageLink['relation']; row: AssetRow }[] = [];
    const seen = new Set<number>([start.n]);
    let frontier = [start];
    for (let depth = 0; depth < LINEAGE_DEPTH && frontier.length && links.length < LINEAGE_MAX; depth++) {
      const following: AssetRow[] = [];
      for (const row of frontier) {
        for (const found of next(row)) {
          if (seen.has(found.n)) continue;
          seen.add(found.n);
          links.push({ relation: relationOf(upward ? row.generation_kind : found.generation_kind), row: found });
          following.push(found);
        }
      }
      frontier = following;
    }
    const summaries = this.summaries(links.map((l) => l.row));
    return links.map((l, i) => ({ relation: l.relation, asset: summaries[i]! }));
  }

  /** Summaries of the named assets (library ids), in that order; unknown ids are left out. */
  summariesOf(ids: readonly string[]): LibraryAssetSummary[] {
    if (ids.length === 0) return [];
    const rows = this.rowsWhere('a.id IN (SELECT value FROM json_each(?))', JSON.stringify(ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return this.summaries(ids.flatMap((id) => byId.get(id) ?? []));
  }

  get(id: string): LibraryAssetDetail | undefined {
    const row = this.find(id);
    if (!row) return undefined;
    const [summary] = this.summaries([row]);
    const note = (this.db.prepare('SELECT note FROM library_assets WHERE n = ?').get(row.n) as { note: string }).note;
    const collections = this.db
      .prepare('SELECT c.id, c.name FROM library_collections c JOIN library_members m ON m.collection_id = c.id WHERE m.asset_n = ? ORDER BY c.name COLLATE NOCASE')
      .all(row.n) as { id: string; name: string }[];
    const detail: LibraryAssetDetail = {
      ...summary!,
      // A summary leaves out a prompt that is its title; the details always say what was asked for.
      ...(row.prompt ? { prompt: row.prompt } : {}),
      note,
      collections: collections.map((c) => ({ id: c.id, name: c.name })),
      sources: this.walk(row, (r) => this.directSources(r), true),
      descendants: this.walk(row, (r) => this.directDescendants(r), false),
      exports: this.exportsOf(row.n),
    };
    if (row.set_id) {
      const takes = this.db.prepare('SELECT id, kept FROM library_assets WHERE set_id = ? ORDER BY created_at, n').all(row.set_id) as { id: string; kept: number }[];
      const kept = takes.find((t) => t.kept === 1);
      detail.set = { setId: row.set_id, takes: takes.map((t) => t.id), ...(kept ? { keptId: kept.id } : {}) };
    }
    return detail;
  }

  exportsOf(n: number): LibraryExport[] {
    const rows = this.db
      .prepare('SELECT e.id, a.id AS asset_id, e.folder_id, e.folder_path, e.format, e.fixes, e.files, e.at FROM library_exports e JOIN library_assets a ON a.n = e.asset_n WHERE e.asset_n = ? ORDER BY e.at DESC')
      .all(n) as { id: string; asset_id: string; folder_id: string | null; folder_path: string; format: string; fixes: string; files: string; at: string }[];
    return rows.map((r) => ({
      id: r.id,
      assetId: r.asset_id,
      ...(r.folder_id ? { folderId: r.folder_id } : {}),
      folderPath: r.folder_path,
      format: r.format,
      fixes: JSON.parse(r.fixes) as string[],
      files: JSON.parse(r.files) as string[],
      at: r.at,
    }));
  }

  /** Counts from the catalogue and the tag index: no wide row is read. */
  facets(includeHidden: boolean): LibraryFacets {
    const visible = (e: CatalogueEntry | undefined) => !!e && !e.resent && (includeHidden || !e.hidden);
    let total = 0;
    const media = new Map<LibraryFacets['mediaKinds'][number]['mediaKind'], number>();
    const environments = new Map<string, number>();
    const uncounted: number[] = [];
    for (const e of this.catalogue.all()) {
      if (!visible(e)) {
        uncounted.push(e.n);
        continue;
      }
      total++;
      media.set(e.mediaKind, (media.get(e.mediaKind) ?? 0) + 1);
      if (e.environmentId) environments.set(e.environmentId, (environments.get(e.environmentId) ?? 0) + 1);
    }
    // Counted in SQL by exact spelling (a few hundred rows, not one per tag of every asset: reading those made
    // ~20 MB of garbage per call at 100,000 assets), then merged without regard to case here.
    const tagRows = this.db.prepare(TAG_COUNTS);
    tagRows.setReturnArrays(true);
    const tags = new Map<string, { tag: string; count: number }>();
    for (const [tag, count] of tagRows.all(JSON.stringify(uncounted)) as unknown as [string, number][]) {
      const key = tag.toLowerCase();
      const seen = tags.get(key) ?? tags.set(key, { tag, count: 0 }).get(key)!;
      seen.count += count;
    }
    const byCount = <T extends { count: number }>(a: T, b: T) => b.count - a.count;
    return {
      total,
      tags: [...tags.values()].sort((a, b) => byCount(a, b) || (a.tag < b.tag ? -1 : 1)).slice(0, 200),
      mediaKinds: [...media].map(([mediaKind, count]) => ({ mediaKind, count })).sort(byCount),
      environments: [...environments].map(([environmentId, count]) => ({ environmentId, name: this.catalogue.environmentNames.get(environmentId) ?? environmentId, count })).sort(byCount),
    };
  }
}
