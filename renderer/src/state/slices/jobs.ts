/**
 * Jobs slice: the renderer's cache of the ledger. Filled once from
 * `jobs:list`, then kept current by the host's coalesced `jobs:changed`
 * pushes; the renderer never polls. Also holds the history's filter and the
 * last removal (for undo).
 */
import type { JobRecord, JobSummary } from '../../../../shared/domain/job';
import { bridge } from '../../bridge';
import type { HistoryFilter } from '../../domain/history/history-model';
import type { SliceCreator } from '../slice';


export interface JobsSlice {
  /** Records by local id (hidden ones are dropped from the cache): summaries from the listing, whole records from pushes. */
  jobsById: Record<string, JobSummary>;
  /** Bumped on every change, so memoised selectors know when to recompute. */
  jobsVersion: number;
  jobsLoaded: boolean;
  jobsLoadError?: string;
  /** Jobs the host left out of the listing (older than its window; the library finds them), as of the last listing. */
  jobsBeyondWindow: number;
  historyFilter: HistoryFilter;
  /** Local ids of the last removal, while its undo is offered. */
  lastRemoved: string[] | null;
  /**
   * Loads the history and subscribes to pushes; returns a release. Callers
   * share one connection (the app opens it before its first render, the
   * history panel when it mounts): it closes when the last one releases it.
   */
  connectJobs(): () => void;
  applyJobsSnapshot(jobs: readonly JobSummary[], total?: number): void;
  applyJobsChanged(jobs: readonly JobRecord[]): void;
  /**
   * The listing again, after pushes may have been missed (`jobs:listed`): it
   * replaces the cache, except that a whole record the summary shows no
   * change to is kept (an opened job keeps its stats).
   */
  applyJobsListed(jobs: readonly JobSummary[]): void;
  /**
   * Replaces a job's summary (what `jobs:list` sends) with its full record
   * from `jobs:get`: the viewport needs the model's stats. A record already
   * newer in the cache (a push overtook the answer) is kept.
   */
  loadJobDetails(localId: string): Promise<void>;
  setHistoryFilter(patch: Partial<HistoryFilter>): void;
  /** Hides records from the history (local only); undo with `undoRemove`. */
  removeJobs(localIds: string[]): Promise<boolean>;
  undoRemove(): Promise<boolean>;
}

function mergeRecords(current: Record<string, JobSummary>, records: readonly JobSummary[]): Record<string, JobSummary> {
  const next = { ...current };
  for (const record of records) {
    if (record.hidden) delete next[record.localId];
    else next[record.localId] = record;
  }
  return next;
}

/**
 * Caches made from a host listing, whose keys are in the listing's order
 * (newest first: see `newestFirst`). Local ids are never array-index-like
 * keys, so an object keeps them in insertion order and the history can take
 * `Object.values` as it is. Any later change makes a new object, which is
 * not in this set and gets its order checked.
 */
const listingOrdered = new WeakSet<Readonly<Record<string, JobSummary>>>();

function fromListing(listing: readonly JobSummary[]): Record<string, JobSummary> {
  const byId = mergeRecords({}, listing);
  listingOrdered.add(byId);
  return byId;
}

/** Whether this cache is in the host listing's order as it stands (see orderHistory). */
export function inListingOrder(jobsById: Readonly<Record<string, JobSummary>>): boolean {
  return listingOrdered.has(jobsById);
}

/**
 * Records known to be whole (pushed by the host, or fetched with `jobs:get`),
 * as opposed to the listing's summaries: opening such a job again asks the
 * host for nothing and leaves the cache (and the history's sort) untouched.
 */
const wholeRecords = new WeakSet<JobSummary>();

/** Whether a whole record is at least as current as a later summary of the same job (see applyJobsListed). */
function stillCurrent(whole: JobSummary, summary: JobSummary): boolean {
  // A job in progress is listed with its last-change time: the record stands if it is as new or newer (a push).
  if (summary.updatedAt !== undefined && whole.updatedAt !== undefined) return whole.updatedAt >= summary.updatedAt;
  // A finished job's summary has none: the record stands if it says all the summary says.
  return (
    summary.state === whole.state &&
    summary.title === whole.title &&
    summary.jobId === whole.jobId &&
    !!summary.hidden === !!whole.hidden &&
    summary.asset?.state === whole.asset?.state &&
    summary.asset?.hasThumbnail === whole.asset?.hasThumbnail &&
    summary.asset?.bytes === whole.asset?.bytes
  );
}

/** The page's one connection to the host's jobs (list, then pushes), shared by its callers. */
let connection: { users: number; close(): void } | null = null;

