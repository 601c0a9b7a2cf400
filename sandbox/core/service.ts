/**
 * The sandbox's behaviour, independent of HTTP: keys, credits, the
 * concurrency cap, job creation and lookup, assets and fault decisions.
 * The HTTP layer (../http/server.ts) maps requests onto these methods.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import {
  ENDPOINTS,
  HIGH_FACE_COUNT_THRESHOLD,
  LIMITS,
  assetFormatOfKind,
  type EndpointSpec,
  type FieldSpec,
  type GenerationKind,
} from '../../shared/api';
import { produceAsset } from '../assets/produce';
import { titleFrom } from '../generate/prompt-words';
import { resolveChaos, type ChaosConfig } from './chaos';
import { STAGES, endsAt, fragmentsAt, isActive, phaseAt, spreadDurationMs, statusAt, type StoredJob } from './job-timeline';
import { resolveOptions, type ResolvedOptions, type SandboxOptions } from './options';
import { createRandom, type Random } from './random';
import { StateStore, type KeyRecord } from './state-store';

/** A prompt containing this word makes the job end in error: lets tests and demos see a failure on purpose. */
export const FAIL_WORD = 'sandbox:fail';

const FAILURE_MESSAGES: Record<string, readonly string[]> = {
  model: [
    'Generation failed in the geometry stage: the prompt describes several subjects. Describe one object and try again.',
    'Texturing timed out. Try a lower textureResolution or a smaller targetFaceCount.',
  ],
  image: ['Image generation failed: the prompt was flagged by moderation. Rephrase it and try again.'],
  skybox: ['Panorama generation failed while blending the seam. Try again, or simplify the prompt.'],
  motion: ['Motion generation failed: the motion could not be fitted to the skeleton. Try a simpler description.'],
  parts: ['Splitting failed: no separable parts were found in the source model.'],
  none: ['Processing failed.'],
};

export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  clientId: string | null;
  status: number;
  /** The connection was dropped on purpose (fault injection). */
  dropped?: boolean;
}

export interface JobSnapshot {
  id: string;
  kind: GenerationKind;
  clientId: string;
  status: string;
  createdAt: string;
  cost: number;
  genParams: Record<string, unknown>;
  /** When the job's status turned success or error (or will), and how long it ran (pending + running), in ms. */
  endsAt: string;
  durationMs: number;
}

export type Rejection = { status: 401 | 403 | 404 | 422 | 429 | 500; message: string } | { status: 402; available: number; required: number; message: string };

export class SandboxService {
  readonly opts: ResolvedOptions;
  readonly store: StateStore;
  chaos: ChaosConfig;
  private readonly rng: Random;
  private readonly faultRng: Random;
  private readonly assets = new Map<string, Promise<Buffer | null>>();
  private readonly bursts = new Map<string, number>();
  readonly requests: RequestLogEntry[] = [];
  uploadCount = 0;

  constructor(options: SandboxOptions) {
    this.opts = resolveOptions(options);
    this.chaos = resolveChaos(options.chaos);
    this.rng = createRandom(`${this.opts.seed}:jobs`);
    this.faultRng = createRandom(`${this.opts.seed}:faults`);
    this.store = StateStore.open(options.dataDir, options.keys ?? 1, this.opts.credits, this.opts.earlyAccess, options.secretSealer, this.opts.log);
  }

  now(): number {
    return this.opts.now();
  }

  // ---- keys and credits ----------------------------------------------------------------------

  authenticate(clientId: unknown, clientSecret: unknown): KeyRecord | Rejection {
    if (typeof clientId !== 'string' || !clientId || typeof clientSecret !== 'string' || !clientSecret) {
      return { status: 401, message: 'Missing x-client-id or x-client-secret header.' };
    }
    const key = this.store.keys.get(clientId);
    const a = Buffer.from(clientSecret);
    const b = Buffer.from(key?.clientSecret ?? '');
    if (!key || a.length !== b.length || !crypto.timingSafeEqual(a, b)) return { status: 401, message: 'Invalid client credentials.' };
    return key;
  }

  setBalance(clientId: string, credits: number): void {
    const key = this.mustKey(clientId);
    key.balance = credits;
    this.store.scheduleSave();
  }

  balance(clientId: string): number {
    return this.mustKey(clientId).balance;
  }

  setEarlyAccess(clientId: string, enabled: boolean): void {
    this.mustKey(clientId).earlyAccess = enabled;
    this.store.scheduleSave();
  }

  private mustKey(clientId: string): KeyRecord {
    const key = this.store.keys.get(clientId);
    if (!key) throw new Error(`No sandbox key with client id ${clientId}.`);
    return key;
  }

  /** Price of a request: the rate card's price for the endpoint plus the catalogue's surcharges. */
  cost(kind: GenerationKind, values: Record<string, unknown>): number {
    const card = this.opts.rateCard;
    let cost = card.perKind[kind] ?? 0;
    const ep = ENDPOINTS[kind] as EndpointSpec;
    for (const s of ep.surcharges ?? []) {
      if (!s.when(values[s.field])) continue;
      cost += s.field === 'topology' ? card.quads : card.highFaceCount;
    }
    return cost;
  }

