/**
 * The job engine: the main process's single owner of upstream work.
 *
 * Submissions are written to the job store (./store/) before anything is sent and go out
 * through ./loops/submitter.ts (per-key cap, claims shared with other processes);
 * unfinished jobs are followed by ./loops/poller.ts; successful ones are fetched,
 * measured and verified by ./loops/downloader.ts. Each loop turns an answer into
 * a record change with a pure step of ./decide/ (send-step, poll-step,
 * download-step, over placement, answers, poll-policy, download-verdict).
 * The state of the jobs being worked on is one WorkState (./loops/work-state.ts),
 * each part written by its own loop; every timer is the Scheduler's
 * (./loops/scheduler.ts); the store, events, clients and each service's
 * health are ./engine-core.ts. This file holds the lifecycle, the user's
 * actions and the reads.
 */
import path from 'node:path';
import { ENDPOINTS, checkRequest, type FieldSpec, type GenerationKind, type JobResource } from '../../../shared/api';
import { newestFirst, type JobRecord } from '../../../shared/domain/job';
import { fail, ok, stagedFileRefSchema, type Result, type SubmitArgs } from '../../../shared/ipc';
import { UpstreamError } from '../../upstream';
import { assetFile, sourceImage, storeThumbnail, thumbnailFile } from './cache-files';
import { awaitsDownload, Downloader } from './loops/downloader';
import { EngineCore, newLocalId, nowIso, problemOf, type EngineDeps, type EngineRecord } from './engine-core';
import type { JobEngine, SubmitOptions } from './engine-api';
import { keyLoad, resolveTarget, type KeyLoad } from './decide/placement';
import type { JobStore } from './store/job-store';
import { WorkClaims } from './store/work-claims';
import { Poller } from './loops/poller';
import { inferKind } from './decide/poll-step';
import { queuedRecord, trackedRecord } from './decide/records';
import { stagedRequest } from './request';
import { Scheduler } from './loops/scheduler';
import { Submitter } from './loops/submitter';
import { WorkState, type WorkView } from './loops/work-state';
import { sweepStaleTemp } from './temp-sweep';
import { waitSettled } from './wait-settled';
import type { SpendJob } from '../../../shared/domain/spend';

export { DEFAULT_TIMING, type EngineDeps, type EngineTiming, type StagedFiles } from './engine-core';

const ON_THE_WIRE = 'This request is already on its way to the service and can no longer be cancelled. If the service made the job, it will appear in the history.';

export class Engine implements JobEngine {
  private readonly scheduler = new Scheduler();
  private readonly core: EngineCore;
  /** The state of the jobs being worked on, read-only here: each part is written by the one loop it was handed to. */
  private readonly work: WorkView;
  private readonly submitter: Submitter;
  private readonly poller: Poller;
  private readonly downloader: Downloader;
  /** The start's sweep of temp files killed writers left in the cache (awaited by stop). */
  private sweeping: Promise<unknown> = Promise.resolve();
  private loaded = false;
  private readonly detachRegistry: () => void;

  constructor(private readonly deps: EngineDeps) {
    const scheduler = this.scheduler;
    const core = (this.core = new EngineCore(deps, scheduler));
    const work = new WorkState();
    this.work = work;
    this.downloader = new Downloader(core, scheduler, work.downloads);
    this.poller = new Poller(core, scheduler, work.polls, { terminal: (localId) => this.onTerminal(localId) });
    this.submitter = new Submitter(core, scheduler, work.sends, {
      accepted: (localId) => this.poller.schedule(localId),
      acceptFile: (localId, file) => this.downloader.acceptFile(localId, file, 'glb'),
    });
    // A service that was down answers again: its waiting polls and sends go now. Its next try moved: they say so.
    core.onHostChange((host, recovered) => {
      if (recovered) this.poller.resumeHost(host);
      else this.poller.refreshHost(host);
      this.submitter.pump();
    });
    this.detachRegistry = deps.registry.onChange(() => {
      core.clearClients();
      // A key's secret or environment updated in Settings: polls paused by its 401 start again (only that key's).
      this.poller.resumeChanged();
    });
  }

  get store(): JobStore {
    return this.core.store;
  }

  private ensureLoaded(): void {
    if (this.loaded) return;
    const report = this.core.store.load();
    // Lines of an old journal that could not be read (a torn last line): say so in the log.
    if (report.imported?.message) this.core.internalError(report.imported.message, undefined);
    this.loaded = true;
  }

