/**
 * The job history: every submission, newest first, fed by the host's pushes
 * (never polled). Virtualised, so 10,000 records cost what a screenful does.
 */
import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { GENERATION_KINDS, type GenerationKind } from '../../../../shared/api';
import { inListingOrder } from '../../state/slices/jobs';
import { HISTORY_STATUS_FILTERS, type HistoryStatusFilter } from '../../domain/history/history-model';
import { useStore } from '../../state/store';
import { HistoryItem } from './HistoryItem';
import { durationEstimates, filterHistory, kindLabel, orderHistory, statusGroup } from '../../domain/history/history-model';
import { TrackJobForm } from './TrackJobForm';
import { entryKey, groupSets } from '../../domain/compare/history-sets';
import { CompareSelectionBar, SetRow } from './SetRow';
import './history.css';
import './sets.css';

const STATUS_LABELS: Record<HistoryStatusFilter, string> = {
  all: 'All statuses',
  active: 'In progress',
  queued: 'Queued',
  uncertain: 'Uncertain',
  finished: 'Finished',
  failed: 'Failed',
  unavailable: 'Asset unavailable',
};

/**
 * A first guess at a row's height (title, two metadata lines, a line or two of
 * one-click actions). Each row is then measured as laid out: its actions wrap
 * onto as many lines as the panel's width and the font need, and the row
 * grows to hold them instead of clipping them.
 */
export const HISTORY_ROW_HEIGHT = 124;
const NO_ESTIMATES: ReturnType<typeof durationEstimates> = {};

export function HistoryPanel() {
  const connectJobs = useStore((s) => s.connectJobs);
  const jobsById = useStore((s) => s.jobsById);
  const loaded = useStore((s) => s.jobsLoaded);
  const loadError = useStore((s) => s.jobsLoadError);
  const beyondWindow = useStore((s) => s.jobsBeyondWindow);
  const setSidePanel = useStore((s) => s.setSidePanel);
  const filter = useStore((s) => s.historyFilter);
  const setFilter = useStore((s) => s.setHistoryFilter);
  const lastRemoved = useStore((s) => s.lastRemoved);
  const undoRemove = useStore((s) => s.undoRemove);
  const openedLocalId = useStore((s) => s.viewportTarget?.localId);
  const keptTakes = useStore((s) => s.keptTakes);
  const loadKeptTakes = useStore((s) => s.loadKeptTakes);
  const [expandedSets, setExpandedSets] = useState<ReadonlySet<string>>(() => new Set());
  const [tracking, setTracking] = useState(false);
  useEffect(() => void loadKeptTakes(), [loadKeptTakes]);
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
  // A set of takes is one row, its takes under it when expanded.
  const entries = useMemo(() => groupSets(rows, keptTakes, expandedSets), [rows, keptTakes, expandedSets]);
  const toggleSet = (setId: string) =>
    setExpandedSets((prev) => {
      const next = new Set(prev);
      if (!next.delete(setId)) next.add(setId);
      return next;
    });
  // Estimates are shown on running jobs only: with none running, no date of 10,000 records is parsed.
  const estimates = useMemo(() => (ordered.some((j) => statusGroup(j) === 'active') ? durationEstimates(ordered) : NO_ESTIMATES), [ordered]);
  const total = ordered.length;

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => HISTORY_ROW_HEIGHT,
    overscan: 6,
    getItemKey: (i) => (entries[i] ? entryKey(entries[i]) : i),
    initialRect: { width: 360, height: 800 },
    // A row not laid out (the closed drawer is hidden; a DOM without layout) measures 0: keep the guess, or every row of a long history would seem to fit and be rendered.
    measureElement: (el, entry, instance) => measureElement(el, entry, instance) || HISTORY_ROW_HEIGHT,
  });

  const virtualItems = virtualizer.getVirtualItems();

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
      <CompareSelectionBar />
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
        {/* The rows on screen lie in normal flow, moved down as one block to the first one's place: each row is
            as tall as its content and pushes the next one down itself, so a row that grows (the bundled font
            arriving re-wraps its actions, a job finishing adds them) never runs into the next one, whenever the
            list gets to re-render. Measuring them only sets the scroll range and which rows are drawn. */}
        <div className="history-list" role="list" aria-label="Jobs" style={{ height: virtualizer.getTotalSize() }}>
          <div className="history-rows" style={{ transform: `translateY(${virtualItems[0]?.start ?? 0}px)` }}>
            {virtualItems.map((item) => {
              const entry = entries[item.index];
              if (!entry) return null;
              return (
                <div
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  role="listitem"
                  className={`history-row${entry.type === 'take' ? ' history-take' : ''}`}
                >
                  {entry.type === 'set' ? (
                    <SetRow setId={entry.setId} takes={entry.takes} keptLocalId={entry.keptLocalId} expanded={entry.expanded} onToggle={() => toggleSet(entry.setId)} />
                  ) : (
                    <HistoryItem job={entry.job} estimateMs={estimates[entry.job.kind]} selected={entry.job.localId === openedLocalId} />
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      {loaded && beyondWindow > 0 ? (
        <p className="history-window" data-beyond={beyondWindow}>
          Showing the newest {total.toLocaleString('en')} jobs; {beyondWindow.toLocaleString('en')} older {beyondWindow === 1 ? 'one is' : 'ones are'} in the library.
          <button type="button" onClick={() => setSidePanel('library')}>
            Search the library
          </button>
        </p>
      ) : null}
    </section>
  );
}
