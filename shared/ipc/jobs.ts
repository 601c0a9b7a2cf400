/**
 * Job channels: submit, follow, act on. The truth lives in the main process
 * (the ledger); the renderer holds a cache fed by `jobs:changed`.
 */
import { z } from 'zod';
import { GENERATION_KINDS, type GenerationKind } from '../api';
import type { JobRecord, JobSummary } from '../domain/job';
import { LOCAL_ID_PATTERN } from '../domain/local-id';
import { SET_ID_PATTERN, type KeptTakes } from '../domain/sets';
import { event, request } from './define';

/** A job's local id (the ledger's key), as every channel that names a job accepts it. */
export const localId = z.string().regex(LOCAL_ID_PATTERN);
const upstreamJobId = z.string().min(1).max(200).regex(/^[^\s/\\?#]+$/, 'a job id has no spaces or slashes');

export const submitArgsSchema = z
  .object({
    kind: z.enum(GENERATION_KINDS as [GenerationKind, ...GenerationKind[]]),
    /** Field values as the catalogue names them; file fields hold `{ stagedFileId }`. Checked against the catalogue in main. */
    fields: z.record(z.string(), z.unknown()),
    /** Defaults to the active environment and key. */
    environmentId: z.string().min(1).max(100).optional(),
    keyId: z.string().min(1).max(100).optional(),
    /** Let the scheduler use any key of the environment (spread load across keys). */
    spreadAcrossKeys: z.boolean().optional(),
    /** Upstream job this one derives from (retexture of X, edit of Y). Filled from the source field when omitted. */
    parentJobId: upstreamJobId.optional(),
    /** The set of takes this job is one of (Generate with Variants above 1): every take carries the same id. */
    setId: z.string().regex(SET_ID_PATTERN).optional(),
  })
  .strict();
export type SubmitArgs = z.infer<typeof submitArgsSchema>;

/** Largest model thumbnail the renderer may send, in PNG bytes (a 256 px render is far smaller). */
export const MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;

/**
 * A thumbnail the renderer drew for a model. The PNG travels as base64: both
 * transports carry JSON-able values (the browser shell posts JSON), and a
 * 256 px PNG is a few tens of kilobytes. Main checks that it is a PNG of at
 * most 1024 px before storing it.
 */
export const saveThumbnailArgsSchema = z
  .object({
    localId,
    pngBase64: z
      .string()
      .min(1)
      .max(Math.ceil(MAX_THUMBNAIL_BYTES / 3) * 4, 'the thumbnail is too large')
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'the thumbnail is not base64'),
  })
  .strict();
export type SaveThumbnailArgs = z.infer<typeof saveThumbnailArgsSchema>;

export interface JobsSnapshot {
  /** Summaries, newest first (see listedRecord): every job being worked on and the newest others (the history's window). */
  jobs: JobSummary[];
  /** Jobs in the history in all (the library finds those outside the window). */
  total: number;
  /** Per key: jobs active upstream now, and queued locally. */
  load: { environmentId: string; keyId: string; active: number; queued: number }[];
}

/** Result of the synchronous merge endpoint or an inline image edit: the job record, already finished. */
export const jobsRequests = {
  /** Validate and queue a request. Resolves once the intent is durable (state `queued` or later). */
  'jobs:submit': request<JobRecord>()(submitArgsSchema),
  /** All records (the history), newest first, as summaries (`listedRecord`): `jobs:get` gives one in full. */
  'jobs:list': request<JobsSnapshot>()(z.object({ includeHidden: z.boolean().optional() }).strict()),
  'jobs:get': request<JobRecord>()(z.object({ localId }).strict()),
  /** Follow a job created elsewhere with the same key. */
  'jobs:track': request<JobRecord>()(
    z.object({ jobId: upstreamJobId, kind: z.enum(GENERATION_KINDS as [GenerationKind, ...GenerationKind[]]).optional(), environmentId: z.string().optional(), keyId: z.string().optional() }).strict(),
  ),
  /** Uncertain submission: send it again (the user accepts the risk of a duplicate). */
  'jobs:resend': request<JobRecord>()(z.object({ localId }).strict()),
  /** Uncertain submission: give it up. */
  'jobs:dismiss': request<JobRecord>()(z.object({ localId }).strict()),
  /** Asset unavailable: try the download again. */
  'jobs:retryDownload': request<JobRecord>()(z.object({ localId }).strict()),
  /** Polling paused because the service rejected the job's key (401): poll it (and that key's other jobs) again. Free: nothing is sent again. */
  'jobs:resumePolling': request<JobRecord>()(z.object({ localId }).strict()),
  /** Queued (not yet sent): take it out of the queue. */
  'jobs:cancel': request<JobRecord>()(z.object({ localId }).strict()),
  /** Hide from history (local only); `restore` undoes it. */
  'jobs:remove': request<null>()(z.object({ localIds: z.array(localId).min(1).max(10_000) }).strict()),
  'jobs:restore': request<null>()(z.object({ localIds: z.array(localId).min(1).max(10_000) }).strict()),
  /** Store the thumbnail the renderer rendered for a finished model (once per job). */
  'jobs:saveThumbnail': request<null>()(saveThumbnailArgsSchema),
  /** The chosen take of every set (Keep), by set id. */
  'jobs:keptTakes': request<KeptTakes>()(z.object({}).strict()),
  /** Marks a take as the chosen one of its set (null: none chosen); answers every set's choice. */
  'jobs:keep': request<KeptTakes>()(z.object({ setId: z.string().regex(SET_ID_PATTERN), localId: localId.nullable() }).strict()),
};

export const jobsEvents = {
  /** Coalesced: every record that changed since the last event. */
  'jobs:changed': event<JobRecord[]>(),
  /**
   * The whole listing again (summaries, as `jobs:list` gives them), for a shell
   * that may have missed pushes: the browser shell sends it to the page itself
   * after its connection to the host dropped and came back. Electron's IPC
   * never drops, so its main process never sends it.
   */
  'jobs:listed': event<JobSummary[]>(),
  /**
   * The first start after the update moves the job history out of the old
   * journal into the database: records moved so far, of how many. Sent as
   * each batch lands; the last has `done === total`.
   */
  'jobs:moving': event<{ done: number; total: number }>(),
};
