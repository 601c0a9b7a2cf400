/**
 * Drives running batches through the job engine: hands ready rows over,
 * follows each row's job to its end, exports its asset. What a row or a batch
 * becomes is decided in ./lifecycle.ts and applied by the book; this loop
 * only does the I/O around those decisions.
 *
 * No row is ever sent twice. A row is handed to the engine *held* (its intent
 * is durable but nothing is sent), then its localId is written to the batch
 * file, and only then is the batch released. After a crash, rows that have a
 * localId are followed, never resubmitted (the engine's ledger owns them); an
 * engine record of this batch that no row names (the crash hit between the
 * two writes) is adopted by the row it was made from.
 */
import { setMaxListeners } from 'node:events';
import path from 'node:path';
import { isGenerationKind, type GenerationKind } from '../../../shared/api';
import type { JobRecord } from '../../../shared/domain/job';
import { settledForBatchRow } from '../../../shared/domain/settled';
import type { Result, StagedFile } from '../../../shared/ipc';
import type { JobEngine } from '../jobs/engine-api';
import type { BatchBook } from './book';
import { jobFingerprint, requestFingerprint, rowFileShas } from './duplicates';
import { creditStop, isOpen, needsFollowing, rowEnding } from './lifecycle';
import type { BatchExporter } from './output';
import { batchFolderRefusal } from './folder-at-use';
import type { StoredBatch, StoredRow } from './store';

export interface BatchRunnerDeps {
  dataDir: string;
  engine: JobEngine;
  exporter: BatchExporter;
  /** The files service's staging (copy, size and type check by content). Rows with files need it. */
  stagePath?: (absPath: string) => Promise<Result<StagedFile>>;
  /** The browser shell's home folder, for judging the output folder at use. */
  homeDir?: string;
}

/** Rows handed to the engine between two durable writes of the batch file. */
const SUBMIT_GROUP = 8;

export class BatchRunner {
  private readonly driving = new Map<string, Promise<void>>();
  private readonly following = new Set<string>();
  /** Followers still running (an export in progress is finished and recorded before stop returns). */
  private readonly followers = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private stopped = false;

  constructor(
    private readonly deps: BatchRunnerDeps,
    private readonly book: BatchBook,
  ) {
    // One signal ends every follower (one waitFor per row in flight).
    setMaxListeners(0, this.abort.signal);
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Sends the batch's ready rows, one at a time, while it is running. */
  drive(batch: StoredBatch): void {
    if (this.driving.has(batch.id) || this.stopped) return;
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
      await this.book.commit(batch, true);
      if (batch.state === 'running' && !this.stopped) this.deps.engine.setHeld(batch.id, false);
      for (const row of sent) this.follow(batch, row);
    };
    try {
      for (const row of batch.rows) {
        if (this.stopped || batch.state !== 'running') break;
        if (row.state !== 'ready' || row.localId) continue;
        const handed =
          row.duplicateOf && row.duplicateChoice === 'reuse'
            ? this.book.moveRow(row, { type: 'reused', at: this.book.at() }) !== undefined
            : await this.submitRow(batch, row);
        if (handed) group.push(row);
        // One durable write per group keeps a long list from rewriting its file once per row.
        if (group.length >= SUBMIT_GROUP) await flush();
      }
    } finally {
      await flush();
    }
    void this.book.settle(batch);
  }

  /** Hands one row to the engine, held; true when the engine took it (its localId is set, not yet durable). */
  private async submitRow(batch: StoredBatch, row: StoredRow): Promise<boolean> {
    const fields: Record<string, unknown> = { ...row.fields };
    for (const [name, file] of Object.entries(row.files ?? {})) {
      const staged = this.deps.stagePath
        ? await this.deps.stagePath(file.path)
        : { ok: false as const, problem: { message: `${name}: files cannot be staged in this session (the files service is not available).` } };
      if (!staged.ok) return this.refuse(batch, row, staged.problem.message);
      if (staged.value.sha256 !== file.sha256) return this.refuse(batch, row, `${name}: the file changed since the list was checked; import the list again.`);
      fields[name] = { stagedFileId: staged.value.id };
    }
    const submitted = await this.deps.engine.submit(
      {
        kind: row.kind as GenerationKind,
        fields,
        ...(batch.environmentId ? { environmentId: batch.environmentId } : {}),
        ...(batch.keyId ? { keyId: batch.keyId } : {}),
        ...(batch.spreadAcrossKeys ? { spreadAcrossKeys: true } : {}),
      },
      { batchId: batch.id, held: true },
    );
    if (!submitted.ok) return this.refuse(batch, row, submitted.problem.message);
    this.book.moveRow(row, { type: 'handed', localId: submitted.value.localId, at: this.book.at() });
    return true;
  }

  private refuse(batch: StoredBatch, row: StoredRow, message: string): false {
    this.book.failRow(batch, row, message);
    return false;
  }

