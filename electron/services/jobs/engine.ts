/**
 * The job engine: the main process's single owner of upstream work.
 *
 * Submissions are written to the ledger before anything is sent, go out
 * through a per-key scheduler (at most LIMITS.concurrentJobsPerKey active),
 * and a job id is made durable before anyone hears of it. Failures are sorted
 * by whether a job may exist: certainly-not-created ones are retried or
 * reported; a body sent with no answer becomes `uncertain` and waits for the
 * user. Unfinished jobs are polled with a growing interval; successful ones
 * are downloaded, verified, moved into the cache atomically and inspected.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  ENDPOINTS,
  LIMITS,
  assetFormatFor,
  checkRequest,
  shownOfKind,
  type AssetFormat,
  type FieldSpec,
  type GenerationKind,
  type JobResource,
  type JobStatus,
} from '../../../shared/api';
import {
  isTerminal,
  newestFirst,
  type AssetRecord,
  type FileRefRecord,
  type JobProblem,
  type JobRecord,
  type JobState,
} from '../../../shared/domain/job';
import { fail, ok, stagedFileRefSchema, type Result, type StagedFile, type SubmitArgs } from '../../../shared/ipc';
import { UpstreamClient, UpstreamError, type FilePart } from '../../upstream';
import type { EnvironmentRegistry } from '../contracts';
import { fullJitter, nextPollDelay } from './backoff';
import type { JobEngine, SubmitOptions } from './engine-api';
import { inspectImage, inspectModel, validateModel, writeImageThumbnail } from './inspect';
import { Claims } from './claims';
import { Ledger } from './ledger';
import { verifyAsset } from './verify';

/** The engine's own bookkeeping kept on a record (the renderer ignores it). */
type EngineRecord = JobRecord & { spreadAcrossKeys?: boolean; kindInferred?: boolean };

export interface StagedFiles {
  read(id: string): StagedFile | undefined;
  filePath(id: string): string | undefined;
}

export interface EngineTiming {
  pollFirstMs: number;
  pollMaxMs: number;
  /** How long a missing or broken asset is retried before it is "unavailable". */
  downloadDeadlineMs: number;
  downloadRetryBaseMs: number;
  downloadRetryCapMs: number;
  /** Backoff for 5xx / 429 / network retries of a submission. */
  retryBaseMs: number;
  retryCapMs: number;
  /** Attempts for a submission answered with 5xx before it is rejected. */
  maxServerAttempts: number;
  /** Consecutive 404s of a job status before the job is considered gone. */
  maxPoll404: number;
  /** How often records appended by another process (the CLI) are picked up. */
  refreshMs: number;
}

export const DEFAULT_TIMING: EngineTiming = {
  pollFirstMs: 2_000,
  pollMaxMs: 30_000,
  downloadDeadlineMs: 10 * 60_000,
  downloadRetryBaseMs: 2_000,
  downloadRetryCapMs: 30_000,
  retryBaseMs: 1_000,
  retryCapMs: 30_000,
  maxServerAttempts: 4,
  maxPoll404: 6,
  refreshMs: 2_000,
};

export interface EngineDeps {
  dataDir: string;
  registry: EnvironmentRegistry;
  staging: StagedFiles;
  timing?: Partial<EngineTiming>;
  timeouts?: { create: number; poll: number; download: number };
  random?: () => number;
  /** Report an internal failure (logging); never given secrets. */
  onInternalError?: (message: string, err: unknown) => void;
}

function nowIso(): string {
  return new Date().toISOString();
}

let idCounter = 0;
/** Sortable by creation (FIFO order), unique across processes. */
function newLocalId(): string {
  idCounter = (idCounter + 1) % 46656;
  return `${Date.now().toString(36).padStart(9, '0')}${idCounter.toString(36).padStart(3, '0')}${crypto.randomBytes(4).toString('hex')}`;
}

function problemOf(err: unknown): JobProblem {
  if (err instanceof UpstreamError) {
    return {
      ...(err.status !== undefined ? { status: err.status } : {}),
      message: err.message,
      ...(err.field ? { field: err.field } : {}),
      ...(err.credits ? { credits: err.credits } : {}),
      ...(err.body !== undefined ? { body: err.body } : {}),
    };
  }
  return { message: err instanceof Error ? err.message : String(err) };
}

function isFileRef(value: unknown): value is FileRefRecord {
  return typeof value === 'object' && value !== null && typeof (value as FileRefRecord).path === 'string' && typeof (value as FileRefRecord).sha256 === 'string';
}

const SOURCE_FIELDS = ['jobId', 'imageJobId', 'meshRigId', 'referenceImageJobId'] as const;

/** A guess of the kind of a job tracked by id, from the parameters the service reports. */
function inferKind(resource: JobResource): GenerationKind | undefined {
  const p = resource.genParams ?? {};
  if ('aspectRatio' in p) return 'text-to-image';
  if ('targetFaceCount' in p || 'topology' in p || 'textureResolution' in p) return 'text-to-3d';
  return undefined;
}

