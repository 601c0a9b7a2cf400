/**
 * The library part of the studio database.
 *
 * `library_assets` holds one row per asset: a generated one (`j_<localId>`)
 * is derived from its job's row in `jobs` by triggers that run inside the
 * writer's own transaction, so whichever process writes a record (the app,
 * the browser shell, the CLI) the library is in step when it commits; a file
 * brought in (`a_<id>`) is written by the import. What the user adds (tags,
 * collections, note, favourite) lives beside the derived columns and is never
 * touched by the job triggers.
 *
 * `library_fts` (FTS5, contentless) indexes title, prompt, tags, note and
 * file names; triggers on `library_assets` keep it in step. Tags are mirrored
 * into `library_assets.tags` (a JSON array) by triggers on `library_tags`, so
 * a result page reads them without a join.
 *
 * `library_changes` is the library's change counter: every change to an
 * asset (or its collections) appends its id, so each process learns what the
 * others changed by reading rows above the last `seq` it saw.
 */
import type { SchemaStep } from '../store/database';

export const LIBRARY_PART = 'library';

/**
 * A request field that is a file (a FileRefRecord), by json_each's own
 * `type` column: a plain string's `value` is bare text, which json_type and
 * json_extract would refuse as malformed JSON (and SQLite does not promise to
 * test the type first in an AND, hence the CASE).
 */
const IS_FILE_REF = `CASE WHEN type = 'object' THEN json_extract(value, '$.sha256') END IS NOT NULL`;

/** The columns a job record gives its asset, as SQL over the JSON in `rec`. */
function fromRecord(rec: string): Record<string, string> {
  const j = (p: string) => `json_extract(${rec}, '${p}')`;
  const cols: Record<string, string> = {
    id: `'j_' || ${j('$.localId')}`,
    source: `'generated'`,
    local_id: j('$.localId'),
    job_id: j('$.jobId'),
    generation_kind: j('$.kind'),
    media_kind: `(SELECT media_kind FROM library_kinds WHERE kind = ${j('$.kind')})`,
    environment_id: j('$.environmentId'),
    environment_name: j('$.environmentName'),
    title: `coalesce(${j('$.title')}, '')`,
    prompt: j('$.prompt'),
    // The names of the files the request carried (an uploaded photo's name is how an artist remembers it).
    file_name: `(SELECT group_concat(json_extract(value, '$.name'), ' ') FROM json_each(${rec}, '$.request') WHERE ${IS_FILE_REF})`,
    created_at: j('$.createdAt'),
    bytes: `CASE WHEN ${j('$.asset.state')} = 'ready' THEN ${j('$.asset.bytes')} END`,
    sha256: j('$.asset.sha256'),
    format: j('$.asset.format'),
    asset_ready: `(${j('$.asset.state')} IS 'ready')`,
    has_thumbnail: `coalesce(${j('$.asset.hasThumbnail')}, 0)`,
    hidden: `coalesce(${j('$.hidden')}, 0)`,
    set_id: j('$.setId'),
    parent_job_id: j('$.parentJobId'),
  };
  cols.display_title = displayTitle(cols.title!, cols.prompt!, cols.file_name!, cols.generation_kind!);
  return cols;
}

/** The name a grid cell shows, as SQL over the expressions of the title, prompt, file names and kind. */
export function displayTitle(title: string, prompt: string, fileName: string, kind: string): string {
  return `substr(coalesce(nullif(${title}, ''), ${prompt}, ${fileName}, ${kind}, ''), 1, 120)`;
}

/** Derived columns a later write of the record may change (identity columns stay). */
const UPDATED = ['job_id', 'environment_id', 'environment_name', 'title', 'display_title', 'prompt', 'file_name', 'bytes', 'sha256', 'format', 'asset_ready', 'has_thumbnail', 'hidden', 'set_id', 'parent_job_id'];

/**
 * Upserts the asset of the finished job whose record is `rec` (`NEW.record`
 * in a trigger, `jobs.record` in a backfill). Kinds that leave nothing to
 * keep have no `library_kinds` row and so no asset. The update is skipped
 * when nothing derived changed, so a record written again for an unrelated
 * reason does not count as a library change.
 */
export function upsertAssetFromJob(rec: string, from = ''): string {
  const cols = fromRecord(rec);
  const names = Object.keys(cols);
  return `INSERT INTO library_assets (${names.join(', ')})
    SELECT ${names.map((n) => cols[n]).join(', ')} ${from}
    WHERE json_extract(${rec}, '$.state') = 'success' AND (SELECT media_kind FROM library_kinds WHERE kind = json_extract(${rec}, '$.kind')) IS NOT NULL
    ON CONFLICT (local_id) DO UPDATE SET ${UPDATED.map((c) => `${c} = excluded.${c}`).join(', ')}
    WHERE (${UPDATED.map((c) => `library_assets.${c}`).join(', ')}) IS NOT (${UPDATED.map((c) => `excluded.${c}`).join(', ')})`;
}

