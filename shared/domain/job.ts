/**
 * The app's record of one submission: what the ledger stores and what the
 * renderer sees. It never holds a secret and never holds asset bytes.
 */
import type { Fragment, GenerationKind, JobStatus } from '../api';

/**
 * Where a submission stands, locally and upstream.
 * - queued: waiting in the local queue (concurrency cap, backoff after 429/5xx, or a paused batch).
 * - submitting: the request is being sent.
 * - uncertain: the body was sent but the outcome is unknown; may have created a paid job. The user resends or dismisses.
 * - pending / running / success / error: the upstream job's status.
 * - rejected: the service refused the request (4xx), so no job exists.
 * - dismissed: an uncertain submission the user dismissed.
 */
export const JOB_STATES = [
  'queued',
  'submitting',
  'uncertain',
  'pending',
  'running',
  'success',
  'error',
  'rejected',
  'dismissed',
] as const;
export type JobState = (typeof JOB_STATES)[number];

export const ACTIVE_UPSTREAM_STATES: readonly JobState[] = ['pending', 'running'];
export const TERMINAL_STATES: readonly JobState[] = ['success', 'error', 'rejected', 'dismissed'];

/** Download of a successful job's asset into the local cache. */
export const ASSET_STATES = ['none', 'downloading', 'retrying', 'ready', 'unavailable'] as const;
export type AssetState = (typeof ASSET_STATES)[number];

/** A file given as a request field, recorded by reference (never its bytes). */
export interface FileRefRecord {
  name: string;
  size: number;
  sha256: string;
  mime: string;
  /** Absolute path of the local copy the engine sends from. */
  path: string;
}

/** An error as the user should see it: what happened and what to do. */
export interface JobProblem {
  /** HTTP status when the service answered; absent for network failures. */
  status?: number;
  /** One or two sentences a user can act on. */
  message: string;
  /** The field a 422 names, when it could be identified. */
  field?: string;
  /** 402 figures. */
  credits?: { required: number; available: number };
  /** The parsed response body, kept for details (never contains credentials). */
  body?: unknown;
}

export interface ModelStats {
  triangles: number;
  vertices: number;
  meshes: number;
  primitives: number;
  materials: number;
  textures: { name: string; width: number; height: number; mimeType: string; bytes: number }[];
  animations: { name: string; duration: number; channels: number }[];
  skins: number;
  joints: number;
  morphTargets: number;
  nodes: number;
  /** Axis-aligned bounding box size in scene units (metres). */
  boundingBox: { min: [number, number, number]; max: [number, number, number]; size: [number, number, number] };
  fileBytes: number;
  extensionsUsed: string[];
  /** Names of top-level meshes (split-to-parts results list these as parts). */
  meshNames: string[];
}

export interface ImageStats {
  width: number;
  height: number;
  format: string;
  fileBytes: number;
  hasAlpha: boolean;
}

export interface ValidationSummary {
  errors: number;
  warnings: number;
  infos: number;
  /** The first few messages: code, message, pointer. */
  messages: { severity: 'error' | 'warning' | 'info'; code: string; message: string; pointer?: string }[];
}

export interface AssetRecord {
  state: AssetState;
  format: 'glb' | 'png';
  /** Attempts made so far and when the next one is due. */
  attempts: number;
  nextAttemptAt?: string;
  /** Why the last attempt failed, or why the asset is unavailable. */
  problem?: string;
  bytes?: number;
  sha256?: string;
  stats?: ModelStats;
  image?: ImageStats;
  validation?: ValidationSummary;
  /** A thumbnail exists in the cache. */
  hasThumbnail?: boolean;
  /**
   * What the last failed attempt found: `incomplete` (not there yet, or fewer
   * bytes than announced: retried until the deadline), `invalid` (complete but
   * not a valid GLB or PNG: unavailable after a few attempts), `too-large`
   * (over the download cap: refused at once).
   */
  failure?: AssetFailure;
  /**
   * The process (its pid) downloading it, or waiting to retry, while one
   * does. Removed when that process lets the download go (it stopped); a
   * download with no holder, or a dead one, waits for the app or the CLI.
   */
  holder?: number;
}

export const ASSET_FAILURES = ['incomplete', 'invalid', 'too-large'] as const;
export type AssetFailure = (typeof ASSET_FAILURES)[number];

/**
 * How the engine follows an unfinished job whose polls get no status:
 * - retrying: a 5xx, a dropped connection, an unreadable body or an unknown
 *   status value; polled again with backoff at `retryAt`.
 * - key-rejected: the service answered 401 ("the service rejected this key");
 *   polling on that key is paused until the key is updated in Settings or the
 *   user chooses Resume polling.
 * Absent while polls get answers.
 */
