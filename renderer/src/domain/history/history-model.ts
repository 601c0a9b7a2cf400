/**
 * Pure history logic: which group a record's state falls in, filtering and
 * ordering, progress from `fragments`, and the duration estimate learnt from
 * this user's finished jobs of the same kind.
 */
import { ENDPOINTS, shownOfKind, type GenerationKind } from '../../../../shared/api';
import { newestFirst, upstreamDurationMs, upstreamStartMs, type JobSummary } from '../../../../shared/domain/job';

/** Status groups the history filters by (several ledger states map to one group). */
export const HISTORY_STATUS_FILTERS = ['all', 'active', 'queued', 'uncertain', 'finished', 'failed', 'unavailable'] as const;
export type HistoryStatusFilter = (typeof HISTORY_STATUS_FILTERS)[number];

export interface HistoryFilter {
  status: HistoryStatusFilter;
  kind: GenerationKind | 'all';
  query: string;
}

export type StatusGroup = Exclude<HistoryStatusFilter, 'all'> | 'dismissed' | 'rejected';

export function statusGroup(job: JobSummary): StatusGroup {
  switch (job.state) {
    case 'queued':
      return 'queued';
    case 'submitting':
    case 'pending':
    case 'running':
      return 'active';
    case 'uncertain':
      return 'uncertain';
    case 'error':
      return 'failed';
    case 'rejected':
      return 'rejected';
    case 'dismissed':
      return 'dismissed';
    case 'success':
      return job.asset?.state === 'unavailable' ? 'unavailable' : 'finished';
  }
}

function matchesStatus(group: StatusGroup, filter: HistoryStatusFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'failed') return group === 'failed' || group === 'rejected';
  if (filter === 'finished') return group === 'finished';
  return group === filter;
}

/**
 * The lower-cased text a search looks in, made once per record object: records
 * are replaced, never changed in place, so a keystroke over 10,000 of them
 * lower-cases nothing.
 */
const searchTexts = new WeakMap<JobSummary, string>();
function searchText(job: JobSummary): string {
  let text = searchTexts.get(job);
  if (text === undefined) {
    text = [job.prompt ?? '', job.title, job.jobId ?? '', job.localId].join('\u0000').toLowerCase();
    searchTexts.set(job, text);
  }
  return text;
}

function matchesQuery(job: JobSummary, query: string): boolean {
  return !query || searchText(job).includes(query);
}

/**
 * Every visible record, newest first. Kept apart from filtering so the sort
 * runs when the records change, not on every keystroke. A cache made from
 * the host's listing is in that order already (`inListingOrder`), so a window
 * opening on its history orders nothing: checking 10,000 pairs was 13 ms of
 * the start-up in software-rendered Chromium. After pushes the order is
 * checked in one pass, and sorted only if a record is out of place.
 */
export function orderHistory(jobsById: Readonly<Record<string, JobSummary>>, inListingOrder = false): JobSummary[] {
  const all = Object.values(jobsById);
  // A listing holds no hidden jobs (the host leaves them out, and the cache drops them).
  if (inListingOrder) return all;
  const visible = all.filter((job) => !job.hidden);
  for (let i = 1; i < visible.length; i++) {
    if (newestFirst(visible[i - 1]!, visible[i]!) > 0) return visible.sort(newestFirst);
  }
  return visible;
}

/** The records of an ordered list that match a filter, in the same order (the list itself when nothing filters). */
export function filterHistory(ordered: readonly JobSummary[], filter: HistoryFilter): readonly JobSummary[] {
  const query = filter.query.trim().toLowerCase();
  if (filter.status === 'all' && filter.kind === 'all' && !query) return ordered;
  return ordered.filter(
    (job) => (filter.kind === 'all' || job.kind === filter.kind) && matchesStatus(statusGroup(job), filter.status) && matchesQuery(job, query),
  );
}

/** The records the history shows for a filter, newest first. */
export function selectHistory(jobsById: Readonly<Record<string, JobSummary>>, filter: HistoryFilter): JobSummary[] {
  return [...filterHistory(orderHistory(jobsById), filter)];
}

/** Median upstream duration (accepted → finished) of successful jobs, per kind. */
export function durationEstimates(jobs: Iterable<JobSummary>): Partial<Record<GenerationKind, number>> {
  const byKind = new Map<GenerationKind, number[]>();
  for (const job of jobs) {
    if (job.state !== 'success') continue;
    const duration = upstreamDurationMs(job);
    if (duration === undefined) continue;
    const list = byKind.get(job.kind) ?? [];
    list.push(duration);
    byKind.set(job.kind, list);
  }
  const out: Partial<Record<GenerationKind, number>> = {};
  for (const [kind, list] of byKind) {
    list.sort((a, b) => a - b);
    const mid = Math.floor(list.length / 2);
    out[kind] = list.length % 2 ? (list[mid] ?? 0) : ((list[mid - 1] ?? 0) + (list[mid] ?? 0)) / 2;
  }
  return out;
}

export interface JobProgress {
  /** The current stage's name as the service words it. */
  stage?: string;
  stagesDone: number;
  stagesKnown: number;
  elapsedMs: number;
  /** Time left by this user's past jobs of the kind; absent without history. */
  remainingMs?: number;
}

/**
 * Progress of an active job. The service lists the stages reached so far in
 * `fragments`; the last one is the stage in progress, the others are done.
 */
export function progressOf(job: JobSummary, nowMs: number, estimateMs?: number): JobProgress {
  const fragments = job.fragments ?? [];
  const current = fragments.at(-1);
  const start = upstreamStartMs(job) ?? nowMs;
  const elapsedMs = Math.max(0, nowMs - start);
  const finished = job.state === 'success';
  return {
    stage: current ? current.displayName || current.name : undefined,
    stagesDone: finished ? fragments.length : Math.max(0, fragments.length - 1),
    stagesKnown: fragments.length,
    elapsedMs,
    // Past its estimate there is no basis for a time left: none is shown (never "about 0s left").
    remainingMs: estimateMs === undefined || finished || elapsedMs >= estimateMs ? undefined : estimateMs - elapsedMs,
  };
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

export function kindLabel(kind: GenerationKind): string {
  return ENDPOINTS[kind]?.label ?? kind;
}

/** What the job's asset is (an image upload keeps its image). */
export function producesOf(kind: GenerationKind): string {
  return kind in ENDPOINTS ? shownOfKind(kind) : 'none';
}

/** Words for the state, as the item's badge shows it. */
export function statusLabel(job: JobSummary): string {
  switch (statusGroup(job)) {
    case 'queued':
      return job.queue?.reason === 'cap' ? 'Queued (local limit)' : job.queue?.reason === 'paused' ? 'Queued (paused)' : 'Queued';
    case 'active':
      return job.state === 'submitting' ? 'Sending' : job.state === 'pending' ? 'Pending' : 'Running';
    case 'uncertain':
      return 'Uncertain';
    case 'failed':
      return 'Failed';
    case 'rejected':
      return 'Rejected';
    case 'dismissed':
      return 'Dismissed';
    case 'unavailable':
      return 'Asset unavailable';
    case 'finished':
      // A failed attempt being retried is its own state (the row's note says why and when): the next try is attempt N.
      if (job.asset?.state === 'retrying') return `Download retrying (attempt ${(job.asset.attempts ?? 0) + 1})`;
      return job.asset?.state === 'downloading' ? 'Downloading' : 'Finished';
  }
}