export class Engine implements JobEngine {
  readonly ledger: Ledger;
  private readonly timing: EngineTiming;
  private readonly random: () => number;
  private readonly listeners = new Set<(job: JobRecord) => void>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly pollDelay = new Map<string, number>();
  private readonly poll404 = new Map<string, number>();
  private readonly downloadSince = new Map<string, number>();
  private readonly inflight = new Set<string>();
  private readonly busy = new Set<Promise<unknown>>();
  private readonly heldBatches = new Set<string>();
  /** Cross-process: only the holder of a record's claim sends it. */
  private claims: Claims | undefined;
  private readonly clients = new Map<string, UpstreamClient>();
  private pumpTimer: NodeJS.Timeout | undefined;
  private refreshTimer: NodeJS.Timeout | undefined;
  private abort = new AbortController();
  private started = false;
  private loaded = false;
  private networkDownUntil = 0;

  constructor(private readonly deps: EngineDeps) {
    this.timing = { ...DEFAULT_TIMING, ...deps.timing };
    this.random = deps.random ?? Math.random;
    this.ledger = new Ledger({ dir: path.join(deps.dataDir, 'ledger') });
    this.detachRegistry = deps.registry.onChange(() => this.clients.clear());
  }

  private readonly detachRegistry: () => void;

  private assetsDir(localId: string): string {
    return path.join(this.deps.dataDir, 'assets', localId);
  }

  private ensureLoaded(): void {
    if (this.loaded) return;
    this.ledger.load();
    this.loaded = true;
  }

  // ---- lifecycle ------------------------------------------------------------------------------

  async start(): Promise<void> {
    this.ensureLoaded();
    if (this.started) return;
    this.started = true;
    this.abort = new AbortController();
    this.claims = new Claims(this.ledger.dir);
    for (const rec of this.ledger.all() as EngineRecord[]) {
      if (rec.state === 'submitting' && this.claims.heldByOther(rec.localId)) {
        // Another running process (the CLI beside the app) is sending it right now.
        continue;
      }
      if (rec.state === 'submitting') {
        // Killed while sending: the body may have reached the service. Never resent on our own.
        this.update(rec.localId, {
          state: 'uncertain',
          problem: { message: 'The app stopped while this request was being sent; the service may have created the job. Resend or dismiss it.' },
        }, true);
      } else if (rec.state === 'pending' || rec.state === 'running') {
        this.schedulePoll(rec.localId, this.jitter(this.timing.pollFirstMs / 4));
      } else if (rec.state === 'success' && (!rec.asset || rec.asset.state === 'downloading' || rec.asset.state === 'retrying' || rec.asset.state === 'none')) {
        // Includes a kill between the success status and the first download step (no asset record yet).
        this.startDownload(rec.localId);
      }
    }
    this.refreshTimer = setInterval(() => this.refreshFromDisk(), this.timing.refreshMs);
    this.refreshTimer.unref?.();
    this.pump();
  }

  async stop(): Promise<void> {
    // A second stop (shell quit racing a signal handler) has nothing left to close.
    if (!this.started && !this.loaded) return;
    this.started = false;
    this.detachRegistry();
    this.abort.abort();
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    if (this.pumpTimer) clearTimeout(this.pumpTimer);
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    await Promise.allSettled([...this.busy]);
    this.ledger.maybeCompact();
    this.ledger.close();
    this.loaded = false;
  }

  private track_<T>(p: Promise<T>): Promise<T> {
    this.busy.add(p);
    void p.finally(() => this.busy.delete(p)).catch(() => undefined);
    return p;
  }

  private refreshFromDisk(): void {
    try {
      let queued = false;
      for (const id of this.ledger.refresh()) {
        const rec = this.ledger.get(id);
        if (!rec) continue;
        this.emit(rec);
        // Made by another process (the CLI): follow it here too, so it finishes even when that process exits.
        if ((rec.state === 'pending' || rec.state === 'running') && !this.timers.has(id)) this.schedulePoll(id, this.timing.pollFirstMs);
        if (rec.state === 'queued') queued = true;
      }
      if (queued) this.pump();
      this.ledger.maybeCompact();
    } catch (err) {
      this.deps.onInternalError?.('ledger refresh failed', err);
    }
  }

  // ---- records and events -----------------------------------------------------------------------

  private emit(rec: JobRecord): void {
    for (const l of this.listeners) {
      try {
        l(rec);
      } catch (err) {
        this.deps.onInternalError?.('job listener threw', err);
      }
    }
  }

  private update(localId: string, patch: Partial<EngineRecord>, durable = false): EngineRecord {
    const next = this.ledger.patch(localId, { ...patch, updatedAt: nowIso() }, durable) as EngineRecord;
    this.emit(next);
    return next;
  }

  private patchAsset(localId: string, asset: Partial<AssetRecord>, durable = false): EngineRecord {
    const rec = this.ledger.get(localId) as EngineRecord;
    const merged = { ...(rec.asset ?? { state: 'none', format: 'glb', attempts: 0 }), ...asset } as AssetRecord;
    for (const k of Object.keys(asset) as (keyof AssetRecord)[]) if (asset[k] === undefined) delete merged[k];
    return this.update(localId, { asset: merged }, durable);
  }

  list(options: { includeHidden?: boolean } = {}): JobRecord[] {
    this.ensureLoaded();
    return this.ledger
      .all()
      .filter((r) => options.includeHidden || !r.hidden)
      .sort(newestFirst);
  }

  revision(): number {
    this.ensureLoaded();
    return this.ledger.revision;
  }