  /** Engine records of this batch that no row names: the crash came between the engine's write and ours. */
  async reconcile(batch: StoredBatch): Promise<void> {
    const known = new Set(batch.rows.map((r) => r.localId).filter(Boolean));
    const mine = this.deps.engine.ofBatch?.(batch.id) ?? this.deps.engine.list({ includeHidden: true });
    const orphans = mine.filter((j) => j.batchId === batch.id && !known.has(j.localId));
    for (const job of orphans) {
      const fp = jobFingerprint(job);
      const row = batch.rows.find(
        (r) => !r.localId && r.state === 'ready' && isGenerationKind(r.kind) && requestFingerprint(r.kind, r.fields, rowFileShas(r)) === fp,
      );
      if (row) {
        this.book.moveRow(row, { type: 'adopted', job });
      } else if (job.state === 'queued') {
        // Made from a row that has changed since: it was never released, so take it out of the queue.
        await this.deps.engine.cancel(job.localId);
      }
    }
    await this.book.commit(batch, true);
  }

  /** Follows a row's job to its end (unless its end is already recorded). */
  follow(batch: StoredBatch, row: StoredRow): void {
    const localId = row.localId;
    const key = `${batch.id}/${row.row}`;
    if (!localId || this.stopped || this.following.has(key)) return;
    if (!needsFollowing(row, this.deps.engine.get(localId))) return;
    this.following.add(key);
    const run = (async () => {
      try {
        const current = this.deps.engine.get(localId);
        if (current) this.applyJob(batch, row, current);
        const job = await this.deps.engine.waitFor(localId, this.abort.signal);
        await this.finishRow(batch, row, job);
      } catch (err) {
        if (this.stopped) return;
        this.book.failRow(batch, row, `Lost track of the job: ${(err as Error).message}`);
      } finally {
        this.following.delete(key);
      }
    })();
    this.followers.add(run);
    void run.finally(() => this.followers.delete(run));
  }

  private async finishRow(batch: StoredBatch, row: StoredRow, ended: JobRecord): Promise<void> {
    if (this.stopped) return;
    let job = ended;
    row.jobId = job.jobId ?? row.jobId;
    for (let waited = false; ; waited = true) {
      if (this.stopped) return;
      const ending = rowEnding(job, batch.state, this.deps.engine.assetPath(job.localId), this.book.at(), waited);
      if (ending.then === 'await-asset') {
        job = await this.assetSettled(job);
        continue;
      }
      if (ending.then === 'row') {
        if (ending.event.type === 'failed') return this.book.failRow(batch, row, ending.event.message);
        this.book.moveRow(row, ending.event);
        break;
      }
      // Judged at use: a folder replaced by a link since the start gets nothing, and the row says so.
      const refusal = await batchFolderRefusal(batch, this.deps, batch.outDir);
      if (refusal) return this.book.failRow(batch, row, refusal);
      const exported = await this.deps.exporter.exportJob({ shell: batch.shell ?? 'cli', job, assetPath: ending.assetPath, outDir: batch.outDir ?? this.deps.dataDir, row: row.row });
      if (!exported.ok) return this.book.failRow(batch, row, exported.message);
      // The report sits next to the assets (a Unity project's exports go to its Assets/Generated, for example).
      batch.assetDir = path.dirname(exported.file);
      this.book.moveRow(row, { type: 'exported', file: path.relative(batch.assetDir, exported.file).split(path.sep).join('/'), at: this.book.at() });
      break;
    }
    const ending = this.book.settle(batch);
    if (ending) return ending;
    await this.book.commit(batch, true);
    await this.book.writeReport(batch);
  }

  /** Resolves once the job's asset is ready or unavailable (or the runner stops). */
  private assetSettled(job: JobRecord): Promise<JobRecord> {
    const localId = job.localId;
    const current = this.deps.engine.get(localId);
    if (!current || settledForBatchRow(current) || this.stopped) return Promise.resolve(current ?? job);
    return new Promise((resolve) => {
      const done = (j: JobRecord) => {
        off();
        this.abort.signal.removeEventListener('abort', onAbort);
        resolve(j);
      };
      const onAbort = () => done(this.deps.engine.get(localId) ?? current);
      const off = this.deps.engine.onChange((j) => {
        if (j.localId === localId && settledForBatchRow(j)) done(j);
      });
      this.abort.signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Every engine record change: the rows it names move on, and a 402 pauses their batch. */
  onJobChange(job: JobRecord): void {
    for (const batch of this.book.batches.values()) {
      if (!isOpen(batch)) continue;
      const row = batch.rows.find((r) => r.localId === job.localId);
      if (!row) continue;
      this.applyJob(batch, row, job);
      const stop = creditStop(batch, job);
      if (stop && batch.state === 'running') {
        this.book.moveBatch(batch, stop);
        this.deps.engine.setHeld(batch.id, true);
        void this.book.commit(batch, true);
      } else {
        void this.book.commit(batch, false);
      }
    }
  }

  private applyJob(batch: StoredBatch, row: StoredRow, job: JobRecord): void {
    const change = this.book.moveRow(row, { type: 'job', job, at: this.book.at() });
    if (change?.state !== 'failed') return;
    if (!this.book.settle(batch)) void this.book.writeReport(batch);
  }

  /** Ends every follower and the sending; resolves when they have stopped. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await Promise.allSettled([...this.driving.values(), ...this.followers]);
  }
}
