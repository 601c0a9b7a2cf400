/**
 * The compare view around the canvas: one label per take with **Keep**, the
 * view mode for all takes, side by side or a wipe between two, the images'
 * shared zoom and pan, and the stats table under the views (one column per
 * take, the best figure of each row marked). The container exposes
 * `data-state` (loading, ready, error) and `data-job-ids`.
 */
import { RadioGroup } from 'radix-ui';
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { JobSummary } from '../../../../shared/domain/job';
import type { ReadinessReport } from '../../../../shared/ipc';
import { bridge } from '../../bridge';
import type { CompareSession } from '../../state/slices/compare';
import { useStore } from '../../state/store';
import type { CompareSceneState, CompareTake } from '../../viewport/compare/CompareScene';
import { viewRects } from '../../viewport/compare/layout';
import { compareTakes } from '../../viewport/compare/takes';
import { fetchAsset } from '../../viewport/loaders';
import { StatFigure, ViewModeChoice } from '../../viewport/overlays';
import type { CompareOverlayProps } from '../../viewport/slots';
import { EXTRA_MODEL_ROWS, imageRows, modelRows, type StatRow, type TakeFacts } from '../../domain/compare/compare-logic';
import { useTakeReadiness } from './use-take-readiness';
import './compare.css';

function takeLabel(session: CompareSession, i: number): string {
  if (session.mode === 'wipe' && session.localIds.length === 2 && !session.setId) return i === 0 ? 'Before' : 'After';
  return `Take ${i + 1}`;
}

