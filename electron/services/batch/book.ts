/**
 * The batches as this process keeps them: in memory, on disk
 * (`dataDir/batches/<id>.json`, through BatchStore), locked against other
 * processes, reported in the output folder and announced (`batch:changed`).
 * Decisions (./lifecycle.ts) are applied here, and nowhere else, so every
 * state change is saved and announced the same way.
 */
import type { Batch } from '../../../shared/ipc';
import type { EventSink } from '../contracts';
import { applyChange, countRows, estimateMs, isRefusal, nextBatch, nextRow, type BatchEvent, type Refusal, type RowChange, type RowEvent } from './lifecycle';
import { batchFolderRefusal } from './folder-at-use';
import { writeReports } from './output';
import { BatchLocks, BatchStore, type StoredBatch, type StoredRow } from './store';

export interface BatchBookDeps {
  dataDir: string;
  events: EventSink;
  now: () => number;
  /** Delay before coalesced saves and events (ms). */
  settleMs: number;
  /** How many keys a submission may use (for the estimate). */
  keysFor?: (environmentId: string | undefined, spreadAcrossKeys: boolean) => number;
  /** Cached thumbnails, for the pictures of `batch-report.html`. */
  thumbnailOf?: (localId: string) => string | undefined;
  /** The browser shell's home folder, for judging the output folder at use. */
  homeDir?: string;
}

export class BatchBook {
  readonly batches = new Map<string, StoredBatch>();
  readonly store: BatchStore;
  readonly locks: BatchLocks;
  /** Batches another live process is driving: shown, never driven here. */
  readonly foreign = new Map<string, number>();
  private readonly pendingSave = new Map<string, NodeJS.Timeout>();
  private readonly pendingEmit = new Map<string, NodeJS.Timeout>();
  private readonly reports = new Set<Promise<void>>();
  /** Batches whose last reports are being written before they say "finished". */
  private readonly finishing = new Map<string, Promise<void>>();
  /** Each batch's report writes, one after another (a later write carries the later rows). */
  private readonly reportChain = new Map<string, Promise<void>>();
  private readonly listeners = new Set<(batch: Batch) => void>();
  private closing = false;

  constructor(private readonly deps: BatchBookDeps) {
    this.store = new BatchStore(deps.dataDir);
    this.locks = new BatchLocks(this.store.folder);
  }

  at(): string {
    return new Date(this.deps.now()).toISOString();
  }

  async load(): Promise<StoredBatch[]> {
    const { batches } = await this.store.loadAll();
    for (const b of batches) this.batches.set(b.id, b);
    return batches;
  }

