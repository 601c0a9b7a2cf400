/**
 * The batch service: the `batch:*` requests. It imports lists, keeps each
 * batch durable (./book.ts) and hands running ones to the runner
 * (./runner.ts), which drives them through the job engine. What a batch or a
 * row becomes on each request is decided in ./lifecycle.ts.
 */
import type { PathGate } from '../allowed-roots';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  fail,
  ok,
  type Batch,
  type BatchImportArgs,
  type BatchSetKindArgs,
  type BatchStartArgs,
  type BatchSummary,
  type BatchUpdateRowArgs,
  type Result,
  type StagedFile,
} from '../../../shared/ipc';
import type { EventSink } from '../contracts';
import type { JobEngine } from '../jobs/engine-api';
import { BatchBook } from './book';
import { checkRow } from './check-row';
import { flagDuplicates, jobsRowsMayRepeat } from './duplicates';
import { discardRefusal, editRefusal, emptyCounts, isOpen, isRefusal, nextBatch, type Refusal } from './lifecycle';
import { safeCopyExporter, type BatchExporter } from './output';
import { parseList } from './parse-list';
import { headerRefusal, readList } from './read-list';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { BatchRunner } from './runner';
import { realFolder } from './folder-at-use';
import type { StoredBatch, StoredRow } from './store';

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
  /** The browser shell's home folder (its allowed folders); defaults to os.homedir(). */
  homeDir?: string;
}

/** Rows checked between two yields to the event loop while a list is imported. */
const ROWS_PER_TURN = 100;

export class BatchService {
  private readonly book: BatchBook;
  private readonly runner: BatchRunner;
  private readonly exporter: BatchExporter;
  private detachEngine: (() => void) | undefined;

  constructor(private readonly deps: BatchServiceDeps) {
    this.book = new BatchBook({ dataDir: deps.dataDir, events: deps.events, now: deps.now ?? Date.now, settleMs: deps.settleMs ?? 100, keysFor: deps.keysFor, thumbnailOf: (localId) => deps.engine.thumbnailPath(localId), homeDir: deps.homeDir });
    this.exporter = deps.exporter ?? safeCopyExporter;
    this.runner = new BatchRunner({ dataDir: deps.dataDir, engine: deps.engine, exporter: this.exporter, stagePath: deps.stagePath, homeDir: deps.homeDir }, this.book);
  }