  activeJobs(clientId: string): number {
    const now = this.now();
    let n = 0;
    for (const job of this.store.jobs.values()) if (job.clientId === clientId && isActive(job, now)) n++;
    return n;
  }

  // ---- job references ------------------------------------------------------------------------

  /** Checks every job-ref field: exists (404), owned (403), of a fitting kind and finished (422). */
  checkRefs(kind: GenerationKind, values: Record<string, unknown>, clientId: string): Rejection | null {
    const fields = ENDPOINTS[kind].fields as Record<string, FieldSpec>;
    for (const [name, spec] of Object.entries(fields)) {
      if (spec.type !== 'job-ref') continue;
      const id = values[name];
      if (typeof id !== 'string' || id === '') continue;
      const job = this.store.jobs.get(id);
      if (!job) return { status: 404, message: `${name}: job ${id} does not exist.` };
      if (job.clientId !== clientId) return { status: 403, message: `${name}: job ${id} belongs to another key; you can only use your own jobs.` };
      if (!spec.sourceKinds.includes(job.kind)) {
        return { status: 422, message: `${name}: job ${id} is a ${job.kind} job; expected one of: ${spec.sourceKinds.join(', ')}.` };
      }
      if (phaseAt(job, this.now()) !== 'success') return { status: 422, message: `${name}: job ${id} has not finished successfully.` };
    }
    return null;
  }

  // ---- creating jobs -------------------------------------------------------------------------

  /** Admission after validation: 429 at the cap, 402 without credits; charges on acceptance. */
  /** Seconds a caller should wait before retrying after a 429 at the cap: until the key's first active job ends. */
  retryAfterSeconds(clientId: string): number {
    const now = this.now();
    let soonest = Infinity;
    for (const job of this.store.jobs.values()) if (job.clientId === clientId && isActive(job, now)) soonest = Math.min(soonest, endsAt(job));
    return Number.isFinite(soonest) ? Math.max(1, Math.ceil((soonest - now) / 1000)) : 1;
  }

  admit(kind: GenerationKind, values: Record<string, unknown>, key: KeyRecord, options: { countsTowardCap: boolean }): Rejection | { cost: number } {
    if (options.countsTowardCap && this.activeJobs(key.clientId) >= LIMITS.concurrentJobsPerKey) {
      return {
        status: 429,
        message: `Too many concurrent jobs: at most ${LIMITS.concurrentJobsPerKey} pending or running jobs per key. Wait for one to finish.`,
      };
    }
    const cost = this.cost(kind, values);
    if (cost > key.balance) {
      return { status: 402, available: key.balance, required: cost, message: `Insufficient credits: this request needs ${cost} credits and ${key.balance} are available.` };
    }
    key.balance -= cost;
    return { cost };
  }

  createJob(
    kind: GenerationKind,
    values: Record<string, unknown>,
    genParams: Record<string, unknown>,
    uploads: StoredJob['uploads'],
    key: KeyRecord,
    cost: number,
    options: { immediate?: boolean } = {},
  ): StoredJob {
    // The draw only happens with a spread, so fixed durations keep every other seeded choice as it was.
    const total = options.immediate ? 0 : this.opts.jobSpread > 0 ? spreadDurationMs(this.opts.jobMs(kind), this.opts.jobSpread, this.rng.next()) : this.opts.jobMs(kind);
    const pendingMs = Math.round(total * this.opts.pendingShare);
    const prompt = typeof values.prompt === 'string' ? values.prompt : '';
    const produces = ENDPOINTS[kind].produces;
    const failing = !options.immediate && (prompt.includes(FAIL_WORD) || this.rng.chance(this.chaos.fail));
    const legacy = !options.immediate && this.rng.chance(this.chaos.legacy);
    const job: StoredJob = {
      id: crypto.randomUUID(),
      kind,
      clientId: key.clientId,
      createdAtMs: this.now(),
      pendingMs,
      runningMs: total - pendingMs,
      outcome: failing ? 'error' : 'success',
      ...(failing ? { errorMessage: this.rng.pick(FAILURE_MESSAGES[produces] ?? FAILURE_MESSAGES.none!) } : {}),
      legacy,
      title: titleFrom(prompt, ENDPOINTS[kind].label),
      prompt,
      genParams,
      uploads,
      cost,
    };
    this.store.jobs.set(job.id, job);
    if (Object.keys(uploads).length) this.uploadCount += Object.keys(uploads).length;
    this.store.scheduleSave();
    // Start producing the asset at once so it is ready when the job's time is up.
    if (!failing && assetFormatOfKind(kind)) this.asset(job).catch(() => {});
    return job;
  }

  // ---- reading jobs --------------------------------------------------------------------------