  // ---- lifecycle ------------------------------------------------------------------------------

  async start(): Promise<void> {
    this.ensureLoaded();
    const core = this.core;
    if (this.scheduler.running) return;
    this.scheduler.start();
    // The claims shared with other processes open; those left by gone processes whose records need no more work go.
    const claims = this.submitter.open();
    this.downloader.open();
    for (const rec of core.store.workingSet() as EngineRecord[]) {
      // Another running process (the CLI beside the app) is sending it right now.
      if (rec.state === 'submitting' && claims.heldByOther(rec.localId)) continue;
      if (rec.state === 'submitting') {
        // Killed while sending: the body may have reached the service. Never resent on our own.
        core.update(rec.localId, { state: 'uncertain', problem: { message: 'The app stopped while this request was being sent; the service may have created the job. Resend or dismiss it.' } }, true);
      } else if (rec.state === 'pending' || rec.state === 'running') {
        this.poller.schedule(rec.localId, Math.round(core.timing.pollFloorMs * core.random()));
      } else if (awaitsDownload(rec)) {
        // Unless another live process (the CLI beside the app) holds its download lease.
        this.downloader.start(rec.localId);
      }
    }
    this.sweeping = sweepStaleTemp(path.join(this.deps.dataDir, 'assets'));
    this.scheduler.every('\u0000refresh', core.timing.refreshMs, () => this.refreshFromDisk());
    this.submitter.pump();
  }

  async stop(): Promise<void> {
    // A second stop (shell quit racing a signal handler) has nothing left to close.
    if (!this.scheduler.running && !this.loaded) return;
    this.detachRegistry();
    // Every timer goes, what is on the wire is aborted, and the work in flight is awaited.
    await this.scheduler.stop();
    // Downloads this engine still owed (a retry waiting) are taken over by another process beside it.
    this.downloader.releaseAll();
    await this.sweeping;
    this.core.store.close();
    this.loaded = false;
  }

  private refreshFromDisk(): void {
    const core = this.core;
    try {
      let queued = false;
      for (const id of core.store.refresh()) {
        const rec = core.store.get(id);
        if (!rec) continue;
        core.emit(rec);
        // Made by another process (the CLI): follow it here too, so it finishes even when that process exits.
        if ((rec.state === 'pending' || rec.state === 'running') && !this.scheduler.has(id) && rec.polling?.state !== 'key-rejected') this.poller.schedule(id);
        if (rec.state === 'queued') queued = true;
      }
      if (queued) this.submitter.pump();
      // A download whose process stopped or died (its retry timer went with it) is finished here.
      this.downloader.adoptOrphans();
    } catch (err) {
      core.internalError('job store refresh failed', err);
    }
  }

  private onTerminal(localId: string): void {
    const rec = this.core.get(localId)!;
    if (rec.state === 'success') this.downloader.start(localId);
    this.submitter.pump();
  }

  // ---- reads ----------------------------------------------------------------------------------

  list(options: { includeHidden?: boolean } = {}): JobRecord[] {
    this.ensureLoaded();
    // Read from the database: only the records being worked on are held in memory.
    return this.core.store
      .all()
      .filter((r) => options.includeHidden || !r.hidden)
      .sort(newestFirst);
  }

  history(options: { includeHidden?: boolean; limit: number }): { records: JobRecord[]; total: number } {
    this.ensureLoaded();
    const includeHidden = options.includeHidden === true;
    const { records, total } = this.core.store.newest({ includeHidden, limit: options.limit });
    // A job still being worked on stays in the history however old it is (a retry waiting since last week).
    const listed = new Set(records.map((r) => r.localId));
    const older = this.core.store.workingSet().filter((r) => !listed.has(r.localId) && (includeHidden || !r.hidden));
    return { records: older.length ? [...records, ...older].sort(newestFirst) : records, total: total };
  }

  working(): JobRecord[] {
    this.ensureLoaded();
    return this.core.store.workingSet();
  }

  chargedSince(fromIso: string): JobRecord[] {
    this.ensureLoaded();
    return this.core.store.chargedSince(fromIso);
  }

  spendLedger(utcOffsetMinutes: number): Promise<SpendJob[]> {
    this.ensureLoaded();
    return this.core.store.spendLedger(utcOffsetMinutes);
  }