  /** Loads saved batches and picks up the running ones where they stopped. */
  async init(): Promise<void> {
    const batches = await this.book.load();
    this.detachEngine = this.deps.engine.onChange((job) => this.runner.onJobChange(job));
    const open = batches.filter(isOpen);
    if (open.length) await this.engineLoaded(open);
    for (const b of open) {
      const lock = await this.book.locks.acquire(b.id);
      if (!lock.ok) {
        this.book.foreign.set(b.id, lock.pid);
        continue;
      }
      await this.runner.reconcile(b);
      // Every engine record of the batch is now named by a row, so releasing it cannot send an unrecorded row.
      this.deps.engine.setHeld(b.id, b.state !== 'running');
      for (const row of b.rows) if (row.localId) this.runner.follow(b, row);
      if (b.state === 'running') this.runner.drive(b);
      else void this.book.settle(b);
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
    for (let waited = 0; !this.deps.engine.get(probe) && waited < 30_000 && !this.runner.isStopped; waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Public view of every change (the CLI prints progress from it). */
  onChange(listener: (batch: Batch) => void): () => void {
    return this.book.onChange(listener);
  }

  // ---- requests ------------------------------------------------------------------------------

  /** `gate`: the browser shell's allowed folders, for the rows' files. */
  async import(args: BatchImportArgs, gate?: PathGate): Promise<Result<Batch>> {
    const read = await readList(args);
    if (!read.ok) return read;
    const { text, listPath, format } = read.value;
    const name = args.name ?? (listPath ? path.basename(listPath) : 'list.csv');
    const parsed = await parseList(text, format);
    if (!parsed.ok) return fail('invalid-list', parsed.message);
    const unknownHeader = headerRefusal(parsed);
    if (unknownHeader) return fail('invalid-list', unknownHeader);
    const listDir = listPath ? path.dirname(listPath) : undefined;
    const rows: StoredRow[] = [];
    for (const raw of parsed.rows) {
      // Thousands of rows are checked without holding main: every job, poll and answer waits on it.
      if (raw.row % ROWS_PER_TURN === 0) await yieldToLoop();
      const checked = await checkRow(raw.values, args.kind, listDir, gate);
      const row: StoredRow = {
        row: raw.row,
        kind: checked.kind ?? String(raw.values.kind ?? args.kind ?? ''),
        fields: checked.fields,
        problems: checked.problems,
        skip: false,
        state: 'invalid',
        files: checked.files,
        ...(typeof raw.values.kind === 'string' && raw.values.kind.trim() !== '' ? { ownKind: true } : {}),
      };
      this.book.moveRow(row, { type: 'checked' });
      rows.push(row);
    }
    const at = this.book.at();
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
    flagDuplicates(batch.rows, jobsRowsMayRepeat(batch.rows, this.deps.engine), batch.id);
    this.book.batches.set(batch.id, batch);
    await this.book.commit(batch, true);
    return ok(this.book.view(batch));
  }

  async updateRow(args: BatchUpdateRowArgs, gate?: PathGate): Promise<Result<Batch>> {
    const batch = this.book.batches.get(args.batchId);
    if (!batch) return notFound(args.batchId);
    const row = batch.rows.find((r) => r.row === args.row);
    if (!row) return fail('not-found', `The batch has no row ${args.row}.`);
    const refusal = editRefusal(batch, row);
    if (refusal) return refused(refusal);

    if (args.fields !== undefined || args.kind !== undefined) {
      const values: Record<string, unknown> = { ...(args.fields ?? row.fields) };
      const kind = args.kind ?? row.kind;
      if (kind) values.kind = kind;
      // A kind chosen for this row is its own from now on; "Kind for every row" leaves it be.
      if (args.kind !== undefined) row.ownKind = true;
      const checked = await checkRow(values, batch.listKind, batch.listDir, gate);
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
    this.book.moveRow(row, { type: 'checked' });
    if (row.state === 'ready' && !row.duplicateOf) flagDuplicates([row], jobsRowsMayRepeat([row], this.deps.engine), batch.id);
    await this.book.commit(batch, true);
    if (batch.state === 'running' && row.state === 'ready') this.runner.drive(batch);
    return ok(this.book.view(batch));
  }

  /** "Kind for every row", before the batch starts: rows without a kind of their own are checked again as `kind`. */
  async setKind(args: BatchSetKindArgs, gate?: PathGate): Promise<Result<Batch>> {
    const batch = this.book.batches.get(args.batchId);
    if (!batch) return notFound(args.batchId);
    if (batch.state !== 'draft') return fail('batch-started', 'The kind for every row can be changed only before the batch starts.');
    batch.listKind = args.kind;
    const changed: StoredRow[] = [];
    for (const [i, row] of batch.rows.entries()) {
      if (row.ownKind || row.localId) continue;
      if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await yieldToLoop();
      const { kind: _old, ...values } = row.fields;
      const checked = await checkRow(values, args.kind, batch.listDir, gate);
      Object.assign(row, { kind: checked.kind ?? args.kind, fields: checked.fields, problems: checked.problems, files: checked.files });
      delete row.duplicateOf;
      delete row.duplicateChoice;
      this.book.moveRow(row, { type: 'checked' });
      changed.push(row);
    }
    flagDuplicates(changed, jobsRowsMayRepeat(changed, this.deps.engine), batch.id);
    await this.book.commit(batch, true);
    return ok(this.book.view(batch));
  }

  async start(args: BatchStartArgs, shell: 'electron' | 'web' | 'cli' = 'cli'): Promise<Result<Batch>> {
    const batch = this.book.batches.get(args.batchId);
    if (!batch) return notFound(args.batchId);
    // Asked before the lock and the output folder: a started batch or a list with nothing to send touches neither.
    const step = nextBatch(batch, { type: 'start', at: this.book.at() });
    if (isRefusal(step)) return refused(step);
    const lock = await this.book.locks.acquire(batch.id);
    if (!lock.ok) return fail('batch-busy', `Another Asset Studio process (pid ${lock.pid}) is running this batch.`);
    const outDir = path.resolve(args.outDir);
    const prepared = await this.exporter.prepare(outDir, shell);
    if (!prepared.ok) return fail('output-folder', prepared.message);
    Object.assign(batch, {
      assetDir: prepared.assetDir,
      // Kept to judge the folder again at every write (folder-at-use.ts).
      realOutDir: await realFolder(outDir),
      shell,
      outDir,
      environmentId: args.environmentId,
      keyId: args.keyId,
      spreadAcrossKeys: args.spreadAcrossKeys ?? false,
    });
    this.book.moveBatch(batch, { type: 'start', at: this.book.at() });
    await this.book.commit(batch, true);
    // The report exists from the start (every row queued), and is rewritten as rows finish.
    await this.book.writeReport(batch);
    this.runner.drive(batch);
    return ok(this.book.view(batch));
  }

  async pause(batchId: string): Promise<Result<Batch>> {
    const batch = this.book.batches.get(batchId);
    if (!batch) return notFound(batchId);
    if (this.book.foreign.has(batchId)) return busy(this.book.foreign.get(batchId)!);
    const refusal = this.book.moveBatch(batch, { type: 'pause' });
    if (refusal) return refused(refusal);
    this.deps.engine.setHeld(batch.id, true);
    await this.book.commit(batch, true);
    return ok(this.book.view(batch));
  }

  async resume(batchId: string): Promise<Result<Batch>> {
    const batch = this.book.batches.get(batchId);
    if (!batch) return notFound(batchId);
    if (this.book.foreign.has(batchId)) return busy(this.book.foreign.get(batchId)!);
    const refusal = this.book.moveBatch(batch, { type: 'resume' });
    if (refusal) return refused(refusal);
    await this.book.commit(batch, true);
    this.deps.engine.setHeld(batch.id, false);
    this.runner.drive(batch);
    return ok(this.book.view(batch));
  }

  async cancel(batchId: string): Promise<Result<Batch>> {
    const batch = this.book.batches.get(batchId);
    if (!batch) return notFound(batchId);
    if (this.book.foreign.has(batchId)) return busy(this.book.foreign.get(batchId)!);
    const wasDraft = batch.state === 'draft';
    const refusal = this.book.moveBatch(batch, { type: 'cancel' });
    if (refusal) return refused(refusal);
    for (const row of batch.rows) this.book.moveRow(row, { type: 'cancelled' });
    if (wasDraft) {
      await this.book.commit(batch, true);
      return ok(this.book.view(batch));
    }
    this.deps.engine.setHeld(batch.id, true);
    await this.book.commit(batch, true);
    // Submissions still waiting in the engine's queue are taken out; accepted jobs run to the end.
    for (const row of batch.rows) {
      if (!row.localId || row.duplicateChoice === 'reuse') continue;
      if (this.deps.engine.get(row.localId)?.state !== 'queued') continue;
      const res = await this.deps.engine.cancel(row.localId);
      if (res.ok) this.book.moveRow(row, { type: 'withdrawn', at: this.book.at() });
    }
    await (this.book.settle(batch) ?? this.book.commit(batch, true));
    return ok(this.book.view(batch));
  }

  get(batchId: string): Result<Batch> {
    const batch = this.book.batches.get(batchId);
    return batch ? ok(this.book.view(batch)) : notFound(batchId);
  }

  list(): BatchSummary[] {
    return [...this.book.batches.values()]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((b) => {
        const { rows: _rows, ...summary } = this.book.view(b);
        return summary;
      });
  }

  async discard(batchId: string): Promise<Result<null>> {
    const batch = this.book.batches.get(batchId);
    if (!batch) return notFound(batchId);
    const refusal = discardRefusal(batch);
    if (refusal) return refused(refusal);
    this.book.batches.delete(batchId);
    await this.book.store.remove(batchId);
    return ok(null);
  }

  /** An unfinished batch made from the same list file and output folder (the CLI continues it). */
  findUnfinished(listPath: string, listSha256: string, outDir: string): Batch | undefined {
    const wanted = path.resolve(listPath);
    const out = path.resolve(outDir);
    const found = [...this.book.batches.values()].find(
      (b) => b.listPath === wanted && b.listSha256 === listSha256 && b.outDir === out && ['running', 'paused', 'cancelling'].includes(b.state),
    );
    return found && this.book.view(found);
  }

  async dispose(): Promise<void> {
    this.detachEngine?.();
    await this.book.close(() => this.runner.stop());
  }
}

function refused(refusal: Refusal): { ok: false; problem: { reason: string; message: string } } {
  return fail(refusal.refused, refusal.message);
}

function busy(pid: number): { ok: false; problem: { reason: string; message: string } } {
  return fail('batch-busy', `Another Asset Studio process (pid ${pid}) is running this batch; control it there.`);
}

function notFound(batchId: string): { ok: false; problem: { reason: string; message: string } } {
  return fail('not-found', `No batch ${batchId}.`);
}