export interface PollingRecord {
  state: 'retrying' | 'key-rejected';
  /** The last reason, as the user reads it. */
  reason: string;
  /** Failed polls in a row. */
  attempts: number;
  retryAt?: string;
  status?: number;
  /** Set while the job waits for its service (a refused connection, or nothing moving): its host, as in "the service at HOST is not answering". */
  host?: string;
}

export interface JobRecord {
  /** Local id, assigned when the intent is written; stable for the record's life. */
  localId: string;
  kind: GenerationKind;
  state: JobState;
  /** The upstream job id once the service returned one. */
  jobId?: string;
  environmentId: string;
  environmentName: string;
  keyId: string;
  keyName: string;
  /** Request fields as the user gave them; file fields hold FileRefRecord. */
  request: Record<string, unknown>;
  /** Title or prompt, for lists. */
  title: string;
  prompt?: string;
  /** Upstream job of the source (chained operations). */
  parentJobId?: string;
  /** Local id of the batch this belongs to. */
  batchId?: string;
  /** The set of takes this job is one of (Generate with Variants above 1). */
  setId?: string;
  createdAt: string;
  updatedAt: string;
  submittedAt?: string;
  acceptedAt?: string;
  finishedAt?: string;
  upstreamCreatedAt?: string;
  /** Upstream status as last reported, normalised (legacy values mapped). */
  upstreamStatus?: JobStatus;
  fragments: Fragment[];
  genParams?: Record<string, unknown>;
  /** Failure reason (upstream errorMessage, or a request problem). */
  problem?: JobProblem;
  /**
   * Why a queued submission waits, and until when. `attempts` counts every
   * failed send (it paces the backoff); `serverErrors` counts only 5xx
   * answers, so 429s and dropped connections do not use up the retries a
   * failing service gets.
   */
  queue?: {
    reason: 'cap' | 'rate-limited' | 'server-error' | 'paused' | 'network';
    retryAt?: string;
    attempts: number;
    serverErrors?: number;
    /** With `network`: the host of the service that is not answering (its jobs wait for it; other services' jobs do not). */
    host?: string;
  };
  asset?: AssetRecord;
  /** Set while polls of an unfinished job get no status (see PollingRecord). */
  polling?: PollingRecord;
  /** Removed from the history view by the user (local only, undoable). */
  hidden?: boolean;
}

export function isTerminal(state: JobState): boolean {
  return TERMINAL_STATES.includes(state);
}

/** A short title for lists: the upstream title, else the prompt, else the kind. */
export function describeJob(job: Pick<JobRecord, 'title' | 'prompt' | 'kind'>): string {
  return job.title || job.prompt || job.kind;
}

/**
 * Fields a finished job's summary leaves out: which key and environment by id
 * (the row shows their names), when it last changed, its timestamps
 * (`durationMs` stands for them) and its stages. Jobs still in progress keep
 * them all.
 */
type LeftOutOfFinished = 'environmentId' | 'keyId' | 'updatedAt' | 'submittedAt' | 'acceptedAt' | 'finishedAt' | 'fragments';

/**
 * A job as the history list receives it (`jobs:list`), and so as the
 * renderer's cache holds it until a push or `jobs:get` brings the whole
 * record (a whole record is a summary too).
 */
export type JobSummary = Omit<JobRecord, LeftOutOfFinished | 'asset' | 'request'> &
  Partial<Pick<JobRecord, LeftOutOfFinished | 'request'>> & {
    asset?: Omit<AssetRecord, 'attempts'> & Partial<Pick<AssetRecord, 'attempts'>>;
    /** A finished job's upstream duration (accepted to finished), in ms: what estimates learn from. */
    durationMs?: number;
  };

/** When the service took the job on (its send time, or its creation, standing in until known), in ms. */
export function upstreamStartMs(job: JobSummary): number | undefined {
  const t = Date.parse(job.acceptedAt ?? job.submittedAt ?? job.createdAt);
  return Number.isFinite(t) ? t : undefined;
}

/**
 * The form the host writes every `createdAt` in (`toISOString`, 24 characters,
 * 'T' at 10 and 'Z' at 23): two of them compare as text as they do as times.
 * Checked by shape, not by a pattern, because a listing is 10,000 of them.
 */
function isCanonicalIso(text: string): boolean {
  return text.length === 24 && text.charCodeAt(10) === 84 && text.charCodeAt(23) === 90;
}

