/**
 * Whether this Node can hold the studio's data: `node:sqlite` (Node 22.13+,
 * unflagged in Node 24) with FTS5 compiled in (the library's search). Every
 * process (Electron main, the browser shell, the CLI) asks once at start and
 * says plainly what is missing instead of failing on the first write.
 */
import type * as NodeSqlite from 'node:sqlite';

type SqliteModule = typeof NodeSqlite;

let loaded: SqliteModule | null | undefined;
let problem: string | null | undefined;

/** `node:sqlite`, or null where this Node has none. Loaded lazily so that an old Node reaches the plain sentence below. */
export function loadSqlite(): SqliteModule | null {
  if (loaded !== undefined) return loaded;
  // Asked for at call time (not imported at load time): on a Node without the module, the import itself would throw.
  loaded = (process.getBuiltinModule?.('node:sqlite') as SqliteModule | undefined) ?? null;
  return loaded;
}

/** Null when the database can be used; otherwise one sentence saying what this Node lacks. */
export function sqliteProblem(): string | null {
  if (problem !== undefined) return problem;
  const sqlite = loadSqlite();
  if (!sqlite) {
    problem = `Asset Studio keeps its jobs and library in SQLite through Node's built-in node:sqlite, which this Node (${process.versions.node}) does not have: run it with Node 24 or newer.`;
    return problem;
  }
  try {
    const db = new sqlite.DatabaseSync(':memory:');
    try {
      db.exec("CREATE VIRTUAL TABLE probe USING fts5(text); INSERT INTO probe (text) VALUES ('carved wooden chair')");
      const hit = db.prepare("SELECT count(*) AS n FROM probe WHERE probe MATCH 'chair'").get() as { n: number };
      problem = hit.n === 1 ? null : 'The SQLite built into this Node answered a full-text search wrongly, so the library could not be searched.';
    } finally {
      db.close();
    }
  } catch {
    problem = `The SQLite built into this Node (${process.versions.node}) has no full-text search (FTS5), which the library's search needs: run Asset Studio with the Node 24 that npm install brings.`;
  }
  return problem;
}