  onChange(listener: (batch: Batch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- applying decisions ----------------------------------------------------------------------

  /** Applies what happened to a row; returns the change made (undefined: the row did not move). */
  moveRow(row: StoredRow, event: RowEvent): RowChange | undefined {
    const change = nextRow(row, event);
    if (change) applyChange(row, change);
    return change;
  }

  /** Applies what happened to the batch; a refusal changes nothing. Not saved: the caller commits. */
  moveBatch(batch: StoredBatch, event: BatchEvent): Refusal | undefined {
    const step = nextBatch(batch, event);
    if (isRefusal(step)) return step;
    if (step) applyChange(batch, step);
    return undefined;
  }

  /**
   * After rows moved: a batch with nothing left to send or finish ends, is
   * saved and reported, and its lock goes. Answers the ending under way (the
   * caller need not save or report again), or undefined when the batch goes on.
   *
   * A batch that finishes says so once its folder is whole: the reports are
   * written first (after any write still under way), then "finished" is saved
   * and told. Said first, a script or a person who took "finished" as the
   * moment to copy or clear the folder met report files still being written
   * (a CI run's clean-up of a finished batch's folder failed with ENOTEMPTY).
   * A cancel is said at once (the user is waiting on it) and reported after.
   */
  settle(batch: StoredBatch): Promise<void> | undefined {
    const under = this.finishing.get(batch.id);
    if (under) return under;
    const step = nextBatch(batch, { type: 'rows-moved', at: this.at() });
    if (!step || isRefusal(step)) return undefined;
    if (step.state !== 'finished') {
      applyChange(batch, step);
      return this.commit(batch, true)
        .then(() => this.writeReport(batch))
        .then(() => this.locks.release(batch.id));
    }
    const run = this.queueReport(batch)
      .then(async () => {
        const now = nextBatch(batch, { type: 'rows-moved', at: this.at() });
        if (now && !isRefusal(now)) applyChange(batch, now);
        await this.commit(batch, true);
        await this.locks.release(batch.id);
      })
      .finally(() => this.finishing.delete(batch.id));
    this.finishing.set(batch.id, run);
    return run;
  }

  /** A row that cannot go on: failed with the reason, the batch settled, saved and reported. */
  failRow(batch: StoredBatch, row: StoredRow, message: string): void {
    this.moveRow(row, { type: 'failed', message, at: this.at() });
    if (!this.settle(batch)) void this.commit(batch, true).then(() => this.writeReport(batch));
  }

  // ---- persistence and events ------------------------------------------------------------------

  /** Saves (now when `durable`, else soon) and tells listeners. */
  async commit(batch: StoredBatch, durable: boolean): Promise<void> {
    batch.updatedAt = this.at();
    batch.counts = countRows(batch);
    batch.estimateMs = estimateMs(batch.rows, batch.counts, this.deps.keysFor?.(batch.environmentId, batch.spreadAcrossKeys) ?? 1);
    this.scheduleEmit(batch);
    if (durable) {
      clearTimeout(this.pendingSave.get(batch.id));
      this.pendingSave.delete(batch.id);
      await this.store.save(batch);
      return;
    }
    if (this.pendingSave.has(batch.id)) return;
    const timer = setTimeout(() => {
      this.pendingSave.delete(batch.id);
      void this.store.save(batch);
    }, this.deps.settleMs);
    timer.unref?.();
    this.pendingSave.set(batch.id, timer);
  }

  private scheduleEmit(batch: StoredBatch): void {
    if (this.pendingEmit.has(batch.id) || this.closing) return;
    const timer = setTimeout(() => {
      this.pendingEmit.delete(batch.id);
      if (this.closing) return;
      const view = this.view(batch);
      this.deps.events.emit('batch:changed', view);
      for (const l of this.listeners) l(view);
    }, Math.min(this.deps.settleMs, 50));
    timer.unref?.();
    this.pendingEmit.set(batch.id, timer);
  }

  /**
   * Rewrites `batch-report.csv`/`.json` next to the assets, after any write
   * asked before. A batch finishing or finished has had its last one (see
   * settle): nothing writes its folder after it says "finished".
   */
  writeReport(batch: StoredBatch): Promise<void> {
    const finishing = this.finishing.get(batch.id);
    if (finishing || batch.state === 'finished') return finishing ?? Promise.resolve();
    return this.queueReport(batch);
  }

  private queueReport(batch: StoredBatch): Promise<void> {
    const run = (this.reportChain.get(batch.id) ?? Promise.resolve()).then(() => this.reportOnce(batch));
    this.reportChain.set(batch.id, run);
    void run.finally(() => {
      if (this.reportChain.get(batch.id) === run) this.reportChain.delete(batch.id);
    });
    return run;
  }

  private reportOnce(batch: StoredBatch): Promise<void> {
    const outDir = batch.assetDir ?? batch.outDir;
    if (!outDir || this.closing) return Promise.resolve();
    const run = batchFolderRefusal(batch, this.deps, outDir)
      .then(async (refusal) => {
        if (refusal) {
          batch.reportProblem = refusal;
          return;
        }
        batch.report = await writeReports(outDir, batch.rows, this.deps.thumbnailOf);
        delete batch.reportProblem;
      })
      .catch(() => {
        // The folder went away: the rows keep their state and the next finished row tries again.
      })
      .finally(() => this.reports.delete(run));
    this.reports.add(run);
    return run;
  }

  view(batch: StoredBatch): Batch {
    const { listDir: _d, version: _v, shell: _s, realOutDir: _r, rows, ...rest } = batch;
    return {
      ...rest,
      counts: countRows(batch),
      rows: rows.map(({ files: _f, ownKind: _o, ...row }) => ({ ...row, problems: [...row.problems] })),
    };
  }

  /** No more events or reports; what is pending is saved, written and unlocked before it resolves. */
  async close(untilQuiet: () => Promise<void>): Promise<void> {
    this.closing = true;
    for (const t of this.pendingEmit.values()) clearTimeout(t);
    // Followers finish what they started (an export is recorded) before the last saves.
    await untilQuiet();
    for (const [id, t] of this.pendingSave) {
      clearTimeout(t);
      const b = this.batches.get(id);
      if (b) void this.store.save(b);
    }
    this.pendingSave.clear();
    await Promise.allSettled([...this.reports]);
    await this.store.flush();
    await this.locks.releaseAll();
  }
}