/** Images side by side (or wiped), one zoom and pan for all. */
function ImageCompare({ takes, mode, wipe, onState }: { takes: CompareTake[]; mode: CompareSession['mode']; wipe: number; onState(s: CompareSceneState, e?: string): void }) {
  const [srcs, setSrcs] = useState<(string | null)[]>(() => takes.map(() => null));
  const [view, setView] = useState({ scale: 1, x: 0, y: 0 });
  const loadedCount = useRef(0);
  const drag = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    const urls: string[] = [];
    loadedCount.current = 0;
    onState('loading');
    let headers: Record<string, string> = {};
    try {
      headers = bridge().assetRequestHeaders();
    } catch {
      /* no host in isolated tests */
    }
    Promise.all(takes.map((t) => fetchAsset(t.url, headers, abort.signal)))
      .then((all) => {
        if (abort.signal.aborted) return;
        setSrcs(all.map((bytes) => {
          const u = URL.createObjectURL(new Blob([bytes]));
          urls.push(u);
          return u;
        }));
      })
      .catch((e: unknown) => !abort.signal.aborted && onState('error', e instanceof Error ? e.message : String(e)));
    return () => {
      abort.abort();
      for (const u of urls) URL.revokeObjectURL(u);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [takes]);
  const onLoad = () => {
    loadedCount.current++;
    if (loadedCount.current === takes.length) onState('ready');
  };
  const handlers = {
    onWheel: (e: React.WheelEvent) => setView((v) => ({ ...v, scale: Math.min(32, Math.max(0.05, v.scale * Math.exp(-e.deltaY * 0.0015))) })),
    onPointerDown: (e: ReactPointerEvent) => {
      drag.current = { x: e.clientX, y: e.clientY };
      (e.target as Element).setPointerCapture?.(e.pointerId);
    },
    onPointerMove: (e: ReactPointerEvent) => {
      if (!drag.current) return;
      const dx = e.clientX - drag.current.x;
      const dy = e.clientY - drag.current.y;
      drag.current = { x: e.clientX, y: e.clientY };
      setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
    },
    onPointerUp: () => (drag.current = null),
  };
  const style = { transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` };
  // For tests: the one zoom and pan every image shows.
  const shared = { 'data-zoom': view.scale.toFixed(4), 'data-pan': `${Math.round(view.x)} ${Math.round(view.y)}` };
  if (mode === 'wipe') {
    return (
      <div className="compare-images compare-images-wipe" {...shared} {...handlers}>
        {srcs.map((src, i) =>
          src ? (
            <img key={i} src={src} alt={takes[i]!.name} draggable={false} onLoad={onLoad} style={{ ...style, ...(i === 1 ? { clipPath: `inset(0 0 0 ${wipe * 100}%)` } : {}) }} />
          ) : null,
        )}
      </div>
    );
  }
  return (
    <div className="compare-images" {...shared} style={{ gridTemplateColumns: `repeat(${takes.length === 4 ? 2 : takes.length}, 1fr)` }}>
      {srcs.map((src, i) => (
        <div key={i} className="compare-image-frame" {...handlers}>
          {src ? <img src={src} alt={takes[i]!.name} draggable={false} onLoad={onLoad} style={style} /> : null}
        </div>
      ))}
    </div>
  );
}

function StatsTable({ rows, labels }: { rows: StatRow[]; labels: string[] }) {
  // Four takes are wider than the viewport at 1024 and 1440 px: the table scrolls sideways in its own
  // box, which takes focus so arrow keys scroll it too.
  return (
    <div className="compare-stats-scroll" role="region" aria-label="Compared stats, scrolls sideways" tabIndex={0}>
      <table className="compare-stats" aria-label="Compared stats">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Stat</span>
            </th>
            {labels.map((l) => (
              <th key={l} scope="col">
                {l}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-stat={row.id}>
              <th scope="row">{row.label}</th>
              {row.cells.map((cell, i) => {
                const best = row.best.includes(i);
                return (
                  <td key={i} className={best ? 'compare-best' : undefined} data-best={best ? 'true' : undefined}>
                    {cell === null ? '…' : <StatFigure text={cell} />}
                    {best ? <span className="compare-best-mark"> ★<span className="visually-hidden"> best</span></span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The table's rows: the model rows and what other checks add (the readiness check), or the image rows. */
function tableRows(content: CompareSession['content'], jobs: (JobSummary | undefined)[], readiness: (ReadinessReport | undefined)[]): StatRow[] {
  if (content !== 'model') return imageRows(jobs.map((j) => j?.asset?.image));
  const base = modelRows(
    jobs.map((j) => j?.asset?.stats),
    jobs.map((j) => j?.asset?.validation?.errors),
  );
  const facts: TakeFacts[] = jobs.map((job, i) => ({ ...(job ? { job } : {}), ...(readiness[i] ? { readiness: readiness[i] } : {}) }));
  return [...base, ...EXTRA_MODEL_ROWS.map((extra) => extra(facts)).filter((r): r is StatRow => !!r)];
}

/**
 * Laid over the viewport: the viewport's canvas (which stays where it is, so
 * its WebGL context is the one the takes are drawn with) shows through the
 * frame, sized to it by the stylesheet (viewport-comparing).
 */
export function CompareView({ session, state, error, wipe, onWipe, onImageState, onFrameInset }: CompareOverlayProps) {
  const jobsById = useStore((s) => s.jobsById);
  const kept = useStore((s) => (session.setId ? s.keptTakes[session.setId] : undefined));
  const keepTake = useStore((s) => s.keepTake);
  const closeCompare = useStore((s) => s.closeCompare);
  const setMode = useStore((s) => s.setCompareMode);
  const viewMode = useStore((s) => s.viewMode);
  const setViewMode = useStore((s) => s.setViewMode);
  const channel = useStore((s) => s.pbrChannel);
  const setChannel = useStore((s) => s.setPbrChannel);
  const openExport = useStore((s) => s.openExport);
  const jobs = session.localIds.map((id) => jobsById[id]);
  const takes = useMemo(() => compareTakes(session, jobsById), [session, jobsById]);
  const labels = session.localIds.map((_, i) => takeLabel(session, i));
  const readiness = useTakeReadiness(session.localIds, session.content === 'model');
  const rows = tableRows(session.content, jobs, readiness);
  const frame = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ w: 0, h: 0 });
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => {
      setBox({ w: el.clientWidth, h: el.clientHeight });
      const outer = el.parentElement;
      if (outer) onFrameInset({ top: el.offsetTop, bottom: outer.clientHeight - el.offsetTop - el.clientHeight });
    };
    // The toolbar wraps on a narrow viewport: the frame (and the canvas under it) moves down.
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    measure();
    return () => ro.disconnect();
  }, [onFrameInset]);
  // Labels sit over each take's rectangle, as the canvas draws them.
  const rects = viewRects(session.localIds.length, box.w, box.h, session.mode, wipe);
  const jobIds = jobs.map((j, i) => j?.jobId ?? session.localIds[i]).join(' ');

  return (
    <section
      className="compare"
      aria-label="Compare"
      data-state={state}
      data-job-ids={jobIds}
      data-mode={session.mode}
      data-content={session.content}
      onKeyDown={(e) => {
        if (e.key === 'Escape') closeCompare();
      }}
    >
      <div className="compare-toolbar" role="toolbar" aria-label="Compare">
        <strong className="compare-title">Compare {session.localIds.length} {session.content === 'model' ? 'models' : session.content === 'image' ? 'images' : 'skyboxes'}</strong>
        {session.localIds.length === 2 ? (
          <RadioGroup.Root className="viewport-modes" aria-label="Layout" orientation="horizontal" loop value={session.mode} onValueChange={(mode) => setMode(mode as CompareSession['mode'])}>
            <RadioGroup.Item value="side-by-side" className="viewport-mode">
              Side by side
            </RadioGroup.Item>
            <RadioGroup.Item value="wipe" className="viewport-mode">
              Wipe
            </RadioGroup.Item>
          </RadioGroup.Root>
        ) : null}
        {session.content === 'model' ? (
          <ViewModeChoice viewMode={viewMode} channel={channel} onViewMode={setViewMode} onChannel={setChannel} />
        ) : null}
        <button type="button" className="compare-close" onClick={closeCompare}>
          Close compare
        </button>
      </div>
      <div className="compare-frame" ref={frame}>
        {session.content === 'image' ? <ImageCompare takes={takes} mode={session.mode} wipe={wipe} onState={onImageState} /> : null}
        {rects.map((r, i) => {
          const localId = session.localIds[i]!;
          const isKept = kept === localId;
          const left = session.mode === 'wipe' ? (i === 0 ? 8 : box.w - 8) : r.viewport.x + 8;
          return (
            <div
              key={localId}
              className={`compare-label${session.mode === 'wipe' && i === 1 ? ' compare-label-right' : ''}${isKept ? ' compare-label-kept' : ''}`}
              style={{ left, top: r.viewport.y + 8 }}
              data-local-id={localId}
            >
              <span>{labels[i]}</span>
              {session.setId ? (
                <button
                  type="button"
                  className={isKept ? 'compare-kept-badge' : undefined}
                  aria-pressed={isKept}
                  title={isKept ? 'The chosen take: the set shows it first, and export and chaining use it. Click to unchoose it.' : 'Choose this take: the set shows it first, and export and chaining use it.'}
                  onClick={() => void keepTake(session.setId!, isKept ? null : localId)}
                  aria-label={`Keep ${labels[i]}`}
                >
                  {isKept ? '★ Kept' : 'Keep'}
                </button>
              ) : null}
              <button type="button" onClick={() => openExport([localId])} aria-label={`Export ${labels[i]}`}>
                Export…
              </button>
            </div>
          );
        })}
        {session.mode === 'wipe' ? (
          <>
            <div className="compare-wipe-line" style={{ left: `${wipe * 100}%` }} aria-hidden="true" />
            <input
              className="compare-wipe"
              type="range"
              min={0}
              max={1}
              step={0.001}
              value={wipe}
              aria-label="Wipe between before and after"
              onChange={(e) => onWipe(Number(e.target.value))}
            />
          </>
        ) : null}
        {state === 'loading' ? (
          <div className="viewport-loading" role="status">
            Loading {session.localIds.length} takes…
          </div>
        ) : null}
        {state === 'error' ? (
          <div className="viewport-error" role="alert">
            <h3>These takes cannot be compared</h3>
            <p>{error}</p>
            <button type="button" onClick={closeCompare}>
              Close
            </button>
          </div>
        ) : null}
      </div>
      <StatsTable rows={rows} labels={labels} />
    </section>
  );
}