/**
 * The same as two plain statements, with no conflict clause: SQLite lets the
 * conflict clause of the statement that fires a trigger (an upsert or an
 * INSERT OR REPLACE into `jobs`) override the trigger's own, so a trigger
 * that relies on one can fail the writer's statement. The update changes the
 * asset only when something derived changed; the insert adds it only when
 * it is not there.
 */
export function updateAssetFromJob(rec: string): string {
  const cols = fromRecord(rec);
  return `UPDATE library_assets SET ${UPDATED.map((c) => `${c} = ${cols[c]}`).join(', ')}
    WHERE local_id = json_extract(${rec}, '$.localId') AND (${UPDATED.join(', ')}) IS NOT (${UPDATED.map((c) => cols[c]).join(', ')})`;
}

export function insertAssetFromJob(rec: string, from = ''): string {
  const cols = fromRecord(rec);
  const names = Object.keys(cols);
  return `INSERT INTO library_assets (${names.join(', ')})
    SELECT ${names.map((n) => cols[n]).join(', ')} ${from}
    WHERE json_extract(${rec}, '$.state') = 'success' AND (SELECT media_kind FROM library_kinds WHERE kind = json_extract(${rec}, '$.kind')) IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM library_assets WHERE local_id = json_extract(${rec}, '$.localId'))`;
}

/** The request's files, written again without a conflict clause (see updateAssetFromJob). */
function plainFileSourcesFromJob(rec: string, assetN: string): string {
  return `DELETE FROM library_file_sources WHERE asset_n = ${assetN};
     ${fileSourcesFromJob(rec, assetN).replace('INSERT OR REPLACE INTO', 'INSERT INTO')}`;
}

/** The request's files (sources of the asset), by field. */
function fileSourcesFromJob(rec: string, assetN: string): string {
  return `INSERT OR REPLACE INTO library_file_sources (asset_n, field, sha256, name, path)
    SELECT ${assetN}, key, json_extract(value, '$.sha256'), json_extract(value, '$.name'), json_extract(value, '$.path')
    FROM json_each(${rec}, '$.request')
    WHERE ${IS_FILE_REF} AND ${assetN} IS NOT NULL`;
}

const assetOfJob = (localId: string) => `(SELECT n FROM library_assets WHERE local_id = ${localId})`;

/** Every column of library_assets but figures: an update of any of them is a change windows hear of. */
const CHANGE_COLUMNS =
  'id, source, local_id, job_id, generation_kind, media_kind, environment_id, environment_name, title, prompt, file_name, created_at, bytes, sha256, format, asset_ready, has_thumbnail, hidden, favourite, kept, note, tags, set_id, parent_job_id, export_count, display_title';

const FTS_TEXT = `NEW.title, coalesce(NEW.prompt, ''), (SELECT coalesce(group_concat(value, ' '), '') FROM json_each(NEW.tags)), NEW.note, coalesce(NEW.file_name, '')`;

