/**
 * An in-memory JobEngine for the batch service's unit tests: it honours the
 * interface's promises (held submissions are not sent, at most 5 active per
 * key, a 402 on a batch submission re-queues it as 'paused' and holds the
 * batch) and counts what it "sent", so tests can assert no row went twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { JobRecord } from '../../../../shared/domain/job';
import { isTerminal } from '../../../../shared/domain/job';
import { fail, ok, type Result, type SubmitArgs } from '../../../../shared/ipc';
import type { JobEngine, SubmitOptions } from '../../jobs/engine-api';

export interface FakeEngineOptions {
  dir: string;
  /** How long a sent job runs (ms). */
  jobMs?: number;
  /** Credits left; each sent job costs one. Undefined: unlimited. */
  credits?: number;
  /** Fail the job whose prompt contains this word. */
  failWord?: string;
  /** What a finished job's asset holds (a real GLB where the export service checks it); a short marker by default. */
  assetBytes?: Uint8Array;
}

export class FakeEngine implements JobEngine {
  readonly records = new Map<string, JobRecord>();
  readonly held = new Set<string>();
  /** Jobs sent upstream, in order (local ids). */
  readonly sent: string[] = [];
  maxActive = 0;
  credits: number | undefined;
  private readonly listeners = new Set<(job: JobRecord) => void>();
  private readonly waiters = new Map<string, ((job: JobRecord) => void)[]>();
  private readonly heldRecords = new Set<string>();
  private seq = 0;
  private revisions = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: FakeEngineOptions) {
    this.credits = opts.credits;
    fs.mkdirSync(opts.dir, { recursive: true });
  }

  async start(): Promise<void> {
    this.timer = setInterval(() => this.tick(), 5);
  }
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
  }

  async submit(args: SubmitArgs, options: SubmitOptions = {}): Promise<Result<JobRecord>> {
    if (typeof args.fields.prompt === 'string' && args.fields.prompt.includes('REFUSE')) {
      return fail('invalid-request', 'prompt was refused by the fake engine.');
    }
    const now = new Date().toISOString();
    const localId = `loc_${String(++this.seq).padStart(6, '0')}`;
    const job: JobRecord = {
      localId,
      kind: args.kind,
      state: 'queued',
      environmentId: args.environmentId ?? 'sandbox',
      environmentName: 'Sandbox',
      keyId: args.keyId ?? 'k1',
      keyName: 'Key 1',
      request: args.fields,
      title: '',
      prompt: typeof args.fields.prompt === 'string' ? args.fields.prompt : undefined,
      batchId: options.batchId,
      createdAt: now,
      updatedAt: now,
      fragments: [],
      queue: { reason: 'cap', attempts: 0 },
    };
    this.records.set(localId, job);
    if (options.held && options.batchId) this.heldRecords.add(localId);
    this.changed(job);
    return ok(job);
  }

  list(): JobRecord[] {
    return [...this.records.values()].reverse();
  }
  history(options: { limit: number }): { records: JobRecord[]; total: number } {
    const all = this.list();
    return { records: all.slice(0, options.limit), total: all.length };
  }

  /** Tests change `records` directly: a new revision on every call, so nothing derived is ever reused. */
  revision(): number {
    return ++this.revisions;
  }
  get(localId: string): JobRecord | undefined {
    return this.records.get(localId);
  }
  onChange(listener: (job: JobRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setHeld(batchId: string, held: boolean): void {
    if (held) this.held.add(batchId);
    else {
      this.held.delete(batchId);
      for (const id of this.heldRecords) if (this.records.get(id)?.batchId === batchId) this.heldRecords.delete(id);
    }
  }

  async cancel(localId: string): Promise<Result<JobRecord>> {
    const job = this.records.get(localId);
    if (!job || job.state !== 'queued') return fail('not-queued', 'Only a queued job can be cancelled.');
    return ok(this.update(job, { state: 'dismissed' }));
  }

  waitFor(localId: string, signal?: AbortSignal): Promise<JobRecord> {
    const job = this.records.get(localId);
    if (job && isTerminal(job.state)) return Promise.resolve(job);
    if (signal?.aborted) return Promise.reject(new Error('aborted'));
    return new Promise((resolve, reject) => {
      const list = this.waiters.get(localId) ?? [];
      list.push(resolve);
      this.waiters.set(localId, list);
      signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    });
  }

  assetPath(localId: string): string | undefined {
    const job = this.records.get(localId);
    if (job?.state !== 'success') return undefined;
    return path.join(this.opts.dir, `${localId}.glb`);
  }
  thumbnailPath(): string | undefined {
    return undefined;
  }

  async track(): Promise<Result<JobRecord>> {
    return fail('unsupported', 'not in the fake');
  }
  async resend(): Promise<Result<JobRecord>> {
    return fail('unsupported', 'not in the fake');
  }
  async dismiss(): Promise<Result<JobRecord>> {
    return fail('unsupported', 'not in the fake');
  }
  async retryDownload(): Promise<Result<JobRecord>> {
    return fail('unsupported', 'not in the fake');
  }
  async remove(): Promise<Result<null>> {
    return ok(null);
  }
  async restore(): Promise<Result<null>> {
    return ok(null);
  }

  /** Adds a finished job to the ledger, as if generated earlier. */
  seed(job: Partial<JobRecord> & Pick<JobRecord, 'kind' | 'request'>): JobRecord {
    const now = new Date().toISOString();
    const localId = `old_${String(++this.seq).padStart(6, '0')}`;
    const record: JobRecord = {
      localId,
      state: 'success',
      jobId: `up-${localId}`,
      environmentId: 'sandbox',
      environmentName: 'Sandbox',
      keyId: 'k1',
      keyName: 'Key 1',
      title: '',
      createdAt: now,
      updatedAt: now,
      fragments: [],
      asset: { state: 'ready', format: 'glb', attempts: 1 },
      ...job,
    };
    fs.writeFileSync(path.join(this.opts.dir, `${localId}.glb`), 'glTF-old');
    this.records.set(localId, record);
    return record;
  }

  private active(): number {
    return [...this.records.values()].filter((j) => j.state === 'pending' || j.state === 'running').length;
  }

  private tick(): void {
    const now = Date.now();
    for (const job of this.records.values()) {
      if (job.state === 'running' && job.acceptedAt && now - Date.parse(job.acceptedAt) >= (this.opts.jobMs ?? 20)) {
        const failed = this.opts.failWord && job.prompt?.includes(this.opts.failWord);
        if (failed) {
          this.update(job, { state: 'error', problem: { message: 'The service could not generate this model.' }, finishedAt: new Date().toISOString() });
        } else {
          fs.writeFileSync(path.join(this.opts.dir, `${job.localId}.glb`), this.opts.assetBytes ?? `glTF-${job.localId}`);
          this.update(job, { state: 'success', asset: { state: 'ready', format: 'glb', attempts: 1 }, finishedAt: new Date().toISOString() });
        }
      }
    }
    for (const job of [...this.records.values()].sort((a, b) => a.localId.localeCompare(b.localId))) {
      if (job.state !== 'queued' || this.active() >= 5) continue;
      if (job.batchId && (this.held.has(job.batchId) || this.heldRecords.has(job.localId))) continue;
      if (this.credits !== undefined && this.credits <= 0) {
        if (job.queue?.reason !== 'paused') {
          this.update(job, {
            queue: { reason: 'paused', attempts: 1 },
            problem: { status: 402, message: 'Not enough credits.', credits: { required: 1, available: this.credits } },
          });
          if (job.batchId) this.held.add(job.batchId);
        }
        continue;
      }
      if (this.credits !== undefined) this.credits--;
      this.sent.push(job.localId);
      this.update(job, { state: 'running', jobId: `up-${job.localId}`, acceptedAt: new Date().toISOString(), queue: undefined, problem: undefined });
      this.maxActive = Math.max(this.maxActive, this.active());
    }
  }

  private update(job: JobRecord, patch: Partial<JobRecord>): JobRecord {
    Object.assign(job, patch, { updatedAt: new Date().toISOString() });
    this.changed(job);
    if (isTerminal(job.state)) {
      const list = this.waiters.get(job.localId) ?? [];
      this.waiters.delete(job.localId);
      for (const resolve of list) resolve(job);
    }
    return job;
  }

  private changed(job: JobRecord): void {
    for (const l of this.listeners) l({ ...job });
  }
}