  refusedForCredits(): JobRecord[] {
    this.ensureLoaded();
    return this.core.store.refusedForCredits();
  }

  byJobId(jobId: string): JobRecord | undefined {
    this.ensureLoaded();
    return this.core.store.byJobId(jobId);
  }

  ofBatch(batchId: string): JobRecord[] {
    this.ensureLoaded();
    return this.core.store.ofBatch(batchId);
  }

  ofKindAndPrompt(kind: JobRecord['kind'], prompt: string | undefined): JobRecord[] {
    this.ensureLoaded();
    return this.core.store.ofKindAndPrompt(kind, prompt);
  }

  uploadsOf(sha256: string): JobRecord[] {
    this.ensureLoaded();
    return this.core.store.uploadsOf(sha256);
  }

  revision(): number {
    this.ensureLoaded();
    return this.core.store.revision;
  }

  get(localId: string): JobRecord | undefined {
    this.ensureLoaded();
    return this.core.store.get(localId);
  }

  onChange(listener: (job: JobRecord) => void): () => void {
    return this.core.onChange(listener);
  }

  /** Active upstream (pending/running/being sent) and queued, per key. */
  load(): KeyLoad[] {
    return keyLoad(this.core.store.workingSet());
  }


  assetPath(localId: string): string | undefined {
    return assetFile(this.core, this.get(localId));
  }

  thumbnailPath(localId: string): string | undefined {
    return thumbnailFile(this.core, this.get(localId));
  }

  sourceImagePath(localId: string): string | undefined {
    return sourceImage(this.get(localId));
  }

  saveThumbnail(localId: string, png: Uint8Array): Promise<Result<null>> {
    this.ensureLoaded();
    return storeThumbnail(this.core, localId, png);
  }

  // ---- submission -----------------------------------------------------------------------------

  private target(args: { environmentId?: string; keyId?: string }) {
    const registry = this.deps.registry;
    const active = registry.active();
    return resolveTarget(args, args.environmentId ? registry.get(args.environmentId) : active?.environment, active);
  }

  async submit(args: SubmitArgs, options: SubmitOptions = {}): Promise<Result<JobRecord>> {
    this.ensureLoaded();
    const ep = ENDPOINTS[args.kind];
    const target = this.target(args);
    if (!target.ok) return target;
    if (ep.availability === 'coming-soon' && !target.value.earlyAccess) {
      return fail('not-enabled', `${ep.label} is coming soon and not enabled for the key "${target.value.keyName}". Turn on early access for the key in Settings if the service enabled it.`);
    }
    const checked = checkRequest(args.kind, args.fields, { file: stagedFileRefSchema });
    if (!checked.ok) return fail('invalid-request', checked.message, { fields: checked.problems });
    const request = stagedRequest(ep.fields as Record<string, FieldSpec>, checked.values, this.deps.staging);
    if (!request.ok) return request;
    const record = queuedRecord(args, options, target.value, request.value, newLocalId(), nowIso());
    // The intent is durable before submit() answers, and long before anything is sent.
    this.core.store.put(record, true);
    this.core.emit(record);
    this.submitter.pump();
    return ok(record);
  }

  setHeld(batchId: string, held: boolean): void {
    this.ensureLoaded();
    this.submitter.setHeld(batchId, held);
  }

  // ---- user actions ---------------------------------------------------------------------------

  async resend(localId: string): Promise<Result<JobRecord>> {
    const rec = this.get(localId);
    if (!rec) return fail('not-found', 'No such job.');
    if (rec.state !== 'uncertain') return fail('invalid-state', 'Only a submission whose outcome is unknown can be sent again.');
    const next = this.core.update(localId, { state: 'queued', queue: { reason: 'cap', attempts: 0 }, problem: undefined }, true);
    this.submitter.pump();
    return ok(next);
  }

  async dismiss(localId: string): Promise<Result<JobRecord>> {
    const rec = this.get(localId);
    if (!rec) return fail('not-found', 'No such job.');
    if (rec.state !== 'uncertain') return fail('invalid-state', 'Only a submission whose outcome is unknown can be dismissed.');
    return ok(this.core.update(localId, { state: 'dismissed', finishedAt: nowIso() }, true));
  }

