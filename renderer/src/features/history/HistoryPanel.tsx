/**
 * The job history: every submission, newest first, fed by the host's pushes
 * (never polled). Virtualised, so 10,000 records cost what a screenful does.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { GENERATION_KINDS, type GenerationKind } from '../../../../shared/api';
import { HISTORY_STATUS_FILTERS, inListingOrder, type HistoryStatusFilter } from '../../state/slices/jobs';
import { useStore } from '../../state/store';
import { HistoryItem } from './HistoryItem';
import { durationEstimates, filterHistory, kindLabel, orderHistory, statusGroup } from './history-model';
import { TrackJobForm } from './TrackJobForm';
import './history.css';

const STATUS_LABELS: Record<HistoryStatusFilter, string> = {
  all: 'All statuses',
  active: 'In progress',
  queued: 'Queued',
  uncertain: 'Uncertain',
  finished: 'Finished',
  failed: 'Failed',
  unavailable: 'Asset unavailable',
};

/** Tall enough for the title, the metadata line and one or two lines of one-click actions (Retry, Make a 3D model, ...). */
export const HISTORY_ROW_HEIGHT = 108;
const NO_ESTIMATES: ReturnType<typeof durationEstimates> = {};

export function HistoryPanel() {
  const connectJobs = useStore((s) => s.connectJobs);
  const jobsById = useStore((s) => s.jobsById);
  const loaded = useStore((s) => s.jobsLoaded);
  const loadError = useStore((s) => s.jobsLoadError);
  const filter = useStore((s) => s.historyFilter);
  const setFilter = useStore((s) => s.setHistoryFilter);
  const lastRemoved = useStore((s) => s.lastRemoved);
  const undoRemove = useStore((s) => s.undoRemove);
  const openedLocalId = useStore((s) => s.viewportTarget?.localId);
  const [tracking, setTracking] = useState(false);
  const [query, setQuery] = useState(filter.query);

  useEffect(() => {
    try {
      return connectJobs();
    } catch {
      // No host bridge (isolated component tests): nothing to connect to.
      return undefined;
    }
  }, [connectJobs]);

  // Typing stays responsive: the list follows the query at lower priority.
  const deferredQuery = useDeferredValue(query);
  useEffect(() => setFilter({ query: deferredQuery }), [deferredQuery, setFilter]);

  // Sorted when the records change; a filter or keystroke only filters the sorted list.
  const ordered = useMemo(() => orderHistory(jobsById, inListingOrder(jobsById)), [jobsById]);
  const rows = useMemo(() => filterHistory(ordered, filter), [ordered, filter]);
  // Estimates are shown on running jobs only: with none running, no date of 10,000 records is parsed.
  const estimates = useMemo(() => (ordered.some((j) => statusGroup(j) === 'active') ? durationEstimates(ordered) : NO_ESTIMATES), [ordered]);
  const total = ordered.length;

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => HISTORY_ROW_HEIGHT,
    overscan: 6,
    getItemKey: (i) => rows[i]?.localId ?? i,
    initialRect: { width: 360, height: 800 },
  });

  return (
    <section className="history" aria-label="Job history" aria-busy={!loaded} data-count={rows.length}>
      <header className="history-header">
        <h2>History</h2>
        <button type="button" onClick={() => setTracking(!tracking)} aria-expanded={tracking}>
          Track a job by id
        </button>
      </header>
      {tracking ? <TrackJobForm onDone={() => setTracking(false)} /> : null}
      <div className="history-filters">
        <input
          type="search"
          aria-label="Search history"
          placeholder="Search by prompt or job id"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <select aria-label="Filter by status" value={filter.status} onChange={(e) => setFilter({ status: e.target.value as HistoryStatusFilter })}>
          {HISTORY_STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <select aria-label="Filter by kind" value={filter.kind} onChange={(e) => setFilter({ kind: e.target.value as GenerationKind | 'all' })}>
          <option value="all">All kinds</option>
          {GENERATION_KINDS.map((k) => (
            <option key={k} value={k}>
              {kindLabel(k)}
            </option>
          ))}
        </select>
      </div>
      {lastRemoved ? (
        <div className="history-undo" role="status">
          Removed {lastRemoved.length === 1 ? 'one job' : `${lastRemoved.length} jobs`} from the history.
          <button type="button" onClick={() => void undoRemove()}>
            Undo
          </button>
        </div>
      ) : null}
      {loadError ? (
        <p className="history-error" role="alert">
          The history could not be loaded: {loadError}
        </p>
      ) : null}
      <div className="history-scroll" ref={scroller}>
        {!loaded ? <p className="history-empty">Loading the history…</p> : null}
        {loaded && rows.length === 0 ? (
          <p className="history-empty">{total === 0 ? 'No jobs yet. Generated assets appear here.' : 'No job matches these filters.'}</p>
        ) : null}
        <div className="history-list" role="list" aria-label="Jobs" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const job = rows[item.index];
            if (!job) return null;
            return (
              <div
                key={item.key}
                role="listitem"
                className="history-row"
                style={{ transform: `translateY(${item.start}px)`, height: HISTORY_ROW_HEIGHT }}
              >
                <HistoryItem job={job} estimateMs={estimates[job.kind]} selected={job.localId === openedLocalId} />
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