export const createJobsSlice: SliceCreator<JobsSlice> = (set, get) => {
  /** Subscribes to pushes, then lists; returns the unsubscribe. */
  const openJobsConnection = (): (() => void) => {
    const api = bridge().api.jobs;
    // Subscribe first so a change between the list call and its answer is not lost.
    const buffered: JobRecord[][] = [];
    let listed = false;
    const offChanged = api.onChanged((records) => {
      if (listed) get().applyJobsChanged(records);
      else buffered.push(records);
    });
    const offListed = api.onListed((summaries) => {
      if (listed) get().applyJobsListed(summaries);
    });
    const off = () => {
      offChanged();
      offListed();
    };
    void api.list({}).then((result) => {
      if (result.ok) {
        get().applyJobsSnapshot(result.value.jobs, result.value.total);
      } else {
        set({ jobsLoadError: result.problem.message, jobsLoaded: true });
      }
      listed = true;
      for (const records of buffered.splice(0)) get().applyJobsChanged(records);
    });
    return off;
  };

  return {
    jobsById: {},
    jobsVersion: 0,
    jobsLoaded: false,
    jobsLoadError: undefined,
    jobsBeyondWindow: 0,
    historyFilter: { status: 'all', kind: 'all', query: '' },
    lastRemoved: null,

    connectJobs: () => {
      if (connection) connection.users++;
      else connection = { users: 1, close: openJobsConnection() };
      let released = false;
      return () => {
        if (released || !connection) return;
        released = true;
        if (--connection.users > 0) return;
        connection.close();
        connection = null;
      };
    },

    applyJobsSnapshot: (jobs, total = jobs.length) =>
      set((s) => ({ jobsById: fromListing(jobs), jobsVersion: s.jobsVersion + 1, jobsLoaded: true, jobsLoadError: undefined, jobsBeyondWindow: Math.max(0, total - jobs.length) })),

    applyJobsChanged: (jobs) => {
      if (jobs.length === 0) return;
      for (const job of jobs) wholeRecords.add(job);
      set((s) => ({ jobsById: mergeRecords(s.jobsById, jobs), jobsVersion: s.jobsVersion + 1 }));
    },

    applyJobsListed: (jobs) =>
      set((s) => {
        const kept = jobs.map((summary) => {
          const cached = s.jobsById[summary.localId];
          return cached && wholeRecords.has(cached) && stillCurrent(cached, summary) ? cached : summary;
        });
        return { jobsById: fromListing(kept), jobsVersion: s.jobsVersion + 1 };
      }),

    loadJobDetails: async (localId) => {
      const known = get().jobsById[localId];
      if (known && wholeRecords.has(known)) return;
      const result = await bridge().api.jobs.get({ localId });
      if (!result.ok) return;
      const full = result.value;
      wholeRecords.add(full);
      set((s) => {
        const cached = s.jobsById[localId];
        // A summary of a finished job has no updatedAt: the whole record is then never older.
        if (!cached || (cached.updatedAt !== undefined && cached.updatedAt > full.updatedAt)) return {};
        return { jobsById: mergeRecords(s.jobsById, [full]), jobsVersion: s.jobsVersion + 1 };
      });
    },

    setHistoryFilter: (patch) => set((s) => ({ historyFilter: { ...s.historyFilter, ...patch } })),

    removeJobs: async (localIds) => {
      if (localIds.length === 0) return false;
      const result = await bridge().api.jobs.remove({ localIds });
      if (!result.ok) return false;
      // The host's push will say so too; hiding now keeps the list responsive.
      set((s) => {
        const jobsById = { ...s.jobsById };
        for (const id of localIds) delete jobsById[id];
        return { jobsById, jobsVersion: s.jobsVersion + 1, lastRemoved: [...localIds] };
      });
      return true;
    },

    undoRemove: async () => {
      const ids = get().lastRemoved;
      if (!ids || ids.length === 0) return false;
      const result = await bridge().api.jobs.restore({ localIds: ids });
      if (!result.ok) return false;
      set({ lastRemoved: null });
      // Restored records come back through `jobs:changed`; fetch them now in case the host coalesces late.
      // Only they are taken from the listing: the rest of the cache may hold full records (an opened job's).
      // They are summaries, so they are merged as such: opening one later still fetches its whole record.
      const listed = await bridge().api.jobs.list({});
      if (listed.ok) {
        const restored = listed.value.jobs.filter((job) => ids.includes(job.localId) && !get().jobsById[job.localId]);
        if (restored.length > 0) set((s) => ({ jobsById: mergeRecords(s.jobsById, restored), jobsVersion: s.jobsVersion + 1 }));
      }
      return true;
    },
  };
};