  get(localId: string): JobRecord | undefined {
    this.ensureLoaded();
    return this.ledger.get(localId);
  }

  onChange(listener: (job: JobRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Active upstream (pending/running/being sent) and queued, per key. */
  load(): { environmentId: string; keyId: string; active: number; queued: number }[] {
    const map = new Map<string, { environmentId: string; keyId: string; active: number; queued: number }>();
    for (const r of this.ledger.all()) {
      const k = `${r.environmentId}\u0000${r.keyId}`;
      const entry = map.get(k) ?? { environmentId: r.environmentId, keyId: r.keyId, active: 0, queued: 0 };
      if (r.state === 'pending' || r.state === 'running' || r.state === 'submitting') entry.active++;
      if (r.state === 'queued') entry.queued++;
      map.set(k, entry);
    }
    return [...map.values()].filter((e) => e.active + e.queued > 0);
  }

  assetPath(localId: string): string | undefined {
    const rec = this.get(localId);
    if (!rec?.asset || rec.asset.state !== 'ready') return undefined;
    const file = path.join(this.assetsDir(localId), `asset.${rec.asset.format}`);
    return fs.existsSync(file) ? file : undefined;
  }

  thumbnailPath(localId: string): string | undefined {
    const rec = this.get(localId);
    if (!rec?.asset?.hasThumbnail) return undefined;
    const file = path.join(this.assetsDir(localId), 'thumbnail.png');
    return fs.existsSync(file) ? file : undefined;
  }

  /** Stores a thumbnail the renderer drew for a model (PNG bytes, checked). */
  async saveThumbnail(localId: string, png: Uint8Array): Promise<Result<null>> {
    const rec = this.get(localId);
    if (!rec || rec.asset?.state !== 'ready') return fail('not-found', 'That job has no asset to attach a thumbnail to.');
    try {
      const meta = await sharp(png).metadata();
      if (meta.format !== 'png' || (meta.width ?? 0) > 1024 || (meta.height ?? 0) > 1024) return fail('invalid-request', 'A thumbnail must be a PNG of at most 1024 px.');
    } catch {
      return fail('invalid-request', 'The thumbnail is not a PNG image.');
    }
    const dir = this.assetsDir(localId);
    const tmp = path.join(dir, `.thumbnail.${process.pid}.tmp`);
    await fsp.writeFile(tmp, png);
    await fsp.rename(tmp, path.join(dir, 'thumbnail.png'));
    this.patchAsset(localId, { hasThumbnail: true });
    return ok(null);
  }

  // ---- submission -----------------------------------------------------------------------------

  private resolveTarget(args: { environmentId?: string; keyId?: string }): Result<{ environmentId: string; environmentName: string; keyId: string; keyName: string; earlyAccess: boolean }> {
    const registry = this.deps.registry;
    const active = registry.active();
    const environment = args.environmentId ? registry.get(args.environmentId) : active?.environment;
    if (!environment) return fail('no-environment', args.environmentId ? 'That environment no longer exists; choose another in Settings.' : 'No environment is set up. Add one in Settings.');
    const key = args.keyId
      ? environment.keys.find((k) => k.id === args.keyId)
      : active && active.environment.id === environment.id
        ? active.key
        : environment.keys.find((k) => k.hasSecret);
    if (!key) return fail('no-key', `The environment "${environment.name}" has no such key. Add one in Settings.`);
    if (!key.hasSecret) return fail('no-secret', `The key "${key.name}" has no secret stored. Enter it in Settings.`);
    return ok({ environmentId: environment.id, environmentName: environment.name, keyId: key.id, keyName: key.name, earlyAccess: key.earlyAccess });
  }

  async submit(args: SubmitArgs, options: SubmitOptions = {}): Promise<Result<JobRecord>> {
    this.ensureLoaded();
    const ep = ENDPOINTS[args.kind];
    const target = this.resolveTarget(args);
    if (!target.ok) return target;
    if (ep.availability === 'coming-soon' && !target.value.earlyAccess) {
      return fail('not-enabled', `${ep.label} is coming soon and not enabled for the key "${target.value.keyName}". Turn on early access for the key in Settings if the service enabled it.`);
    }
    const checked = checkRequest(args.kind, args.fields, { file: stagedFileRefSchema });
    if (!checked.ok) return fail('invalid-request', checked.message, { fields: checked.problems });
    const request: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(checked.values)) {
      const spec = (ep.fields as Record<string, FieldSpec>)[name];
      if (value === undefined) continue;
      if (spec?.type !== 'file') {
        request[name] = value;
        continue;
      }
      const ref = value as { stagedFileId: string };
      const staged = this.deps.staging.read(ref.stagedFileId);
      const file = this.deps.staging.filePath(ref.stagedFileId);
      if (!staged || !file) return fail('invalid-request', `${spec.label}: the file is no longer staged; pick it again.`, { fields: [{ field: name, message: 'pick the file again' }] });
      if (staged.kind !== spec.accept) {
        return fail('invalid-request', `${spec.label}: the file's content is ${staged.kind === 'model' ? 'a 3D model' : `a ${staged.kind}`}, not ${spec.accept === 'image' ? 'an image' : `a ${spec.accept === 'model' ? '3D model' : spec.accept}`}.`, {
          fields: [{ field: name, message: 'wrong file type' }],
        });
      }
      if (staged.size > spec.maxBytes) {
        return fail('invalid-request', `${spec.label}: the file is larger than the ${Math.round(spec.maxBytes / 1024 / 1024)} MB limit.`, { fields: [{ field: name, message: 'file too large' }] });
      }
      const refRecord: FileRefRecord = { name: staged.name, size: staged.size, sha256: staged.sha256, mime: staged.mime, path: file };
      request[name] = refRecord;
    }
    const prompt = typeof request.prompt === 'string' ? request.prompt : undefined;
    const parent = args.parentJobId ?? SOURCE_FIELDS.map((f) => request[f]).find((v): v is string => typeof v === 'string' && v !== '');
    const created = nowIso();
    const record: EngineRecord = {
      localId: newLocalId(),
      kind: args.kind,
      state: 'queued',
      environmentId: target.value.environmentId,
      environmentName: target.value.environmentName,
      keyId: target.value.keyId,
      keyName: target.value.keyName,
      request,
      title: '',
      ...(prompt ? { prompt } : {}),
      ...(parent ? { parentJobId: parent } : {}),
      ...(options.batchId ? { batchId: options.batchId } : {}),
      ...(args.setId ? { setId: args.setId } : {}),
      ...(args.spreadAcrossKeys ? { spreadAcrossKeys: true } : {}),
      createdAt: created,
      updatedAt: created,
      fragments: [],
      queue: { reason: options.held && options.batchId ? 'paused' : 'cap', attempts: 0 },
    };
    // The intent is durable before submit() answers, and long before anything is sent.
    this.ledger.put(record, true);
    this.emit(record);
    this.pump();
    return ok(record);
  }

  setHeld(batchId: string, held: boolean): void {
    this.ensureLoaded();
    if (held) {
      this.heldBatches.add(batchId);
      return;
    }
    this.heldBatches.delete(batchId);
    for (const rec of this.ledger.all()) {
      if (rec.batchId === batchId && rec.state === 'queued' && rec.queue?.reason === 'paused') {
        this.update(rec.localId, { queue: { reason: 'cap', attempts: rec.queue.attempts, serverErrors: rec.queue.serverErrors }, problem: undefined });
      }
    }
    this.pump();
  }

  private isHeld(rec: JobRecord): boolean {
    return rec.batchId !== undefined && (this.heldBatches.has(rec.batchId) || rec.queue?.reason === 'paused');
  }

  private activeOn(environmentId: string, keyId: string): number {
    let n = 0;
    for (const r of this.ledger.all()) {
      if (r.environmentId === environmentId && r.keyId === keyId && (r.state === 'pending' || r.state === 'running' || r.state === 'submitting')) n++;
    }
    return n;
  }

  private keyFor(rec: EngineRecord, used: Map<string, number>): { keyId: string; keyName: string } | undefined {
    const free = (keyId: string) => this.activeOn(rec.environmentId, keyId) + (used.get(keyId) ?? 0) < LIMITS.concurrentJobsPerKey;
    if (!rec.spreadAcrossKeys) return free(rec.keyId) ? { keyId: rec.keyId, keyName: rec.keyName } : undefined;
    const env = this.deps.registry.get(rec.environmentId);
    const earlyOnly = ENDPOINTS[rec.kind].availability === 'coming-soon';
    const keys = (env?.keys ?? []).filter((k) => k.hasSecret && (!earlyOnly || k.earlyAccess));
    // Its own key first, then the least loaded.
    const ordered = keys.sort((a, b) => (a.id === rec.keyId ? -1 : b.id === rec.keyId ? 1 : this.activeOn(rec.environmentId, a.id) - this.activeOn(rec.environmentId, b.id)));
    const k = ordered.find((key) => free(key.id));
    return k ? { keyId: k.id, keyName: k.name } : undefined;
  }

  /** Sends queued submissions while their keys have free slots, oldest first. */
  private pump(): void {
    if (!this.started) return;
    if (this.pumpTimer) clearTimeout(this.pumpTimer);
    this.pumpTimer = undefined;
    const now = Date.now();
    let nextAt = Infinity;
    const queued = (this.ledger.all() as EngineRecord[])
      .filter((r) => r.state === 'queued' && !this.inflight.has(r.localId))
      .sort((a, b) => a.localId.localeCompare(b.localId));
    const used = new Map<string, number>();
    for (const rec of queued) {
      if (this.isHeld(rec)) continue;
      const retryAt = Math.max(rec.queue?.retryAt ? Date.parse(rec.queue.retryAt) : 0, rec.queue?.reason === 'network' ? this.networkDownUntil : 0);
      if (retryAt > now) {
        nextAt = Math.min(nextAt, retryAt);
        continue;
      }
      const key = this.keyFor(rec, used);
      if (!key) {
        if (rec.queue?.reason !== 'cap') this.update(rec.localId, { queue: { reason: 'cap', attempts: rec.queue?.attempts ?? 0, serverErrors: rec.queue?.serverErrors } });
        continue;
      }
      if (!this.claims?.claim(rec.localId)) continue;
      // Another process may have sent it between our last read and the claim.
      this.ledger.refresh();
      if (this.ledger.get(rec.localId)?.state !== 'queued') continue;
      // send() marks it 'submitting' before its first await, so activeOn() already counts it for the next record.
      this.inflight.add(rec.localId);
      void this.track_(this.send(rec.localId, key));
    }
    if (Number.isFinite(nextAt)) {
      this.pumpTimer = setTimeout(() => this.pump(), Math.max(10, nextAt - now));
      this.pumpTimer.unref?.();
    }
  }

  private clientFor(environmentId: string, keyId: string): UpstreamClient | undefined {
    const k = `${environmentId}\u0000${keyId}`;
    const cached = this.clients.get(k);
    if (cached) return cached;
    const env = this.deps.registry.get(environmentId);
    const key = env?.keys.find((x) => x.id === keyId);
    if (!env || !key) return undefined;
    const client = new UpstreamClient(
      { baseUrl: env.baseUrl, storageUrl: env.storageUrl, earlyAccess: key.earlyAccess, credentials: () => this.deps.registry.credentials(environmentId, keyId) },
      this.deps.timeouts,
    );
    this.clients.set(k, client);
    return client;
  }

  private wireValues(rec: JobRecord): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(rec.request)) {
      if (isFileRef(value)) {
        if (!fs.existsSync(value.path)) throw new UpstreamError(`${name}: the staged copy of ${value.name} is gone; submit the request again with the file.`, { kind: 'http', outcome: 'not-created' });
        const part: FilePart = { path: value.path, name: value.name, mime: value.mime, size: value.size };
        out[name] = part;
      } else out[name] = value;
    }
    return out;
  }

  private async send(localId: string, key: { keyId: string; keyName: string }): Promise<void> {
    try {
      let rec = this.ledger.get(localId) as EngineRecord;
      const client = this.clientFor(rec.environmentId, key.keyId);
      if (!client) {
        this.update(localId, { state: 'rejected', problem: { message: 'The environment or key of this request no longer exists. Submit it again with another key.' } }, true);
        return;
      }
      // The intent to send, durable before the first byte leaves.
      rec = this.update(localId, { state: 'submitting', keyId: key.keyId, keyName: key.keyName, submittedAt: nowIso() }, true);
      const kind = rec.kind;
      const glbTo = ENDPOINTS[kind].response === 'glb' ? path.join(this.assetsDir(localId), `.merge.${process.pid}.tmp`) : undefined;
      if (glbTo) await fsp.mkdir(path.dirname(glbTo), { recursive: true });
      try {
        const values = this.wireValues(rec);
        const result = await client.create(kind, values, { signal: this.abort.signal, glbTo });
        if (result.glb) {
          this.update(localId, { state: 'success', upstreamStatus: 'success', acceptedAt: nowIso(), finishedAt: nowIso(), queue: undefined, problem: undefined, asset: this.pendingAsset(rec) }, true);
          await this.acceptFile(localId, result.glb.path, 'glb');
        } else {
          // The job id is durable before anyone is told.
          this.update(localId, { state: 'pending', upstreamStatus: 'pending', jobId: result.jobId, acceptedAt: nowIso(), queue: undefined, problem: undefined }, true);
          this.schedulePoll(localId, this.timing.pollFirstMs);
        }
      } catch (err) {
        this.submitFailed(localId, err);
      }
    } catch (err) {
      this.deps.onInternalError?.('submission failed', err);
    } finally {
      this.inflight.delete(localId);
      this.pump();
    }
  }

  private submitFailed(localId: string, err: unknown): void {
    const rec = this.ledger.get(localId)!;
    const attempts = (rec.queue?.attempts ?? 0) + 1;
    const problem = problemOf(err);
    if (!(err instanceof UpstreamError)) {
      this.update(localId, { state: 'rejected', problem, finishedAt: nowIso() }, true);
      return;
    }
    if (err.outcome === 'unknown') {
      this.update(localId, { state: 'uncertain', problem }, true);
      return;
    }
    const status = err.status ?? 0;
    const serverErrors = (rec.queue?.serverErrors ?? 0) + (err.kind === 'http' && status >= 500 ? 1 : 0);
    const requeue = (reason: NonNullable<JobRecord['queue']>['reason'], delay: number) =>
      this.update(localId, { state: 'queued', queue: { reason, attempts, serverErrors, retryAt: new Date(Date.now() + delay).toISOString() }, problem }, true);
    if (err.kind === 'aborted') {
      this.update(localId, { state: 'queued', queue: { reason: 'cap', attempts: rec.queue?.attempts ?? 0, serverErrors: rec.queue?.serverErrors } }, true);
      return;
    }
    if (err.kind === 'network' || err.kind === 'timeout') {
      const delay = fullJitter(Math.min(attempts, 6), this.timing.retryBaseMs, this.timing.retryCapMs, this.random) + this.timing.retryBaseMs;
      this.networkDownUntil = Date.now() + delay;
      requeue('network', delay);
      return;
    }
    if (status === 429) {
      requeue('rate-limited', err.retryAfterMs ?? fullJitter(Math.min(attempts, 6), this.timing.retryBaseMs, this.timing.retryCapMs, this.random) + this.timing.retryBaseMs);
      return;
    }
    if (status >= 500) {
      if (serverErrors < this.timing.maxServerAttempts) {
        requeue('server-error', fullJitter(serverErrors, this.timing.retryBaseMs, this.timing.retryCapMs, this.random));
        return;
      }
      this.update(localId, { state: 'rejected', problem: { ...problem, message: `${problem.message} Gave up after ${serverErrors} server errors.` }, queue: undefined, finishedAt: nowIso() }, true);
      return;
    }
    if (status === 402 && rec.batchId) {
      this.heldBatches.add(rec.batchId);
      this.update(localId, { state: 'queued', queue: { reason: 'paused', attempts, serverErrors }, problem }, true);
      return;
    }
    this.update(localId, { state: 'rejected', problem, queue: undefined, finishedAt: nowIso() }, true);
  }

  // ---- user actions ---------------------------------------------------------------------------

  async resend(localId: string): Promise<Result<JobRecord>> {
    const rec = this.get(localId);
    if (!rec) return fail('not-found', 'No such job.');
    if (rec.state !== 'uncertain') return fail('invalid-state', 'Only a submission whose outcome is unknown can be sent again.');
    const next = this.update(localId, { state: 'queued', queue: { reason: 'cap', attempts: 0 }, problem: undefined }, true);
    this.pump();
    return ok(next);
  }

  async dismiss(localId: string): Promise<Result<JobRecord>> {
    const rec = this.get(localId);
    if (!rec) return fail('not-found', 'No such job.');
    if (rec.state !== 'uncertain') return fail('invalid-state', 'Only a submission whose outcome is unknown can be dismissed.');
    return ok(this.update(localId, { state: 'dismissed', finishedAt: nowIso() }, true));
  }

  async cancel(localId: string): Promise<Result<JobRecord>> {
    const rec = this.get(localId);
    if (!rec) return fail('not-found', 'No such job.');
    if (rec.state !== 'queued' || this.inflight.has(localId)) return fail('not-queued', 'Only a request that has not been sent yet can be cancelled.');
    return ok(this.update(localId, { state: 'dismissed', queue: undefined, problem: { message: 'Cancelled before it was sent.' }, finishedAt: nowIso() }, true));
  }

  async retryDownload(localId: string): Promise<Result<JobRecord>> {
    const rec = this.get(localId);
    if (!rec) return fail('not-found', 'No such job.');
    if (rec.state !== 'success' || rec.asset?.state !== 'unavailable') return fail('invalid-state', 'Only an unavailable asset of a successful job can be downloaded again.');
    this.downloadSince.delete(localId);
    this.startDownload(localId);
    return ok(this.get(localId)!);
  }

  async remove(localIds: string[]): Promise<Result<null>> {
    for (const id of localIds) if (this.get(id)) this.update(id, { hidden: true });
    return ok(null);
  }

  async restore(localIds: string[]): Promise<Result<null>> {
    for (const id of localIds) if (this.get(id)?.hidden) this.update(id, { hidden: undefined });
    return ok(null);
  }

  async track(args: { jobId: string; kind?: GenerationKind; environmentId?: string; keyId?: string }): Promise<Result<JobRecord>> {
    this.ensureLoaded();
    const target = this.resolveTarget(args);
    if (!target.ok) return target;
    const existing = this.ledger.all().find((r) => r.jobId === args.jobId && r.environmentId === target.value.environmentId);
    if (existing) return ok(existing);
    const client = this.clientFor(target.value.environmentId, target.value.keyId);
    if (!client) return fail('no-key', 'That key is not available.');
    let resource: JobResource;
    try {
      resource = await client.getJob(args.jobId, { signal: this.abort.signal });
    } catch (err) {
      const p = problemOf(err);
      return fail(err instanceof UpstreamError && err.status === 404 ? 'not-found' : 'upstream', p.message, p.status !== undefined ? { status: p.status } : {});
    }
    const inferred = args.kind ?? inferKind(resource);
    const created = nowIso();
    const record: EngineRecord = {
      localId: newLocalId(),
      kind: inferred ?? 'text-to-3d',
      ...(args.kind ? {} : { kindInferred: true }),
      state: 'pending',
      jobId: args.jobId,
      environmentId: target.value.environmentId,
      environmentName: target.value.environmentName,
      keyId: target.value.keyId,
      keyName: target.value.keyName,
      request: {},
      title: '',
      createdAt: created,
      updatedAt: created,
      acceptedAt: created,
      fragments: [],
    };
    this.ledger.put(record, true);
    this.emit(record);
    this.applyStatus(record.localId, resource);
    const now = this.get(record.localId)!;
    if (now.state === 'pending' || now.state === 'running') this.schedulePoll(record.localId, this.timing.pollFirstMs);
    return ok(now);
  }

  waitFor(localId: string, signal?: AbortSignal): Promise<JobRecord> {
    const settled = (r: JobRecord | undefined) =>
      r !== undefined && isTerminal(r.state) && (r.state !== 'success' || !r.asset || r.asset.state === 'ready' || r.asset.state === 'unavailable');
    const now = this.get(localId);
    if (!now) return Promise.reject(new Error(`No job ${localId}.`));
    if (settled(now)) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        off();
        reject(new Error('Stopped waiting.'));
      };
      const off = this.onChange((r) => {
        if (r.localId === localId && settled(r)) {
          off();
          signal?.removeEventListener('abort', onAbort);
          resolve(r);
        }
      });
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  // ---- polling --------------------------------------------------------------------------------

  private jitter(ms: number): number {
    return Math.round(ms * (0.8 + 0.4 * this.random()));
  }

  private setTimer(localId: string, delay: number, fn: () => Promise<void>): void {
    const old = this.timers.get(localId);
    if (old) clearTimeout(old);
    if (!this.started) return;
    const t = setTimeout(() => {
      this.timers.delete(localId);
      void this.track_(fn());
    }, delay);
    t.unref?.();
    this.timers.set(localId, t);
  }

  private schedulePoll(localId: string, delay: number): void {
    this.pollDelay.set(localId, delay);
    this.setTimer(localId, delay, () => this.pollOnce(localId));
  }

  private async pollOnce(localId: string): Promise<void> {
    const rec = this.ledger.get(localId);
    if (!rec?.jobId || !(rec.state === 'pending' || rec.state === 'running')) return;
    const client = this.clientFor(rec.environmentId, rec.keyId);
    const previous = this.pollDelay.get(localId) ?? this.timing.pollFirstMs;
    if (!client) {
      this.schedulePoll(localId, this.timing.pollMaxMs);
      return;
    }
    // The network is down: wait for it instead of hammering (a successful call elsewhere clears this).
    if (this.networkDownUntil > Date.now()) {
      this.schedulePoll(localId, Math.max(this.networkDownUntil - Date.now(), 50) + this.jitter(200));
      return;
    }
    try {
      const resource = await client.getJob(rec.jobId, { signal: this.abort.signal });
      this.poll404.delete(localId);
      this.networkDownUntil = 0;
      const changed = this.applyStatus(localId, resource);
      const after = this.ledger.get(localId)!;
      if (after.state === 'pending' || after.state === 'running') {
        this.schedulePoll(localId, changed ? this.jitter(this.timing.pollFirstMs) : nextPollDelay(previous, this.timing.pollFirstMs, this.timing.pollMaxMs, this.random));
      }
    } catch (err) {
      if (!this.started) return;
      if (err instanceof UpstreamError && (err.kind === 'network' || err.kind === 'timeout')) {
        this.networkDownUntil = Date.now() + Math.min(this.timing.pollMaxMs, previous);
        this.schedulePoll(localId, nextPollDelay(previous, this.timing.pollFirstMs, this.timing.pollMaxMs, this.random));
        return;
      }
      if (err instanceof UpstreamError && err.status === 404) {
        const n = (this.poll404.get(localId) ?? 0) + 1;
        this.poll404.set(localId, n);
        if (n >= this.timing.maxPoll404) {
          this.update(localId, { state: 'error', problem: problemOf(err), finishedAt: nowIso() }, true);
          this.onTerminal(localId);
          return;
        }
      }
      this.schedulePoll(localId, nextPollDelay(previous, this.timing.pollFirstMs, this.timing.pollMaxMs, this.random));
    }
  }

  /** Copies what the service reports into the record. Returns whether the status changed. */
  private applyStatus(localId: string, resource: JobResource): boolean {
    const rec = this.ledger.get(localId) as EngineRecord;
    const status = resource.status as JobStatus;
    const patch: Partial<EngineRecord> = {};
    const set = <K extends keyof EngineRecord>(k: K, v: EngineRecord[K] | undefined) => {
      if (v === undefined || v === null) return;
      if (JSON.stringify(rec[k]) !== JSON.stringify(v)) patch[k] = v;
    };
    set('upstreamStatus', status);
    set('state', status as JobState);
    set('title', resource.title ?? undefined);
    set('prompt', resource.prompt ?? undefined);
    set('upstreamCreatedAt', resource.createdAt ?? undefined);
    set('genParams', resource.genParams ?? undefined);
    set('fragments', resource.fragments?.map((f) => ({ name: f.name, ...(f.displayName ? { displayName: f.displayName } : {}) })));
    if (rec.kindInferred && !resource.genParams) {
      // Nothing to infer from yet.
    } else if (rec.kindInferred) {
      const inferred = inferKind(resource);
      if (inferred && inferred !== rec.kind) patch.kind = inferred;
    }
    if (status === 'error') patch.problem = { message: resource.errorMessage || 'The service reported an error without a message.' };
    const statusChanged = patch.state !== undefined;
    if (statusChanged && (status === 'success' || status === 'error')) patch.finishedAt = nowIso();
    // Success and "downloading" in one change: nobody sees a successful job that looks finished without its asset.
    if (statusChanged && status === 'success') patch.asset = this.pendingAsset(rec);
    if (Object.keys(patch).length === 0) return false;
    // A terminal status is a critical moment too: it starts the download and it is what a restart resumes from.
    this.update(localId, patch, statusChanged && (status === 'success' || status === 'error'));
    if (statusChanged && (status === 'success' || status === 'error')) this.onTerminal(localId);
    return statusChanged;
  }

  private onTerminal(localId: string): void {
    const rec = this.ledger.get(localId)!;
    if (rec.state === 'success') this.startDownload(localId);
    this.pump();
  }

  // ---- downloads ------------------------------------------------------------------------------

  private formatOf(rec: JobRecord): AssetFormat {
    return assetFormatFor(shownOfKind(rec.kind)) ?? 'glb';
  }

  private pendingAsset(rec: JobRecord): AssetRecord {
    return { state: 'downloading', format: this.formatOf(rec), attempts: 0 };
  }

  private startDownload(localId: string): void {
    const rec = this.ledger.get(localId) as EngineRecord;
    const format = this.formatOf(rec);
    if (!this.downloadSince.has(localId)) this.downloadSince.set(localId, Date.now());
    if (rec.asset?.state !== 'downloading' || rec.asset.format !== format) {
      this.patchAsset(localId, { state: 'downloading', format, attempts: rec.asset?.state === 'unavailable' ? 0 : rec.asset?.attempts ?? 0, problem: undefined, nextAttemptAt: undefined });
    }
    this.setTimer(localId, 0, () => this.downloadOnce(localId));
  }

  private async downloadOnce(localId: string): Promise<void> {
    const rec = this.ledger.get(localId) as EngineRecord;
    if (!rec?.asset || rec.state !== 'success') return;
    const dir = this.assetsDir(localId);
    await fsp.mkdir(dir, { recursive: true });
    const format = rec.asset.format;
    const final = path.join(dir, `asset.${format}`);
    // Killed after the rename but before the record said so: the cached file was verified already.
    if (fs.existsSync(final)) {
      const check = await verifyAsset(final, format);
      if (check.ok) {
        await this.finishAsset(localId, final, format);
        return;
      }
      await fsp.rm(final, { force: true });
    }
    const tmp = path.join(dir, `.download.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`);
    const attempts = rec.asset.attempts + 1;
    try {
      if (rec.kind === 'image-upload') {
        const source = Object.values(rec.request).find(isFileRef);
        if (!source || !fs.existsSync(source.path)) throw new Error('The uploaded image is no longer in the staging area.');
        await sharp(source.path).png().toFile(tmp);
      } else if (!rec.jobId) {
        throw new Error('The job has no id to download its asset with.');
      } else {
        const client = this.clientFor(rec.environmentId, rec.keyId);
        if (!client) throw new Error('The key of this job is no longer available.');
        try {
          await client.download(rec.jobId, format, tmp, { signal: this.abort.signal });
        } catch (err) {
          // A job tracked without a kind may be an image: try the other format once the model is missing.
          if (rec.kindInferred && err instanceof UpstreamError && err.status === 404) {
            const other: AssetFormat = format === 'glb' ? 'png' : 'glb';
            await client.download(rec.jobId, other, tmp, { signal: this.abort.signal });
            this.patchAsset(localId, { format: other });
            if (other === 'png') this.update(localId, { kind: 'text-to-image' });
            return this.acceptFile(localId, tmp, other, attempts);
          }
          throw err;
        }
      }
      await this.acceptFile(localId, tmp, format, attempts);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      if (!this.started) return;
      this.downloadFailed(localId, (err as Error).message, attempts);
    }
  }

  /** Verifies a file, moves it into the cache atomically, then inspects it. */
  private async acceptFile(localId: string, file: string, format: AssetFormat, attempts = 1): Promise<void> {
    const check = await verifyAsset(file, format);
    if (!check.ok) {
      await fsp.rm(file, { force: true });
      this.downloadFailed(localId, `The downloaded file is damaged: ${check.reason}.`, attempts);
      return;
    }
    const dir = this.assetsDir(localId);
    await fsp.mkdir(dir, { recursive: true });
    const final = path.join(dir, `asset.${format}`);
    const fh = await fsp.open(file, 'r+');
    await fh.sync();
    await fh.close();
    await fsp.rename(file, final);
    this.patchAsset(localId, { attempts });
    await this.finishAsset(localId, final, format);
  }

  private async finishAsset(localId: string, final: string, format: AssetFormat): Promise<void> {
    const bytes = await fsp.readFile(final);
    const extra: Partial<AssetRecord> = { bytes: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
    try {
      if (format === 'glb') {
        extra.validation = await validateModel(bytes);
        extra.stats = await inspectModel(bytes);
      } else {
        extra.image = await inspectImage(final);
        await writeImageThumbnail(final, path.join(path.dirname(final), 'thumbnail.png'));
        extra.hasThumbnail = true;
      }
    } catch (err) {
      // Inspection is information; a file that passed the structural checks is kept.
      extra.problem = `Could not inspect the asset: ${(err as Error).message}`;
    }
    this.downloadSince.delete(localId);
    this.patchAsset(localId, { ...extra, state: 'ready', format, nextAttemptAt: undefined, ...(extra.problem ? {} : { problem: undefined }) }, true);
  }

  private downloadFailed(localId: string, reason: string, attempts: number): void {
    const since = this.downloadSince.get(localId) ?? Date.now();
    if (Date.now() - since >= this.timing.downloadDeadlineMs) {
      this.downloadSince.delete(localId);
      this.patchAsset(localId, { state: 'unavailable', attempts, problem: `Asset unavailable: ${reason} Use "Retry download" to try again.`, nextAttemptAt: undefined }, true);
      return;
    }
    const delay = Math.max(50, fullJitter(Math.min(attempts, 8), this.timing.downloadRetryBaseMs, this.timing.downloadRetryCapMs, this.random));
    this.patchAsset(localId, { state: 'retrying', attempts, problem: reason, nextAttemptAt: new Date(Date.now() + delay).toISOString() });
    this.setTimer(localId, delay, () => this.downloadOnce(localId));
  }
}
