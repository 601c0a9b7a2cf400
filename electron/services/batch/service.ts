/**
 * The batch service: imports lists, keeps each batch durable in
 * `dataDir/batches/<id>.json`, and drives a running batch through the job
 * engine.
 *
 * No row is ever sent twice. A row is handed to the engine *held* (its intent
 * is durable but nothing is sent), then its localId is written to the batch
 * file, and only then is the batch released. After a crash, rows that have a
 * localId are followed, never resubmitted (the engine's ledger owns them); an
 * engine record of this batch that no row names (the crash hit between the
 * two writes) is adopted by the row it was made from.
 */
import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { assetFormatOfKind, isGenerationKind, type GenerationKind } from '../../../shared/api';
import { isTerminal, type JobRecord } from '../../../shared/domain/job';
import {
  fail,
  ok,
  type Batch,
  type BatchCounts,
  type BatchImportArgs,
  type BatchStartArgs,
  type BatchSummary,
  type BatchUpdateRowArgs,
  type Result,
  type StagedFile,
} from '../../../shared/ipc';
import type { EventSink } from '../contracts';
import type { JobEngine } from '../jobs/engine-api';
import { checkRow } from './check-row';
import { indexLedger, jobFingerprint, requestFingerprint } from './duplicates';
import { safeCopyExporter, writeReports, type BatchExporter } from './output';
import { detectFormat, parseList } from './parse-list';
import { BatchLocks, BatchStore, type StoredBatch, type StoredRow } from './store';

export interface BatchServiceDeps {
  dataDir: string;
  engine: JobEngine;
  events: EventSink;
  /** The files service's staging (copy, size and type check by content). Rows with files need it. */
  stagePath?: (absPath: string) => Promise<Result<StagedFile>>;
  /** Writes finished assets with the export rules; defaults to a plain safe copy. */
  exporter?: BatchExporter;
  /** How many keys a submission may use (for the estimate). */
  keysFor?: (environmentId: string | undefined, spreadAcrossKeys: boolean) => number;
  now?: () => number;
  /** Resolves once the engine has loaded its ledger (batches are reconciled against it after that). */
  engineStarted?: Promise<void>;
  /** Delay before coalesced saves and events (ms). */
  settleMs?: number;
}

const PER_KEY = 5;
/** Rows handed to the engine between two durable writes of the batch file. */
const SUBMIT_GROUP = 8;

export class BatchService {
  private readonly store: BatchStore;
  private readonly locks: BatchLocks;
  /** Batches another live process is driving: shown, never driven here. */
  private readonly foreign = new Map<string, number>();
  private readonly batches = new Map<string, StoredBatch>();
  private readonly driving = new Map<string, Promise<void>>();
  private readonly following = new Set<string>();
  /** Followers still running (an export in progress is finished and recorded before dispose returns). */
  private readonly inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private readonly pendingSave = new Map<string, NodeJS.Timeout>();
  private readonly pendingEmit = new Map<string, NodeJS.Timeout>();
  private readonly changeListeners = new Set<(batch: Batch) => void>();
  private detachEngine: (() => void) | undefined;
  private readonly exporter: BatchExporter;
  private readonly now: () => number;
  private readonly settleMs: number;
  private disposed = false;

  constructor(private readonly deps: BatchServiceDeps) {
    this.store = new BatchStore(deps.dataDir);
    this.locks = new BatchLocks(this.store.folder);
    this.exporter = deps.exporter ?? safeCopyExporter;
    this.now = deps.now ?? Date.now;
    this.settleMs = deps.settleMs ?? 100;
    // One signal ends every follower (one waitFor per row in flight).
    setMaxListeners(0, this.abort.signal);
  }

  /** Loads saved batches and picks up the running ones where they stopped. */
  async init(): Promise<void> {
    const { batches } = await this.store.loadAll();
    for (const b of batches) this.batches.set(b.id, b);
    this.detachEngine = this.deps.engine.onChange((job) => this.onJobChange(job));
    const open = [...this.batches.values()].filter((b) => b.state !== 'draft' && b.state !== 'finished' && b.state !== 'cancelled');
    if (open.length) await this.engineLoaded(open);
    for (const b of open) {
      const lock = await this.locks.acquire(b.id);
      if (!lock.ok) {
        this.foreign.set(b.id, lock.pid);
        continue;
      }
      if (b.state === 'draft' || b.state === 'finished' || b.state === 'cancelled') continue;
      await this.reconcile(b);
      // Every engine record of the batch is now named by a row, so releasing it cannot send an unrecorded row.
      this.deps.engine.setHeld(b.id, b.state !== 'running');
      for (const row of b.rows) if (row.localId) this.follow(b, row);
      if (b.state === 'running') this.drive(b);
      else this.checkFinished(b);
    }
  }

