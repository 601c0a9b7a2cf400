/**
 * What the user adds to assets: tags, a note, favourites, collections, and
 * the kept takes of variant sets mirrored from `kept-takes.json` (the compare
 * view's Keep, which stays the source of that choice). Each change runs in
 * one transaction; the triggers of ./schema.ts log it for every process.
 */
import { randomBytes } from 'node:crypto';
import type { LibraryCollection } from '../../../shared/domain/library';
import type { KeptTakes } from '../../../shared/domain/sets';
import { transaction, type Database } from '../store/database';
import { normaliseTags } from './tags';

export class LibraryEdits {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Row numbers of the assets named (library ids), in no order; unknown ids are left out. */
  numbers(ids: readonly string[]): number[] {
    return (this.db.prepare('SELECT n FROM library_assets WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as { n: number }[]).map((r) => r.n);
  }

  /** Adds then removes tags on every asset named; answers how many assets were found. */
  tag(ids: readonly string[], add: readonly string[] = [], remove: readonly string[] = []): number {
    const adding = normaliseTags(add);
    const removing = normaliseTags(remove);
    return transaction(this.db, () => {
      const ns = this.numbers(ids);
      const insert = this.db.prepare('INSERT OR IGNORE INTO library_tags (asset_n, tag) VALUES (?, ?)');
      const del = this.db.prepare('DELETE FROM library_tags WHERE asset_n = ? AND tag = ?');
      for (const n of ns) {
        for (const tag of adding) insert.run(n, tag);
        for (const tag of removing) del.run(n, tag);
      }
      return ns.length;
    });
  }

  setNote(id: string, note: string): boolean {
    return this.db.prepare('UPDATE library_assets SET note = ? WHERE id = ?').run(note.trim(), id).changes > 0;
  }

  setFavourite(id: string, favourite: boolean): boolean {
    return this.db.prepare('UPDATE library_assets SET favourite = ? WHERE id = ?').run(favourite ? 1 : 0, id).changes > 0;
  }

  /**
   * Mirrors the kept takes: exactly the named take of each set is `kept`.
   * Only rows whose flag changes are written, so an unchanged file costs a read.
   */
  syncKept(kept: KeptTakes): number {
    const json = JSON.stringify(Object.entries(kept).map(([setId, localId]) => ({ setId, localId })));
    return transaction(this.db, () => {
      const want = `SELECT json_extract(value, '$.setId') AS set_id, json_extract(value, '$.localId') AS local_id FROM json_each(?)`;
      // Both read only the takes of sets (the partial index on set_id), never the whole library.
      const on = this.db.prepare(`UPDATE library_assets SET kept = 1 WHERE set_id IS NOT NULL AND kept = 0 AND (set_id, local_id) IN (${want})`).run(json).changes;
      const off = this.db.prepare(`UPDATE library_assets SET kept = 0 WHERE set_id IS NOT NULL AND kept = 1 AND (set_id, local_id) NOT IN (${want})`).run(json).changes;
      return Number(on) + Number(off);
    });
  }

  collections(): LibraryCollection[] {
    return this.db
      .prepare('SELECT c.id, c.name, (SELECT count(*) FROM library_members m WHERE m.collection_id = c.id) AS count FROM library_collections c ORDER BY c.name COLLATE NOCASE, c.id')
      .all() as unknown as LibraryCollection[];
  }

  private collection(id: string): LibraryCollection | undefined {
    return this.collections().find((c) => c.id === id);
  }

  createCollection(name: string): LibraryCollection {
    const id = `c_${randomBytes(9).toString('base64url')}`;
    this.db.prepare('INSERT INTO library_collections (id, name, created_at) VALUES (?, ?, ?)').run(id, name.trim(), this.now().toISOString());
    return { id, name: name.trim(), count: 0 };
  }

  renameCollection(id: string, name: string): LibraryCollection | undefined {
    if (this.db.prepare('UPDATE library_collections SET name = ? WHERE id = ?').run(name.trim(), id).changes === 0) return undefined;
    return this.collection(id);
  }

  deleteCollection(id: string): boolean {
    return transaction(this.db, () => {
      this.db.prepare('DELETE FROM library_members WHERE collection_id = ?').run(id);
      return this.db.prepare('DELETE FROM library_collections WHERE id = ?').run(id).changes > 0;
    });
  }

  /** Undefined when the collection does not exist. */
  addToCollection(id: string, ids: readonly string[]): number | undefined {
    return transaction(this.db, () => {
      if (!this.db.prepare('SELECT 1 FROM library_collections WHERE id = ?').get(id)) return undefined;
      const insert = this.db.prepare('INSERT OR IGNORE INTO library_members (collection_id, asset_n, added_at) VALUES (?, ?, ?)');
      const at = this.now().toISOString();
      let added = 0;
      for (const n of this.numbers(ids)) added += Number(insert.run(id, n, at).changes);
      return added;
    });
  }

  removeFromCollection(id: string, ids: readonly string[]): number | undefined {
    return transaction(this.db, () => {
      if (!this.db.prepare('SELECT 1 FROM library_collections WHERE id = ?').get(id)) return undefined;
      const del = this.db.prepare('DELETE FROM library_members WHERE collection_id = ? AND asset_n = ?');
      let removed = 0;
      for (const n of this.numbers(ids)) removed += Number(del.run(id, n).changes);
      return removed;
    });
  }
}