function createdMs(job: Pick<JobRecord, 'createdAt'>): number {
  const t = Date.parse(job.createdAt);
  return Number.isFinite(t) ? t : 0;
}

/**
 * The history's order, newest first, then by local id: negative when `a`
 * comes first. The host lists jobs in this order and the history keeps it,
 * so both use this one comparison.
 */
export function newestFirst(a: Pick<JobRecord, 'createdAt' | 'localId'>, b: Pick<JobRecord, 'createdAt' | 'localId'>): number {
  if (a.createdAt !== b.createdAt) {
    if (isCanonicalIso(a.createdAt) && isCanonicalIso(b.createdAt)) return a.createdAt > b.createdAt ? -1 : 1;
    const byTime = createdMs(b) - createdMs(a);
    if (byTime !== 0) return byTime;
  }
  return a.localId < b.localId ? 1 : a.localId > b.localId ? -1 : 0;
}

/** Upstream duration of a job, from its summary or its whole record; undefined while unknown. */
export function upstreamDurationMs(job: JobSummary): number | undefined {
  if (job.durationMs !== undefined) return job.durationMs;
  if (!job.finishedAt) return undefined;
  const start = upstreamStartMs(job);
  const end = Date.parse(job.finishedAt);
  return start !== undefined && Number.isFinite(end) && end >= start ? end - start : undefined;
}

/**
 * A record as the history list receives it (`jobs:list`): what a row, its
 * filters, its search and its actions read, without what only an opened or
 * reused job needs (model stats, validation, genParams, the file hash, a
 * problem's raw body, the stages of a finished job, the request beyond its
 * files' names and its style: a sketch's strokes alone can be many kilobytes), and for a
 * finished job without ids, timestamps and counters no row shows (see
 * `JobSummary`). At 10,000 jobs the full records were 17 MB of JSON to write,
 * send and parse at every start, the first summaries 5.6 MB, these 3.7 MB.
 * The full record comes from `jobs:get`, and every `jobs:changed` push
 * carries full records.
 */
export function listedRecord(record: JobRecord): JobSummary {
  const listed: Record<string, unknown> = {};
  const finished = isTerminal(record.state);
  // Copied field by field, in the record's order: the objects stay fast to serialise (deleting a field made
  // JSON.stringify of 10,000 twice as slow) and a rest spread leaving this many out was slower still.
  for (const key of Object.keys(record) as (keyof JobRecord)[]) {
    if (LEFT_OUT_OF_LISTING.has(key)) continue;
    if (key === 'request' || (finished && LEFT_OUT_OF_FINISHED.has(key))) continue;
    // When the service accepted it is what durations count from; the send time is only its stand-in.
    if (key === 'submittedAt' && record.acceptedAt) continue;
    listed[key] = record[key];
  }
  // A finished job's stages are not shown, and most requests name no file and no style: neither is sent empty.
  const files = requestListed(record.request);
  if (!finished || Object.keys(files).length > 0) listed.request = files;
  if (finished) {
    const duration = upstreamDurationMs(record);
    if (duration !== undefined) listed.durationMs = duration;
  }
  if (record.asset) {
    const { stats: _stats, validation: _validation, sha256: _sha256, attempts, ...shown } = record.asset;
    // Attempts matter while a download is still tried or has given up (the row says which attempt failed).
    listed.asset = finished && shown.state === 'ready' ? shown : { ...shown, attempts };
  }
  if (record.problem) {
    const { body: _body, ...shown } = record.problem;
    listed.problem = shown;
  }
  return listed as unknown as JobSummary;
}

const LEFT_OUT_OF_LISTING = new Set<keyof JobRecord>(['genParams', 'upstreamCreatedAt', 'upstreamStatus']);
const LEFT_OUT_OF_FINISHED = new Set<keyof JobRecord>(['environmentId', 'keyId', 'updatedAt', 'submittedAt', 'acceptedAt', 'finishedAt', 'fragments'] satisfies LeftOutOfFinished[]);

/**
 * The request's file fields with just their names (a row titles an upload by
 * its file), and the style it asked for (the style picker offers the styles
 * this user has used before).
 */
function requestListed(request: Record<string, unknown>): Record<string, unknown> {
  const names: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(request)) {
    if (field === 'genStyleId') {
      if (typeof value === 'string' && value.trim() !== '') names[field] = value;
      continue;
    }
    const name = (value as Partial<FileRefRecord> | null)?.name;
    if (typeof name === 'string' && typeof (value as Partial<FileRefRecord>).sha256 === 'string') names[field] = { name };
  }
  return names;
}