  /**
   * Reconciling needs the engine's ledger. With `engineStarted` the caller says when it is loaded;
   * otherwise wait until a record that a batch names is visible (it must be, once the ledger is in).
   */
  private async engineLoaded(open: StoredBatch[]): Promise<void> {
    if (this.deps.engineStarted) {
      await this.deps.engineStarted;
      return;
    }
    const probe = open.flatMap((b) => b.rows.map((r) => r.localId).filter((id): id is string => Boolean(id)))[0];
    if (!probe) return;
    for (let waited = 0; !this.deps.engine.get(probe) && waited < 30_000 && !this.disposed; waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Public view of every change (the CLI prints progress from it). */
  onChange(listener: (batch: Batch) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  // ---- requests ------------------------------------------------------------------------------

  async import(args: BatchImportArgs): Promise<Result<Batch>> {
    let text: string;
    let listPath: string | undefined;
    if (args.path !== undefined) {
      listPath = path.resolve(args.path);
      try {
        text = await fs.readFile(listPath, 'utf8');
      } catch (err) {
        return fail('not-found', `The list could not be read at ${listPath}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}.`);
      }
    } else {
      text = args.text ?? '';
    }
    const name = args.name ?? (listPath ? path.basename(listPath) : 'list.csv');
    const parsed = parseList(text, detectFormat(name, text));
    if (!parsed.ok) return fail('invalid-list', parsed.message);
    const listDir = listPath ? path.dirname(listPath) : undefined;
    const rows: StoredRow[] = [];
    for (const raw of parsed.rows) {
      const checked = await checkRow(raw.values, args.kind, listDir);
      rows.push({
        row: raw.row,
        kind: checked.kind ?? String(raw.values.kind ?? args.kind ?? ''),
        fields: checked.fields,
        problems: checked.problems,
        skip: false,
        state: checked.problems.length ? 'invalid' : 'ready',
        files: checked.files,
      });
    }
    const at = new Date(this.now()).toISOString();
    const batch: StoredBatch = {
      id: `b_${randomBytes(9).toString('base64url')}`,
      name,
      listPath,
      listSha256: createHash('sha256').update(text).digest('hex'),
      listDir,
      listKind: args.kind,
      createdAt: at,
      updatedAt: at,
      state: 'draft',
      spreadAcrossKeys: false,
      rows,
      counts: emptyCounts(),
      version: 0,
    };
    this.flagDuplicates(batch);
    this.batches.set(batch.id, batch);
    await this.commit(batch, true);
    return ok(this.publicView(batch));
  }

  async updateRow(args: BatchUpdateRowArgs): Promise<Result<Batch>> {
    const batch = this.batches.get(args.batchId);
    if (!batch) return notFound(args.batchId);
    const row = batch.rows.find((r) => r.row === args.row);
    if (!row) return fail('not-found', `The batch has no row ${args.row}.`);
    if (row.localId) return fail('row-sent', `Row ${args.row} was already handed to the job engine; it can no longer be changed.`);
    if (batch.state === 'finished' || batch.state === 'cancelled') return fail('batch-ended', 'The batch has ended; import the list again to change it.');

    if (args.fields !== undefined || args.kind !== undefined) {
      const values: Record<string, unknown> = { ...(args.fields ?? row.fields) };
      const kind = args.kind ?? row.kind;
      if (kind) values.kind = kind;
      const checked = await checkRow(values, batch.listKind, batch.listDir);
      row.kind = checked.kind ?? kind;
      row.fields = checked.fields;
      row.problems = checked.problems;
      row.files = checked.files;
      delete row.duplicateOf;
      delete row.duplicateChoice;
      delete row.error;
    }
    if (args.skip !== undefined) row.skip = args.skip;
    if (args.duplicateChoice !== undefined && row.duplicateOf) row.duplicateChoice = args.duplicateChoice;
    row.state = row.skip ? 'skipped' : row.problems.length ? 'invalid' : 'ready';
    if (row.state === 'ready' && !row.duplicateOf) this.flagDuplicates(batch, row);
    await this.commit(batch, true);
    if (batch.state === 'running' && row.state === 'ready') this.drive(batch);
    return ok(this.publicView(batch));
  }

  async start(args: BatchStartArgs, shell: 'electron' | 'web' | 'cli' = 'cli'): Promise<Result<Batch>> {
    const batch = this.batches.get(args.batchId);
    if (!batch) return notFound(args.batchId);
    if (batch.state !== 'draft') return fail('already-started', 'The batch has already been started.');
    const lock = await this.locks.acquire(batch.id);
    if (!lock.ok) return fail('batch-busy', `Another Asset Studio process (pid ${lock.pid}) is running this batch.`);
    if (!batch.rows.some((r) => r.state === 'ready')) {
      return fail('nothing-to-send', 'No row is ready to send: fix the invalid rows or import another list.');
    }
    const outDir = path.resolve(args.outDir);
    const prepared = await this.exporter.prepare(outDir, shell);
    if (!prepared.ok) return fail('output-folder', prepared.message);
    batch.assetDir = prepared.assetDir;
    batch.shell = shell;
    batch.outDir = outDir;
    batch.environmentId = args.environmentId;
    batch.keyId = args.keyId;
    batch.spreadAcrossKeys = args.spreadAcrossKeys ?? false;
    batch.state = 'running';
    batch.startedAt = new Date(this.now()).toISOString();
    await this.commit(batch, true);
    // The report exists from the start (every row queued), and is rewritten as rows finish.
    await this.writeReport(batch);
    this.drive(batch);
    return ok(this.publicView(batch));
  }

  async pause(batchId: string): Promise<Result<Batch>> {
    const batch = this.batches.get(batchId);
    if (!batch) return notFound(batchId);
    if (this.foreign.has(batchId)) return busy(this.foreign.get(batchId)!);
    if (batch.state !== 'running') return fail('not-running', 'Only a running batch can be paused.');
    batch.state = 'paused';
    batch.pauseReason = 'user';
    this.deps.engine.setHeld(batch.id, true);
    await this.commit(batch, true);
    return ok(this.publicView(batch));
  }

  async resume(batchId: string): Promise<Result<Batch>> {
    const batch = this.batches.get(batchId);
    if (!batch) return notFound(batchId);
    if (this.foreign.has(batchId)) return busy(this.foreign.get(batchId)!);
    if (batch.state !== 'paused') return fail('not-paused', 'Only a paused batch can be resumed.');
    batch.state = 'running';
    delete batch.pauseReason;
    delete batch.credits;
    await this.commit(batch, true);
    this.deps.engine.setHeld(batch.id, false);
    this.drive(batch);
    return ok(this.publicView(batch));
  }

  async cancel(batchId: string): Promise<Result<Batch>> {
    const batch = this.batches.get(batchId);
    if (!batch) return notFound(batchId);
    if (this.foreign.has(batchId)) return busy(this.foreign.get(batchId)!);
    if (batch.state === 'finished' || batch.state === 'cancelled') return fail('batch-ended', 'The batch has already ended.');
    if (batch.state === 'draft') {
      batch.state = 'cancelled';
      for (const row of batch.rows) if (row.state === 'ready') row.state = 'cancelled';
      await this.commit(batch, true);
      return ok(this.publicView(batch));
    }
    batch.state = 'cancelling';
    this.deps.engine.setHeld(batch.id, true);
    for (const row of batch.rows) {
      if (row.state === 'ready' && !row.localId) row.state = 'cancelled';
    }
    await this.commit(batch, true);
    // Submissions still waiting in the engine's queue are taken out; accepted jobs run to the end.
    for (const row of batch.rows) {
      if (!row.localId || row.duplicateChoice === 'reuse') continue;
      const job = this.deps.engine.get(row.localId);
      if (job?.state === 'queued') {
        const res = await this.deps.engine.cancel(row.localId);
        if (res.ok) {
          row.state = 'cancelled';
          row.finishedAt = new Date(this.now()).toISOString();
        }
      }
    }
    this.checkFinished(batch);
    await this.commit(batch, true);
    return ok(this.publicView(batch));
  }

  get(batchId: string): Result<Batch> {
    const batch = this.batches.get(batchId);
    return batch ? ok(this.publicView(batch)) : notFound(batchId);
  }

  list(): BatchSummary[] {
    return [...this.batches.values()]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((b) => {
        const { rows: _rows, ...summary } = this.publicView(b);
        return summary;
      });
  }

  async discard(batchId: string): Promise<Result<null>> {
    const batch = this.batches.get(batchId);
    if (!batch) return notFound(batchId);
    if (batch.state === 'running' || batch.state === 'paused' || batch.state === 'cancelling') {
      return fail('batch-active', 'Cancel the batch before discarding it.');
    }
    this.batches.delete(batchId);
    await this.store.remove(batchId);
    return ok(null);
  }

  /** An unfinished batch made from the same list file and output folder (the CLI continues it). */
  findUnfinished(listPath: string, listSha256: string, outDir: string): Batch | undefined {
    const wanted = path.resolve(listPath);
    const out = path.resolve(outDir);
    const found = [...this.batches.values()].find(
      (b) => b.listPath === wanted && b.listSha256 === listSha256 && b.outDir === out && ['running', 'paused', 'cancelling'].includes(b.state),
    );
    return found && this.publicView(found);
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.abort.abort();
    this.detachEngine?.();
    for (const t of this.pendingEmit.values()) clearTimeout(t);
    for (const [id, t] of this.pendingSave) {
      clearTimeout(t);
      const b = this.batches.get(id);
      if (b) void this.store.save(b);
    }
    await Promise.allSettled([...this.driving.values(), ...this.inFlight]);
    await this.store.flush();
    await this.locks.releaseAll();
  }

  // ---- running ---------------------------------------------------------------------------------

  /** Sends the batch's ready rows, one at a time, while it is running. */
  private drive(batch: StoredBatch): void {
    if (this.driving.has(batch.id) || this.disposed) return;
    const run = this.submitReadyRows(batch).finally(() => this.driving.delete(batch.id));
    this.driving.set(batch.id, run);
  }

  private async submitReadyRows(batch: StoredBatch): Promise<void> {
    /** Rows handed to the engine (held) whose localIds are not durable yet. */
    let group: StoredRow[] = [];
    const flush = async () => {
      if (!group.length) return;
      const sent = group;
      group = [];
      // Durable before release: after a crash these rows are followed, never sent again.
      await this.commit(batch, true);
      if (batch.state === 'running' && !this.disposed) this.deps.engine.setHeld(batch.id, false);
      for (const row of sent) this.follow(batch, row);
    };
    try {
      for (const row of batch.rows) {
        if (this.disposed || batch.state !== 'running') break;
        if (row.state !== 'ready' || row.localId) continue;
        if (row.duplicateOf && row.duplicateChoice === 'reuse') {
          row.localId = row.duplicateOf.localId;
          row.jobId = row.duplicateOf.jobId;
          row.state = 'running';
          row.startedAt = new Date(this.now()).toISOString();
          group.push(row);
        } else if (await this.submitRow(batch, row)) {
          group.push(row);
        }
        // One durable write per group keeps a long list from rewriting its file once per row.
        if (group.length >= SUBMIT_GROUP) await flush();
      }
    } finally {
      await flush();
    }
    this.checkFinished(batch);
  }

  /** Hands one row to the engine, held; true when the engine took it (its localId is set, not yet durable). */
  private async submitRow(batch: StoredBatch, row: StoredRow): Promise<boolean> {
    const kind = row.kind as GenerationKind;
    const fields: Record<string, unknown> = { ...row.fields };
    for (const [name, file] of Object.entries(row.files ?? {})) {
      if (!this.deps.stagePath) {
        this.failRow(batch, row, `${name}: files cannot be staged in this session (the files service is not available).`);
        return false;
      }
      const staged = await this.deps.stagePath(file.path);
      if (!staged.ok) {
        this.failRow(batch, row, staged.problem.message);
        return false;
      }
      if (staged.value.sha256 !== file.sha256) {
        this.failRow(batch, row, `${name}: the file changed since the list was checked; import the list again.`);
        return false;
      }
      fields[name] = { stagedFileId: staged.value.id };
    }
    const submitted = await this.deps.engine.submit(
      {
        kind,
        fields,
        ...(batch.environmentId ? { environmentId: batch.environmentId } : {}),
        ...(batch.keyId ? { keyId: batch.keyId } : {}),
        ...(batch.spreadAcrossKeys ? { spreadAcrossKeys: true } : {}),
      },
      { batchId: batch.id, held: true },
    );
    if (!submitted.ok) {
      this.failRow(batch, row, submitted.problem.message);
      return false;
    }
    row.localId = submitted.value.localId;
    row.state = 'queued';
    row.startedAt = new Date(this.now()).toISOString();
    return true;
  }

  /** Engine records of this batch that no row names: the crash came between the engine's write and ours. */
  private async reconcile(batch: StoredBatch): Promise<void> {
    const known = new Set(batch.rows.map((r) => r.localId).filter(Boolean));
    const orphans = this.deps.engine.list({ includeHidden: true }).filter((j) => j.batchId === batch.id && !known.has(j.localId));
    for (const job of orphans) {
      const fp = jobFingerprint(job);
      const row = batch.rows.find(
        (r) => !r.localId && r.state === 'ready' && isGenerationKind(r.kind) && requestFingerprint(r.kind, r.fields, shaOf(r)) === fp,
      );
      if (!row) {
        // Made from a row that has changed since: it was never released, so take it out of the queue.
        if (job.state === 'queued') await this.deps.engine.cancel(job.localId);
        continue;
      }
      row.localId = job.localId;
      row.jobId = job.jobId;
      row.state = 'queued';
      row.startedAt = job.createdAt;
    }
    await this.commit(batch, true);
  }

  private follow(batch: StoredBatch, row: StoredRow): void {
    const localId = row.localId;
    if (!localId || this.disposed || this.following.has(`${batch.id}/${row.row}`)) return;
    if (row.state === 'done' || row.state === 'cancelled') return;
    if (row.state === 'failed' && isTerminal(this.deps.engine.get(localId)?.state ?? 'error')) return;
    const key = `${batch.id}/${row.row}`;
    this.following.add(key);
    const run = (async () => {
      try {
        const current = this.deps.engine.get(localId);
        if (current) this.applyJob(batch, row, current);
        const job = await this.deps.engine.waitFor(localId, this.abort.signal);
        await this.finishRow(batch, row, job);
      } catch (err) {
        if (this.disposed) return;
        this.failRow(batch, row, `Lost track of the job: ${(err as Error).message}`);
      } finally {
        this.following.delete(key);
      }
    })();
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  private async finishRow(batch: StoredBatch, row: StoredRow, job: JobRecord): Promise<void> {
    if (this.disposed) return;
    row.jobId = job.jobId ?? row.jobId;
    if (job.state === 'success') {
      // Success can be reported a moment before the download is recorded: wait for the asset itself.
      if (assetFormatOfKind(job.kind) && job.asset?.state !== 'ready' && job.asset?.state !== 'unavailable') job = await this.assetSettled(job.localId);
      if (this.disposed) return;
      const asset = this.deps.engine.assetPath(job.localId);
      if (!asset || job.asset?.state === 'unavailable') {
        this.failRow(batch, row, job.asset?.problem ?? 'The job succeeded but its asset could not be downloaded; retry the download from the history.');
        return;
      }
      const exported = await this.exporter.exportJob({ shell: batch.shell ?? 'cli', job, assetPath: asset, outDir: batch.outDir ?? this.deps.dataDir, row: row.row });
      if (!exported.ok) {
        this.failRow(batch, row, exported.message);
        return;
      }
      // The report sits next to the assets (a Unity project's exports go to its Assets/Generated, for example).
      batch.assetDir = path.dirname(exported.file);
      row.file = path.relative(batch.assetDir, exported.file).split(path.sep).join('/');
      row.state = 'done';
      delete row.error;
    } else if (batch.state === 'cancelling' && !job.jobId) {
      row.state = 'cancelled';
    } else {
      row.state = 'failed';
      row.error = job.problem?.message ?? `The job ended as ${job.state}.`;
    }
    row.finishedAt = new Date(this.now()).toISOString();
    this.checkFinished(batch);
    await this.commit(batch, true);
    await this.writeReport(batch);
  }

  /** Resolves once the job's asset is ready or unavailable (or the service is disposed). */
  private assetSettled(localId: string): Promise<JobRecord> {
    const settled = (j: JobRecord | undefined) => j?.asset?.state === 'ready' || j?.asset?.state === 'unavailable';
    const current = this.deps.engine.get(localId);
    if (!current || settled(current) || this.disposed) return Promise.resolve(current ?? ({ localId } as JobRecord));
    return new Promise((resolve) => {
      const done = (j: JobRecord) => {
        off();
        this.abort.signal.removeEventListener('abort', onAbort);
        resolve(j);
      };
      const onAbort = () => done(this.deps.engine.get(localId) ?? current);
      const off = this.deps.engine.onChange((j) => {
        if (j.localId === localId && settled(j)) done(j);
      });
      this.abort.signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  private failRow(batch: StoredBatch, row: StoredRow, message: string): void {
    row.state = 'failed';
    row.error = message;
    row.finishedAt = new Date(this.now()).toISOString();
    this.checkFinished(batch);
    void this.commit(batch, true).then(() => this.writeReport(batch));
  }

  private onJobChange(job: JobRecord): void {
    for (const batch of this.batches.values()) {
      if (batch.state === 'draft' || batch.state === 'finished' || batch.state === 'cancelled') continue;
      const row = batch.rows.find((r) => r.localId === job.localId);
      if (!row) continue;
      this.applyJob(batch, row, job);
      // A 402 on one of our submissions: the engine put it back in the queue and held the batch.
      const creditStop = job.queue?.reason === 'paused' && (job.problem?.status === 402 || job.problem?.credits !== undefined);
      if (job.batchId === batch.id && job.state === 'queued' && creditStop && batch.state === 'running') {
        batch.state = 'paused';
        batch.pauseReason = 'credits';
        if (job.problem?.credits) batch.credits = job.problem.credits;
        this.deps.engine.setHeld(batch.id, true);
        void this.commit(batch, true);
      } else {
        void this.commit(batch, false);
      }
    }
  }

  private applyJob(batch: StoredBatch, row: StoredRow, job: JobRecord): void {
    if (row.state === 'done' || row.state === 'cancelled') return;
    if (row.state === 'failed' && (isTerminal(job.state) || job.state === 'uncertain')) return;
    row.jobId = job.jobId ?? row.jobId;
    if (job.state === 'uncertain') {
      // Never re-sent automatically: the row fails with the choice left to the user (resend or dismiss in
      // the history). The follower keeps waiting, so a resend that succeeds still completes the row.
      row.state = 'failed';
      row.error = 'The outcome of sending this row is unknown (the connection ended after the request was sent); resend or dismiss it in the history.';
      row.finishedAt = new Date(this.now()).toISOString();
      this.checkFinished(batch);
      void this.writeReport(batch);
      return;
    }
    if (isTerminal(job.state)) return;
    row.state = job.state === 'queued' ? 'queued' : 'running';
    // Time on the service, not in the local queue, feeds the estimate.
    const sentAt = job.submittedAt ?? job.acceptedAt;
    if (sentAt) row.startedAt = sentAt;
    delete row.error;
  }

  private checkFinished(batch: StoredBatch): void {
    if (batch.state !== 'running' && batch.state !== 'cancelling') return;
    const open = batch.rows.some((r) => r.state === 'queued' || r.state === 'running' || (r.state === 'ready' && batch.state === 'running'));
    if (open) return;
    batch.state = batch.state === 'cancelling' ? 'cancelled' : 'finished';
    batch.finishedAt = new Date(this.now()).toISOString();
    void this.commit(batch, true)
      .then(() => this.writeReport(batch))
      .then(() => this.locks.release(batch.id));
  }

  private writeReport(batch: StoredBatch): Promise<void> {
    const outDir = batch.assetDir ?? batch.outDir;
    if (!outDir || this.disposed) return Promise.resolve();
    const run = writeReports(outDir, batch.rows)
      .then((report) => {
        batch.report = report;
      })
      .catch(() => {
        // The folder went away: the rows keep their state and the next finished row tries again.
      })
      .finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
    return run;
  }

  // ---- duplicates, persistence, events ------------------------------------------------------------

  private flagDuplicates(batch: StoredBatch, only?: StoredRow): void {
    const index = indexLedger(this.deps.engine.list(), batch.id);
    if (index.size === 0) return;
    for (const row of only ? [only] : batch.rows) {
      if (row.state !== 'ready' || !isGenerationKind(row.kind)) continue;
      const match = index.get(requestFingerprint(row.kind, row.fields, shaOf(row)));
      if (match) {
        row.duplicateOf = { localId: match.localId, ...(match.jobId ? { jobId: match.jobId } : {}), state: match.state };
        row.duplicateChoice ??= 'reuse';
      }
    }
  }

  /** Saves (now when `durable`, else soon) and tells listeners. */
  private async commit(batch: StoredBatch, durable: boolean): Promise<void> {
    batch.updatedAt = new Date(this.now()).toISOString();
    batch.counts = countRows(batch);
    batch.estimateMs = this.estimate(batch);
    this.scheduleEmit(batch);
    if (durable) {
      const t = this.pendingSave.get(batch.id);
      if (t) clearTimeout(t);
      this.pendingSave.delete(batch.id);
      await this.store.save(batch);
      return;
    }
    if (this.pendingSave.has(batch.id)) return;
    const timer = setTimeout(() => {
      this.pendingSave.delete(batch.id);
      void this.store.save(batch);
    }, this.settleMs);
    timer.unref?.();
    this.pendingSave.set(batch.id, timer);
  }

  private scheduleEmit(batch: StoredBatch): void {
    if (this.pendingEmit.has(batch.id) || this.disposed) return;
    const timer = setTimeout(() => {
      this.pendingEmit.delete(batch.id);
      if (this.disposed) return;
      const view = this.publicView(batch);
      this.deps.events.emit('batch:changed', view);
      for (const l of this.changeListeners) l(view);
    }, Math.min(this.settleMs, 50));
    timer.unref?.();
    this.pendingEmit.set(batch.id, timer);
  }

  /** Remaining time: rounds of (slots in use) rows at the mean duration of the rows finished so far. */
  private estimate(batch: StoredBatch): number | undefined {
    const durations = batch.rows
      .filter((r) => r.state === 'done' && r.startedAt && r.finishedAt && r.duplicateChoice !== 'reuse')
      .map((r) => Date.parse(r.finishedAt!) - Date.parse(r.startedAt!));
    const remaining = batch.counts.queued + batch.counts.running;
    if (!durations.length || remaining === 0) return remaining === 0 ? 0 : undefined;
    const mean = durations.reduce((a, b) => a + b, 0) / durations.length;
    const keys = this.deps.keysFor?.(batch.environmentId, batch.spreadAcrossKeys) ?? 1;
    const slots = Math.max(PER_KEY * Math.max(1, keys), batch.counts.running);
    return Math.round(Math.ceil(remaining / slots) * mean);
  }

  private publicView(batch: StoredBatch): Batch {
    const { listDir: _d, listKind: _k, version: _v, shell: _s, rows, ...rest } = batch;
    return {
      ...rest,
      counts: countRows(batch),
      rows: rows.map(({ files: _f, ...row }) => ({ ...row, problems: [...row.problems] })),
    };
  }
}

function shaOf(row: StoredRow): Record<string, string> {
  return Object.fromEntries(Object.entries(row.files ?? {}).map(([k, f]) => [k, f.sha256]));
}

function emptyCounts(): BatchCounts {
  return { total: 0, done: 0, failed: 0, queued: 0, running: 0, invalid: 0, skipped: 0, cancelled: 0 };
}

export function countRows(batch: Pick<StoredBatch, 'rows'>): BatchCounts {
  const c = emptyCounts();
  c.total = batch.rows.length;
  for (const r of batch.rows) {
    if (r.state === 'ready') c.queued++;
    else c[r.state]++;
  }
  return c;
}

function busy(pid: number): { ok: false; problem: { reason: string; message: string } } {
  return fail('batch-busy', `Another Asset Studio process (pid ${pid}) is running this batch; control it there.`);
}

function notFound(batchId: string): { ok: false; problem: { reason: string; message: string } } {
  return fail('not-found', `No batch ${batchId}.`);
}
