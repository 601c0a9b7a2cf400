/**
 * A set's row in the history: the prompt, the takes' thumbnails side by side
 * (the kept one first), **Compare**, and the takes folded under it. Export,
 * open and chaining from this row use the kept take (else the first).
 */
import { useState } from 'react';
import type { JobSummary } from '../../../../shared/domain/job';
import { bridge } from '../../bridge';
import { MenuItem } from '../../components/Menu';
import { RowActionsMenu, RowProblem } from '../../components/RowActions';
import { useStore } from '../../state/store';
import { kindLabel, statusGroup } from '../../domain/history/history-model';
import { canOpen, chainActions } from '../../domain/history/job-actions';
import { chosenTake, compareProblem } from '../../domain/compare/compare-logic';

function TakeThumb({ job, kept }: { job: JobSummary; kept: boolean }) {
  const [failed, setFailed] = useState(false);
  const label = kept ? 'Kept take' : statusGroup(job) === 'finished' ? 'Take' : 'Take in progress';
  return (
    <span className={`set-thumb${kept ? ' set-thumb-kept' : ''}`} data-local-id={job.localId} title={label}>
      {job.asset?.hasThumbnail && !failed ? <img src={bridge().assetUrl(job.localId, 'thumbnail')} alt="" loading="lazy" onError={() => setFailed(true)} /> : <span aria-hidden="true">…</span>}
    </span>
  );
}

export function SetRow({ setId, takes, keptLocalId, expanded, onToggle }: { setId: string; takes: JobSummary[]; keptLocalId?: string; expanded: boolean; onToggle(): void }) {
  const openCompare = useStore((s) => s.openCompare);
  const openJob = useStore((s) => s.openJob);
  const openExport = useStore((s) => s.openExport);
  const startFrom = useStore((s) => s.startFrom);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = chosenTake(takes, keptLocalId)!;
  const title = chosen.title || chosen.prompt || kindLabel(chosen.kind);
  const finished = takes.filter((t) => t.state === 'success' && t.asset?.state === 'ready');
  const failed = takes.filter((t) => ['failed', 'rejected'].includes(statusGroup(t)));
  const cannot = compareProblem(finished);
  const status = `${takes.length} takes · ${finished.length === takes.length ? 'all done' : `${finished.length} done`}${failed.length ? ` · ${failed.length} failed` : ''}${keptLocalId ? ' · 1 kept' : ''}`;

  return (
    <article className="history-item history-set" aria-label={`${title} (set of ${takes.length} takes)`} data-set-id={setId} data-kept-local-id={keptLocalId ?? ''}>
      <div className="set-thumbs" aria-label="Takes">
        {takes.map((t) => (
          <TakeThumb key={t.localId} job={t} kept={t.localId === keptLocalId} />
        ))}
      </div>
      <div className="history-body">
        <div className="history-line">
          <span className="history-title" title={chosen.prompt ?? title}>
            {title}
          </span>
        </div>
        <div className="history-meta" title={`${kindLabel(chosen.kind)} · ${status}`}>
          <span>{status}</span>
        </div>
        <div className="history-fix">
          <button type="button" disabled={!!cannot} title={cannot ?? undefined} onClick={() => setProblem(openCompare(finished.map((t) => t.localId), { setId }))}>
            Compare
          </button>
          <button type="button" aria-expanded={expanded} onClick={onToggle}>
            {expanded ? 'Hide takes' : 'Show takes'}
          </button>
        </div>
        <RowProblem problem={problem} />
      </div>
      <RowActionsMenu title={title}>
        <MenuItem disabled={!canOpen(chosen)} onSelect={() => openJob(chosen)}>
          Open {keptLocalId ? 'the kept take' : 'the first take'}
        </MenuItem>
        <MenuItem disabled={!canOpen(chosen)} onSelect={() => openExport([chosen.localId])}>
          Export {keptLocalId ? 'the kept take' : 'the first take'}…
        </MenuItem>
        {chainActions(chosen).map((a) => (
          <MenuItem key={a.kind} onSelect={() => startFrom(a.kind, { [a.as]: chosen.jobId })}>
            {a.label}
          </MenuItem>
        ))}
      </RowActionsMenu>
    </article>
  );
}

/** Above the history: the jobs Ctrl/Cmd-clicked for comparing, and **Compare**. */
export function CompareSelectionBar() {
  const selection = useStore((s) => s.compareSelection);
  const jobsById = useStore((s) => s.jobsById);
  const openCompare = useStore((s) => s.openCompare);
  const clear = useStore((s) => s.clearCompareSelection);
  const [problem, setProblem] = useState<string | null>(null);
  if (!selection.length) return null;
  const jobs = selection.map((id) => jobsById[id]).filter((j): j is JobSummary => !!j);
  const cannot = compareProblem(jobs);
  return (
    <div className="compare-selection" role="region" aria-label="Compare selection">
      <span>
        {selection.length} selected to compare{cannot && selection.length >= 2 ? `: ${cannot}` : ''}
      </span>
      <button
        type="button"
        disabled={!!cannot}
        onClick={() => {
          const why = openCompare(selection);
          setProblem(why);
          if (!why) clear();
        }}
      >
        Compare
      </button>
      <button type="button" onClick={clear}>
        Clear
      </button>
      {problem ? <span role="alert">{problem}</span> : null}
    </div>
  );
}
