/**
 * The job engine as other services (batch, export, the CLI, the IPC handlers)
 * use it. Implemented by ./engine.ts.
 */
import type { SubmitArgs } from '../../../shared/ipc';
import type { Result } from '../../../shared/ipc';
import type { JobRecord } from '../../../shared/domain/job';
import type { SpendJob } from '../../../shared/domain/spend';

export interface SubmitOptions {
  /** The batch this submission belongs to (its record carries batchId). */
  batchId?: string;
  /** Queue it held: it is not sent until released with setHeld(batchId, false). */
  held?: boolean;
}

export interface JobEngine {
  /** Starts polling and downloads for every unfinished record, and the scheduler. */
  start(): Promise<void>;
  /** Stops timers and in-flight work without losing anything (records stay durable). */
  stop(): Promise<void>;

  /** Validates against the catalogue and writes the intent durably before anything is sent. */
  submit(args: SubmitArgs, options?: SubmitOptions): Promise<Result<JobRecord>>;
  list(options?: { includeHidden?: boolean }): JobRecord[];
  /** The history's window: every record being worked on, and the newest others up to `limit`, newest first; `total` counts them all. */
  history(options: { includeHidden?: boolean; limit: number }): { records: JobRecord[]; total: number };
  /** The records not yet ended (waiting, sent, followed, or with an asset still to download), from memory. */
  working?(): JobRecord[];
  /** The jobs that may have been charged after a time (sent, made since a week before it), read by an index. */
  chargedSince?(fromIso: string): JobRecord[];
  /** Every job the service accepted, grouped by key, kind, day at the offset and price inputs, with counts (spend.ts); read off main. */
  spendLedger?(utcOffsetMinutes: number): Promise<SpendJob[]>;
  /** The records whose send the service refused for credits (a 402 naming the balance). */
  refusedForCredits?(): JobRecord[];
  /** The record of an upstream job id (the newest, when several environments share it), read by an index. */
  byJobId?(jobId: string): JobRecord | undefined;
  /** A batch's jobs, removed ones too, read by an index. */
  ofBatch?(batchId: string): JobRecord[];
  /** The jobs a new request of this kind and prompt may repeat (every job of the kind when it has no prompt), read by an index. */
  ofKindAndPrompt?(kind: JobRecord['kind'], prompt: string | undefined): JobRecord[];
  /** The image uploads of a file with this content, read by an index. */
  uploadsOf?(sha256: string): JobRecord[];
  /** Changes whenever any record does: what is derived from `list()` stays valid while it is the same. */
  revision(): number;
  get(localId: string): JobRecord | undefined;
  /** Every change to any record; the IPC layer coalesces these into `jobs:changed`. */
  onChange(listener: (job: JobRecord) => void): () => void;

  track(args: { jobId: string; kind?: JobRecord['kind']; environmentId?: string; keyId?: string }): Promise<Result<JobRecord>>;
  resend(localId: string): Promise<Result<JobRecord>>;
  dismiss(localId: string): Promise<Result<JobRecord>>;
  retryDownload(localId: string): Promise<Result<JobRecord>>;
  /** Polling paused by a rejected key (401): poll that key's jobs again. Free: nothing is resent. */
  resumePolling?(localId: string): Promise<Result<JobRecord>>;
  cancel(localId: string): Promise<Result<JobRecord>>;
  remove(localIds: string[]): Promise<Result<null>>;
  restore(localIds: string[]): Promise<Result<null>>;

  /** Hold or release every queued submission of a batch (pause / resume). */
  setHeld(batchId: string, held: boolean): void;
  /** Resolves when the record is terminal and, for successful jobs with an asset, the asset is ready or unavailable. */
  waitFor(localId: string, signal?: AbortSignal): Promise<JobRecord>;

  /** Absolute path of the verified asset in the cache, or undefined. Keyed by local id, never by a renderer-chosen path. */
  assetPath(localId: string): string | undefined;
  /** Absolute path of the cached thumbnail (PNG), or undefined. */
  thumbnailPath(localId: string): string | undefined;
  /** Absolute path of the image file the job's request carried (its history row shows it until the result exists), or undefined. */
  sourceImagePath?(localId: string): string | undefined;
  /** Stores a thumbnail the renderer drew for a model (PNG bytes, at most 1024 px); the engine of ./engine.ts has it. */
  saveThumbnail?(localId: string, png: Uint8Array): Promise<Result<null>>;
}