  /** The Job resource of `GET /jobs/{jobId}`. */
  resource(job: StoredJob): Record<string, unknown> {
    const now = this.now();
    const phase = phaseAt(job, now);
    return {
      id: job.id,
      status: statusAt(job, now),
      title: job.title,
      prompt: job.prompt,
      createdAt: new Date(job.createdAtMs).toISOString(),
      genParams: job.genParams,
      fragments: fragmentsAt(job, now, STAGES[ENDPOINTS[job.kind].produces]),
      ...(phase === 'error' ? { errorMessage: job.errorMessage ?? 'The job failed.' } : {}),
      isSuccess: phase === 'success',
      libraryEligible: phase === 'success' && ENDPOINTS[job.kind].produces !== 'none',
      author: { id: job.clientId, displayName: 'Sandbox user', avatarUrl: null },
      moderation: { status: 'approved' },
    };
  }

  /** The job's status in the spec's terms (legacy values mapped). */
  resourceStatus(job: StoredJob): 'pending' | 'running' | 'success' | 'error' {
    return phaseAt(job, this.now());
  }

  snapshot(): JobSnapshot[] {
    const now = this.now();
    return [...this.store.jobs.values()].map((j) => ({
      id: j.id,
      kind: j.kind,
      clientId: j.clientId,
      status: statusAt(j, now),
      createdAt: new Date(j.createdAtMs).toISOString(),
      cost: j.cost,
      genParams: j.genParams,
      endsAt: new Date(endsAt(j)).toISOString(),
      durationMs: j.pendingMs + j.runningMs,
    }));
  }

  // ---- assets --------------------------------------------------------------------------------

  /** The job's asset bytes, produced once (and stored); a failure to produce turns the job into an error. */
  asset(job: StoredJob): Promise<Buffer | null> {
    let pending = this.assets.get(job.id);
    if (!pending) {
      pending = this.loadOrProduce(job);
      this.assets.set(job.id, pending);
      // With a data directory the bytes live on disk: do not keep every asset in memory as well.
      if (this.store.persistent) pending.then(() => this.assets.delete(job.id)).catch(() => {});
      pending.catch((err: unknown) => {
        job.outcome = 'error';
        job.errorMessage = `Generation failed: ${err instanceof Error ? err.message : String(err)}`;
        this.opts.log(`job ${job.id} (${job.kind}) failed to produce its asset: ${job.errorMessage}`);
        this.store.scheduleSave();
      });
    }
    return pending;
  }

  private async loadOrProduce(job: StoredJob): Promise<Buffer | null> {
    const format = assetFormatOfKind(job.kind);
    if (!format) return null;
    const stored = await this.store.getAsset(job.id, format);
    if (stored) return stored;
    const produced = await produceAsset({
      job,
      upload: (field) => {
        const u = job.uploads[field];
        return u ? this.store.uploadPath(u.id) : undefined;
      },
      source: (id) => this.sourceBytes(id),
    });
    if (!produced) return null;
    await this.store.putAsset(job.id, produced.format, produced.bytes);
    return produced.bytes;
  }

  /** What a source job stands for: an image upload's file, or any other job's asset. */
  async sourceBytes(jobId: string): Promise<Buffer> {
    const job = this.store.jobs.get(jobId);
    if (!job) throw new Error(`source job ${jobId} does not exist`);
    if (job.kind === 'image-upload') {
      const u = job.uploads.file;
      if (!u) throw new Error(`image upload ${jobId} has no file`);
      return fs.promises.readFile(this.store.uploadPath(u.id));
    }
    const bytes = await this.asset(job);
    if (!bytes) throw new Error(`source job ${jobId} has no asset`);
    return bytes;
  }

  /** Is the asset download truncated right now (fault injection)? */
  truncating(job: StoredJob): boolean {
    return this.chaos.truncateMs > 0 && this.now() < endsAt(job) + this.chaos.truncateMs;
  }

  // ---- faults --------------------------------------------------------------------------------

  latencyMs(): number {
    const { latencyMinMs: a, latencyMaxMs: b } = this.chaos;
    return b > 0 ? a + this.faultRng.next() * (b - a) : 0;
  }

  fault500(): boolean {
    return this.faultRng.chance(this.chaos.error500);
  }

  /** null: no drop; otherwise whether the drop happens before or after the work is done. */
  drop(): 'before' | 'after' | null {
    if (!this.faultRng.chance(this.chaos.drop)) return null;
    return this.faultRng.chance(0.5) ? 'after' : 'before';
  }

  /** A 429 burst for this key: already in one, or starting one now. */
  burst(clientId: string): boolean {
    const now = this.now();
    if ((this.bursts.get(clientId) ?? 0) > now) return true;
    if (this.faultRng.chance(this.chaos.burst429)) {
      this.bursts.set(clientId, now + this.chaos.burstMs);
      return true;
    }
    return false;
  }

  logRequest(entry: RequestLogEntry): void {
    this.requests.push(entry);
    if (this.requests.length > 10_000) this.requests.splice(0, this.requests.length - 10_000);
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.assets.values()]);
    await this.store.close();
  }
}

export { HIGH_FACE_COUNT_THRESHOLD };