export const LIBRARY_SCHEMA: readonly SchemaStep[] = [
  `CREATE TABLE library_kinds (kind TEXT PRIMARY KEY, media_kind TEXT NOT NULL) STRICT;

   CREATE TABLE library_assets (
     n INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     source TEXT NOT NULL CHECK (source IN ('generated', 'imported')),
     local_id TEXT UNIQUE,
     job_id TEXT,
     generation_kind TEXT,
     media_kind TEXT NOT NULL,
     environment_id TEXT,
     environment_name TEXT,
     title TEXT NOT NULL DEFAULT '',
     prompt TEXT,
     file_name TEXT,
     created_at TEXT NOT NULL,
     bytes INTEGER,
     sha256 TEXT,
     format TEXT,
     asset_ready INTEGER NOT NULL DEFAULT 0,
     has_thumbnail INTEGER NOT NULL DEFAULT 0,
     hidden INTEGER NOT NULL DEFAULT 0,
     favourite INTEGER NOT NULL DEFAULT 0,
     kept INTEGER NOT NULL DEFAULT 0,
     note TEXT NOT NULL DEFAULT '',
     tags TEXT NOT NULL DEFAULT '[]',
     set_id TEXT,
     parent_job_id TEXT,
     figures TEXT,
     export_count INTEGER NOT NULL DEFAULT 0,
     -- What a grid cell shows as its name (a generated asset's title is often empty): what the title sort orders by.
     -- A plain column, not a generated one: SQLite never reads a generated column from an index alone.
     display_title TEXT NOT NULL DEFAULT ''
   ) STRICT;
   -- The catalogue (catalogue.ts) reads these columns of every asset at start: from this index alone, never
   -- from the wide rows (prompts, notes, figures).
   CREATE INDEX library_assets_catalogue ON library_assets (n, id, created_at, hidden, favourite, kept, export_count, source, media_kind, generation_kind, environment_id, environment_name, display_title);
   CREATE INDEX library_assets_job ON library_assets (job_id);
   CREATE INDEX library_assets_parent ON library_assets (parent_job_id);
   CREATE INDEX library_assets_sha ON library_assets (sha256);
   CREATE UNIQUE INDEX library_assets_imported_sha ON library_assets (sha256) WHERE source = 'imported';
   CREATE INDEX library_assets_set ON library_assets (set_id) WHERE set_id IS NOT NULL;

   CREATE TABLE library_blobs (
     sha256 TEXT PRIMARY KEY,
     bytes INTEGER NOT NULL,
     ext TEXT NOT NULL,
     added_at TEXT NOT NULL
   ) STRICT;

   CREATE TABLE library_file_sources (
     asset_n INTEGER NOT NULL REFERENCES library_assets (n) ON DELETE CASCADE,
     field TEXT NOT NULL,
     sha256 TEXT NOT NULL,
     name TEXT,
     path TEXT,
     PRIMARY KEY (asset_n, field)
   ) STRICT, WITHOUT ROWID;
   CREATE INDEX library_file_sources_sha ON library_file_sources (sha256);

   CREATE TABLE library_tags (
     asset_n INTEGER NOT NULL REFERENCES library_assets (n) ON DELETE CASCADE,
     tag TEXT NOT NULL COLLATE NOCASE,
     PRIMARY KEY (asset_n, tag)
   ) STRICT, WITHOUT ROWID;
   CREATE INDEX library_tags_tag ON library_tags (tag, asset_n);

   CREATE TABLE library_collections (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     created_at TEXT NOT NULL
   ) STRICT;
   CREATE TABLE library_members (
     collection_id TEXT NOT NULL REFERENCES library_collections (id) ON DELETE CASCADE,
     asset_n INTEGER NOT NULL REFERENCES library_assets (n) ON DELETE CASCADE,
     added_at TEXT NOT NULL,
     PRIMARY KEY (collection_id, asset_n)
   ) STRICT, WITHOUT ROWID;
   CREATE INDEX library_members_asset ON library_members (asset_n);

   CREATE TABLE library_exports (
     id TEXT PRIMARY KEY,
     asset_n INTEGER NOT NULL REFERENCES library_assets (n) ON DELETE CASCADE,
     folder_id TEXT,
     folder_path TEXT NOT NULL,
     format TEXT NOT NULL,
     fixes TEXT NOT NULL DEFAULT '[]',
     files TEXT NOT NULL DEFAULT '[]',
     request TEXT,
     at TEXT NOT NULL
   ) STRICT;
   CREATE INDEX library_exports_asset ON library_exports (asset_n, at);

   CREATE TABLE library_readiness (
     asset_n INTEGER NOT NULL REFERENCES library_assets (n) ON DELETE CASCADE,
     folder_id TEXT NOT NULL,
     verdict TEXT NOT NULL CHECK (verdict IN ('ready', 'fixable', 'blocked')),
     PRIMARY KEY (asset_n, folder_id)
   ) STRICT, WITHOUT ROWID;
   CREATE INDEX library_readiness_folder ON library_readiness (folder_id, verdict, asset_n);

   CREATE TABLE library_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, asset_id TEXT NOT NULL) STRICT;

   CREATE VIRTUAL TABLE library_fts USING fts5 (
     title, prompt, tags, note, file_name,
     content = '', contentless_delete = 1,
     tokenize = 'unicode61 remove_diacritics 2',
     prefix = '1 2 3'
   );`,
  // Full-text rows and the change log follow the asset rows.
  `CREATE TRIGGER library_assets_ai AFTER INSERT ON library_assets BEGIN
     INSERT INTO library_fts (rowid, title, prompt, tags, note, file_name) VALUES (NEW.n, ${FTS_TEXT});
     INSERT INTO library_changes (asset_id) VALUES (NEW.id);
   END;
   CREATE TRIGGER library_assets_au_text AFTER UPDATE OF title, prompt, tags, note, file_name ON library_assets BEGIN
     DELETE FROM library_fts WHERE rowid = OLD.n;
     INSERT INTO library_fts (rowid, title, prompt, tags, note, file_name) VALUES (NEW.n, ${FTS_TEXT});
   END;
   CREATE TRIGGER library_assets_au AFTER UPDATE ON library_assets BEGIN
     INSERT INTO library_changes (asset_id) VALUES (NEW.id);
   END;
   CREATE TRIGGER library_assets_ad AFTER DELETE ON library_assets BEGIN
     DELETE FROM library_fts WHERE rowid = OLD.n;
     INSERT INTO library_changes (asset_id) VALUES (OLD.id);
   END;
   CREATE TRIGGER library_tags_ai AFTER INSERT ON library_tags BEGIN
     UPDATE library_assets SET tags = (SELECT json_group_array(tag) FROM (SELECT tag FROM library_tags WHERE asset_n = NEW.asset_n ORDER BY tag COLLATE NOCASE)) WHERE n = NEW.asset_n;
   END;
   CREATE TRIGGER library_tags_ad AFTER DELETE ON library_tags BEGIN
     UPDATE library_assets SET tags = (SELECT json_group_array(tag) FROM (SELECT tag FROM library_tags WHERE asset_n = OLD.asset_n ORDER BY tag COLLATE NOCASE)) WHERE n = OLD.asset_n;
   END;
   CREATE TRIGGER library_exports_ai AFTER INSERT ON library_exports BEGIN
     UPDATE library_assets SET export_count = export_count + 1 WHERE n = NEW.asset_n;
   END;
   CREATE TRIGGER library_exports_ad AFTER DELETE ON library_exports BEGIN
     UPDATE library_assets SET export_count = max(0, export_count - 1) WHERE n = OLD.asset_n;
   END;
   CREATE TRIGGER library_members_ai AFTER INSERT ON library_members BEGIN
     INSERT INTO library_changes (asset_id) SELECT id FROM library_assets WHERE n = NEW.asset_n;
   END;
   CREATE TRIGGER library_members_ad AFTER DELETE ON library_members BEGIN
     INSERT INTO library_changes (asset_id) SELECT id FROM library_assets WHERE n = OLD.asset_n;
   END;`,
  // Generated assets follow the job records, in the writer's transaction.
  `CREATE TRIGGER library_jobs_ai AFTER INSERT ON jobs BEGIN
     ${upsertAssetFromJob('NEW.record')};
     ${fileSourcesFromJob('NEW.record', assetOfJob('NEW.local_id'))};
   END;
   CREATE TRIGGER library_jobs_au AFTER UPDATE OF record ON jobs BEGIN
     ${upsertAssetFromJob('NEW.record')};
     ${fileSourcesFromJob('NEW.record', assetOfJob('NEW.local_id'))};
   END;
   CREATE TRIGGER library_jobs_ad AFTER DELETE ON jobs BEGIN
     DELETE FROM library_assets WHERE local_id = OLD.local_id;
   END;`,
  // A model's measured figures are not something a window shows (its stored verdicts are): writing them is not a
  // change to report, so the change log follows every column but figures.
  `DROP TRIGGER library_assets_au;
   CREATE TRIGGER library_assets_au AFTER UPDATE OF ${CHANGE_COLUMNS} ON library_assets BEGIN
     INSERT INTO library_changes (asset_id) VALUES (NEW.id);
   END;
   CREATE TRIGGER library_readiness_ai AFTER INSERT ON library_readiness BEGIN
     INSERT INTO library_changes (asset_id) SELECT id FROM library_assets WHERE n = NEW.asset_n;
   END;`,
  // The job triggers in plain statements (no conflict clause the writer's statement could override).
  `DROP TRIGGER library_jobs_ai;
   DROP TRIGGER library_jobs_au;
   CREATE TRIGGER library_jobs_ai AFTER INSERT ON jobs BEGIN
     ${updateAssetFromJob('NEW.record')};
     ${insertAssetFromJob('NEW.record')};
     ${plainFileSourcesFromJob('NEW.record', assetOfJob('NEW.local_id'))};
   END;
   CREATE TRIGGER library_jobs_au AFTER UPDATE OF record ON jobs BEGIN
     ${updateAssetFromJob('NEW.record')};
     ${insertAssetFromJob('NEW.record')};
     ${plainFileSourcesFromJob('NEW.record', assetOfJob('NEW.local_id'))};
   END;`,
  // Image uploads, found without a walk of every asset: one that re-sends a picture the library already holds is
  // not shown as an asset of its own (catalogue.ts).
  `CREATE INDEX library_assets_uploads ON library_assets (n) WHERE generation_kind = 'image-upload';`,
];

/** Brings in the jobs already in the table (the part's first start, or kinds the library just learnt). */
export function backfillSql(): string[] {
  return [insertAssetFromJob('jobs.record', 'FROM jobs'), fileSourcesFromJob('jobs.record', assetOfJob('jobs.local_id')).replace('FROM json_each(', 'FROM jobs, json_each(')];
}
