/**
 * The jobs part of the studio database. A job record is kept whole as JSON
 * (`record`, the `JobRecord` type): the engine reads and patches records, and
 * SQL needs only the few columns it filters or orders by, which are generated
 * from the JSON so they can never disagree with it.
 *
 * `seq` is the store's change counter: every write gives the row the next
 * number, so a process learns what others changed by reading rows above the
 * last number it saw. The library's part builds on `jobs` (its index follows
 * `record`); a step here never renames `local_id`, `record` or `seq`.
 *
 * `work_claims` replaces the claim files: who is sending a queued job
 * (`kind = 'send'`) or downloading a finished one's asset (`kind = 'download'`),
 * by engine token, pid and the pid's start time (so a reused pid is not taken
 * for the engine that died).
 */
import type { SchemaStep } from '../../store/database';

export const JOBS_PART = 'jobs';

export const JOBS_SCHEMA: readonly SchemaStep[] = [
  `CREATE TABLE jobs (
     local_id TEXT PRIMARY KEY,
     record TEXT NOT NULL,
     seq INTEGER NOT NULL,
     state TEXT GENERATED ALWAYS AS (json_extract(record, '$.state')) VIRTUAL,
     job_id TEXT GENERATED ALWAYS AS (json_extract(record, '$.jobId')) VIRTUAL,
     environment_id TEXT GENERATED ALWAYS AS (json_extract(record, '$.environmentId')) VIRTUAL,
     created_at TEXT GENERATED ALWAYS AS (json_extract(record, '$.createdAt')) VIRTUAL
   ) STRICT;
   CREATE INDEX jobs_seq ON jobs (seq);
   CREATE INDEX jobs_state ON jobs (state);
   CREATE INDEX jobs_job_id ON jobs (job_id);
   CREATE INDEX jobs_created ON jobs (created_at);
   CREATE TABLE store_meta (key TEXT PRIMARY KEY, value ANY) STRICT;
   INSERT INTO store_meta (key, value) VALUES ('seq', 0);
   CREATE TABLE work_claims (
     local_id TEXT NOT NULL,
     kind TEXT NOT NULL CHECK (kind IN ('send', 'download')),
     token TEXT NOT NULL,
     pid INTEGER NOT NULL,
     pid_started_at INTEGER,
     claimed_at INTEGER NOT NULL,
     PRIMARY KEY (local_id, kind)
   ) STRICT;`,
  // What the engine asks of the whole history without reading it: the records it works on at start (by state
  // and asset state), and the latest finished jobs of a kind (how long that kind takes, for polling).
  `ALTER TABLE jobs ADD COLUMN kind TEXT GENERATED ALWAYS AS (json_extract(record, '$.kind')) VIRTUAL;
   ALTER TABLE jobs ADD COLUMN finished_at TEXT GENERATED ALWAYS AS (json_extract(record, '$.finishedAt')) VIRTUAL;
   ALTER TABLE jobs ADD COLUMN asset_state TEXT GENERATED ALWAYS AS (json_extract(record, '$.asset.state')) VIRTUAL;
   CREATE INDEX jobs_work ON jobs (state, asset_state);
   CREATE INDEX jobs_kind_finished ON jobs (kind, finished_at);`,
  // The history's window (the newest jobs not removed from it) and its count, without reading every record: a
  // count over json_extract took 1 s at 100,000 records, over this index a few ms.
  `ALTER TABLE jobs ADD COLUMN hidden INTEGER GENERATED ALWAYS AS (coalesce(json_extract(record, '$.hidden'), 0)) VIRTUAL;
   CREATE INDEX jobs_hidden_created ON jobs (hidden, created_at);`,
  // What exports, uploads and batches look up without reading every record (a full read took 4-6 s at 95,000
  // records): a batch's own jobs, the jobs a batch row would repeat (same kind and prompt), and an image
  // already uploaded (by its content).
  `ALTER TABLE jobs ADD COLUMN batch_id TEXT GENERATED ALWAYS AS (json_extract(record, '$.batchId')) VIRTUAL;
   ALTER TABLE jobs ADD COLUMN prompt TEXT GENERATED ALWAYS AS (json_extract(record, '$.request.prompt')) VIRTUAL;
   ALTER TABLE jobs ADD COLUMN file_sha256 TEXT GENERATED ALWAYS AS (json_extract(record, '$.request.file.sha256')) VIRTUAL;
   CREATE INDEX jobs_batch ON jobs (batch_id);
   CREATE INDEX jobs_kind_prompt ON jobs (kind, prompt);
   CREATE INDEX jobs_file_sha256 ON jobs (file_sha256);`,
];
