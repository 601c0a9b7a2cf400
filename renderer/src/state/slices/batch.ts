/**
 * Batch slice: a cache of the host's batches fed by `batch:changed`, the one
 * the batch view shows, and the actions that go through the contract. The
 * truth (rows, states, counts) lives in main.
 */
import type { Batch, BatchImportArgs, BatchSetKindArgs, BatchStartArgs, BatchSummary, BatchUpdateRowArgs, Result } from '../../../../shared/ipc';
import { bridge } from '../../bridge';
import type { SliceCreator } from '../slice';

export interface BatchSlice {
  batchOpen: boolean;
  /** Every batch the host knows, by id (summaries until one is opened). */
  batches: Record<string, Batch | BatchSummary>;
  currentBatchId?: string;
  /** The last refusal from the host, in words. */
  batchError?: string;
  batchBusy: boolean;
  openBatchView(): void;
  closeBatchView(): void;
  /** Loads the list once and subscribes to changes; returns the unsubscribe. */
  connectBatches(): () => void;
  showBatch(batchId: string | undefined): Promise<void>;
  importBatchList(args: BatchImportArgs): Promise<boolean>;
  updateBatchRow(args: BatchUpdateRowArgs): Promise<boolean>;
  startBatch(args: BatchStartArgs): Promise<boolean>;
  /** "Kind for every row", until the batch starts. */
  setBatchKind(args: BatchSetKindArgs): Promise<boolean>;
  /**
   * "Close this batch": a batch not started yet is forgotten (nothing was sent), so opening Batch again offers a
   * new list; a finished or cancelled one stays in the host's list. Either way the view goes back to opening a list.
   */
  closeBatch(batchId: string): Promise<boolean>;
  pauseBatch(batchId: string): Promise<boolean>;
  resumeBatch(batchId: string): Promise<boolean>;
  cancelBatch(batchId: string): Promise<boolean>;
  applyBatch(batch: Batch): void;
}

export const createBatchSlice: SliceCreator<BatchSlice> = (set, get) => {
  /** Runs one host call; a refusal becomes `batchError`, a success replaces the batch in the cache. */
  const call = async (fn: () => Promise<Result<Batch>>): Promise<boolean> => {
    set({ batchBusy: true, batchError: undefined });
    try {
      const res = await fn();
      if (!res.ok) {
        set({ batchError: res.problem.message });
        return false;
      }
      get().applyBatch(res.value);
      set({ currentBatchId: res.value.id });
      return true;
    } catch (err) {
      set({ batchError: err instanceof Error ? err.message : String(err) });
      return false;
    } finally {
      set({ batchBusy: false });
    }
  };
  const api = () => bridge().api.batch;

  return {
    batchOpen: false,
    batches: {},
    currentBatchId: undefined,
    batchError: undefined,
    batchBusy: false,
    openBatchView: () => set({ batchOpen: true }),
    closeBatchView: () => set({ batchOpen: false }),
    connectBatches: () => {
      const off = api().onChanged((batch) => get().applyBatch(batch));
      void api()
        .list({})
        .then((res) => {
          if (!res.ok) return;
          const batches = { ...get().batches };
          for (const b of res.value) if (!batches[b.id]) batches[b.id] = b;
          set({ batches });
          // Show a batch still in progress (after a restart, it continues where it was).
          const active = res.value.find((b) => b.state === 'running' || b.state === 'paused' || b.state === 'cancelling');
          if (active && !get().currentBatchId) void get().showBatch(active.id);
        });
      return off;
    },
    showBatch: async (batchId) => {
      if (!batchId) {
        set({ currentBatchId: undefined, batchError: undefined });
        return;
      }
      await call(() => api().get({ batchId }));
    },
    importBatchList: (args) => call(() => api().import(args)),
    updateBatchRow: (args) => call(() => api().updateRow(args)),
    startBatch: (args) => call(() => api().start(args)),
    setBatchKind: (args) => call(() => api().setKind(args)),
    closeBatch: async (batchId) => {
      const batch = get().batches[batchId];
      if (batch?.state === 'draft') {
        set({ batchBusy: true, batchError: undefined });
        try {
          const res = await api().discard({ batchId });
          if (!res.ok) {
            set({ batchError: res.problem.message });
            return false;
          }
        } catch (err) {
          set({ batchError: err instanceof Error ? err.message : String(err) });
          return false;
        } finally {
          set({ batchBusy: false });
        }
        const { [batchId]: _gone, ...rest } = get().batches;
        set({ batches: rest });
      }
      if (get().currentBatchId === batchId) set({ currentBatchId: undefined, batchError: undefined });
      return true;
    },
    pauseBatch: (batchId) => call(() => api().pause({ batchId })),
    resumeBatch: (batchId) => call(() => api().resume({ batchId })),
    cancelBatch: (batchId) => call(() => api().cancel({ batchId })),
    applyBatch: (batch) => {
      const prev = get().batches[batch.id];
      // Events can arrive out of order with call results: keep the newer one.
      if (prev && 'rows' in prev && prev.updatedAt > batch.updatedAt) return;
      set({ batches: { ...get().batches, [batch.id]: batch } });
    },
  };
};