  /**
   * Cancels a request not sent yet (queued: waiting for a slot, for its
   * service, or to retry), at once, a retry wait included. It first claims
   * the record like a send would, so no process (the app beside the CLI) can
   * be sending it: one already on the wire cannot be cancelled, and says so.
   */
  async cancel(localId: string): Promise<Result<JobRecord>> {
    this.ensureLoaded();
    const core = this.core;
    core.store.readIn();
    const rec = this.get(localId);
    if (!rec) return fail('not-found', 'No such job.');
    if (rec.state === 'submitting' || this.work.sends.isSending(localId)) return fail('on-the-wire', ON_THE_WIRE);
    if (rec.state !== 'queued') return fail('not-queued', 'Only a request that has not been sent yet can be cancelled.');
    const claims = this.work.sends.claims ?? new WorkClaims(() => core.store.db, 'send');
    if (!claims.claim(localId)) return fail('on-the-wire', ON_THE_WIRE);
    try {
      // Another process may have sent it between our read and the claim.
      if (core.store.fresh(localId)?.state !== 'queued') return fail('on-the-wire', ON_THE_WIRE);
      return ok(core.update(localId, { state: 'dismissed', queue: undefined, problem: { message: 'Cancelled before it was sent.' }, finishedAt: nowIso() }, true));
    } finally {
      claims.release(localId);
    }
  }

  async retryDownload(localId: string): Promise<Result<JobRecord>> {
    const rec = this.get(localId);
    if (!rec) return fail('not-found', 'No such job.');
    if (rec.state !== 'success' || rec.asset?.state !== 'unavailable') return fail('invalid-state', 'Only an unavailable asset of a successful job can be downloaded again.');
    this.downloader.start(localId, true);
    return ok(this.get(localId)!);
  }

  /** Polls again the jobs of a key the service rejected (free: nothing is sent again). */
  async resumePolling(localId: string): Promise<Result<JobRecord>> {
    const rec = this.get(localId);
    if (!rec) return fail('not-found', 'No such job.');
    if (!(rec.state === 'pending' || rec.state === 'running') || rec.polling?.state !== 'key-rejected') return fail('invalid-state', 'Only a job whose polling was paused by a rejected key can be resumed.');
    this.poller.resumeKey(rec.environmentId, rec.keyId);
    return ok(this.get(localId)!);
  }

  /** Hides jobs from the history; one not sent yet is cancelled first (a removed request is never sent). */
  async remove(localIds: string[]): Promise<Result<null>> {
    this.ensureLoaded();
    for (const id of localIds) {
      if (!this.get(id)) continue;
      if (this.get(id)!.state === 'queued') await this.cancel(id);
      this.core.update(id, { hidden: true });
    }
    return ok(null);
  }

  async restore(localIds: string[]): Promise<Result<null>> {
    for (const id of localIds) if (this.get(id)?.hidden) this.core.update(id, { hidden: undefined });
    return ok(null);
  }

  async track(args: { jobId: string; kind?: GenerationKind; environmentId?: string; keyId?: string }): Promise<Result<JobRecord>> {
    this.ensureLoaded();
    const target = this.target(args);
    if (!target.ok) return target;
    const existing = this.core.store.byJobId(args.jobId, target.value.environmentId);
    if (existing) {
      // A job removed from the history (its undo gone) comes back when tracked again: it is the same job.
      if (existing.hidden) this.core.update(existing.localId, { hidden: undefined });
      return ok(this.get(existing.localId)!);
    }
    const client = this.core.clientFor(target.value.environmentId, target.value.keyId);
    if (!client) return fail('no-key', 'That key is not available.');
    let resource: JobResource;
    try {
      resource = await client.getJob(args.jobId, { signal: this.scheduler.signal });
    } catch (err) {
      const p = problemOf(err);
      return fail(err instanceof UpstreamError && err.status === 404 ? 'not-found' : 'upstream', p.message, p.status !== undefined ? { status: p.status } : {});
    }
    const record = trackedRecord(args.jobId, args.kind ?? inferKind(resource), !args.kind, target.value, newLocalId(), nowIso());
    this.core.store.put(record, true);
    this.core.emit(record);
    // Followed from here (polled, or its download started) as the status says.
    this.poller.applyStatus(record.localId, resource);
    return ok(this.get(record.localId)!);
  }

  waitFor(localId: string, signal?: AbortSignal): Promise<JobRecord> {
    return waitSettled(this, localId, signal);
  }

}
