/** One history row: what the job is, where it stands, and what the user can do with it. */
import { memo, useEffect, useState } from 'react';
import type { JobSummary } from '../../../../shared/domain/job';
import { bridge } from '../../bridge';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { MenuItem, MenuSeparator } from '../../components/Menu';
import { RowActionsMenu, RowProblem } from '../../components/RowActions';
import { waitReason } from '../../../../shared/domain/wait-reason';
import { useStore } from '../../state/store';
import { formatDuration, kindLabel, producesOf, progressOf, statusGroup, statusLabel } from '../../domain/history/history-model';
import { canOpen, chainActions } from '../../domain/history/job-actions';
import { rowTitle } from '../../domain/history/job-title';
import { rowWhere } from './row-meta';
import { rowThumbnail, type ThumbnailChoice } from './row-thumbnail';
import { QuickActions } from './QuickActions';
import { revealJobFile } from './reveal';
import { answerNote } from './answer-note';
import { beforeOf } from '../../domain/compare/compare-logic';

const KIND_ICONS: Record<string, string> = { model: '▲', parts: '◆', motion: '↻', image: '▣', skybox: '◯', none: '•' };

/** One formatter for every row (toLocaleString builds one per call): short enough to sit beside the kind at the panel's default width. */
const CREATED_FORMAT = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
/** The whole time, seconds included, for the tooltip. */
const CREATED_FULL = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function Thumbnail({ job, choice }: { job: JobSummary; choice: ThumbnailChoice | undefined }) {
  const src = choice ? bridge().assetUrl(choice.localId, choice.variant) : undefined;
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const produces = producesOf(job.kind);
  if (src && failed !== src) {
    return <img className="history-thumb" src={src} alt="" data-thumbnail={choice?.variant} onError={() => setFailed(src)} loading="lazy" />;
  }
  return (
    <span className="history-thumb history-thumb-icon" aria-hidden="true">
      {KIND_ICONS[produces] ?? '•'}
    </span>
  );
}

/** Runs a host action; its problem goes to `onProblem`. Resolves to whether it succeeded. */
async function call<T>(action: () => Promise<{ ok: boolean; problem?: { message: string } } & T>, onProblem: (m: string) => void): Promise<boolean> {
  try {
    const result = await action();
    if (!result.ok && result.problem) onProblem(result.problem.message);
    return result.ok;
  } catch (error) {
    onProblem(error instanceof Error ? error.message : String(error));
    return false;
  }
}

interface Props {
  job: JobSummary;
  estimateMs?: number;
  selected: boolean;
}

export const HistoryItem = memo(function HistoryItem({ job, estimateMs, selected }: Props) {
  const group = statusGroup(job);
  const now = useNow(group === 'active' || group === 'queued' || job.asset?.state === 'retrying');
  const [showError, setShowError] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const openJob = useStore((s) => s.openJob);
  const removeJobs = useStore((s) => s.removeJobs);
  const startFrom = useStore((s) => s.startFrom);
  const reuseSettings = useStore((s) => s.useSettingsAgain);
  const openExport = useStore((s) => s.openExport);
  const inCompare = useStore((s) => s.compareSelection.includes(job.localId));
  const toggleCompare = useStore((s) => s.toggleCompareSelection);
  const before = useStore((s) => beforeOf(job, Object.values(s.jobsById)));
  const openCompare = useStore((s) => s.openCompare);
  // The job it was made from (looked up only for chained jobs): its title and picture stand in until this one has its own.
  const source = useStore((s) => (job.parentJobId ? Object.values(s.jobsById).find((j) => j.jobId === job.parentJobId) : undefined));
  const grandSource = useStore((s) =>
    source?.parentJobId && !job.asset?.hasThumbnail ? Object.values(s.jobsById).find((j) => j.jobId === source.parentJobId) : undefined,
  );
  const api = () => bridge().api;
  const progress = group === 'active' ? progressOf(job, now, estimateMs) : null;
  const created = new Date(job.createdAt);
  const title = rowTitle(job, source);
  const thumbnail = rowThumbnail(job, (id) => [source, grandSource].find((j) => j?.jobId === id));
  const where = rowWhere(job.environmentName, job.keyName);
  const openable = canOpen(job);
  const note = answerNote(job, now);
  // Jobs running on this key, only for a job waiting for a free slot on it (the reason names the count).
  const runningOnKey = useStore((s) =>
    job.state === 'queued' && job.queue?.reason === 'cap'
      ? Object.values(s.jobsById).filter((j) => j.environmentId === job.environmentId && j.keyId === job.keyId && (j.state === 'pending' || j.state === 'running' || j.state === 'submitting')).length
      : undefined,
  );
  const queuedReason = group === 'queued' ? waitReason(job, { now, ...(runningOnKey !== undefined ? { runningOnKey } : {}) }) : undefined;
  // Not sent yet: Cancel stops it for good. Being sent: Cancel says it can no longer be stopped.
  const cancellable = job.state === 'queued' || job.state === 'submitting';
  const [confirmRemove, setConfirmRemove] = useState(false);
  const cancel = () => void call(() => api().jobs.cancel({ localId: job.localId }), setProblem);
  const remove = () => {
    if (job.state === 'queued') setConfirmRemove(true);
    else void removeJobs([job.localId]);
  };

  return (
    <article
      className={`history-item history-${group}${selected ? ' history-item-selected' : ''}${inCompare ? ' history-item-compare' : ''}`}
      data-compare-selected={inCompare ? 'true' : undefined}
      aria-label={title}
      data-local-id={job.localId}
      data-job-id={job.jobId ?? ''}
      data-status={group}
    >
      <button
        type="button"
        className="history-open"
        disabled={!openable}
        // Ctrl/Cmd-click adds to the compare selection, leaving the opened job as it is.
        onClick={(e) => (e.ctrlKey || e.metaKey ? toggleCompare(job.localId) : openJob(job))}
        aria-label={`Open ${title} in the viewport`}
        aria-pressed={inCompare ? true : undefined}
      >
        <Thumbnail job={job} choice={thumbnail} />
      </button>
      <div className="history-body">
        <div className="history-line">
          <span className="history-title" title={job.prompt ?? title}>
            {title}
          </span>
          <span className={`history-badge history-badge-${group === 'finished' && job.asset?.state === 'retrying' ? 'retrying' : group}`}>{statusLabel(job)}</span>
        </div>
        <div className="history-meta">
          <span className="history-kind">{kindLabel(job.kind)}</span>
          {Number.isNaN(created.getTime()) ? null : (
            <time dateTime={job.createdAt} title={CREATED_FULL.format(created)}>
              {CREATED_FORMAT.format(created)}
            </time>
          )}
        </div>
        <div className="history-meta history-where" title={`${job.environmentName} · ${job.keyName}`}>
          {where}
        </div>
        {progress ? (
          <div className="history-progress" role="status" aria-label="Progress">
            <span className="history-stage">{progress.stage ?? (job.state === 'submitting' ? 'Sending' : 'Waiting to start')}</span>
            <span>
              {progress.stagesKnown > 0 ? `${progress.stagesDone} stage${progress.stagesDone === 1 ? '' : 's'} done · ` : ''}
              {formatDuration(progress.elapsedMs)}
              {progress.remainingMs !== undefined ? ` · about ${formatDuration(progress.remainingMs)} left` : ''}
            </span>
          </div>
        ) : null}
        {note ? (
          <div className="history-fix" data-answer={note.action ?? 'retrying'}>
            <span className="history-note history-answer" title={note.text}>
              {note.text}
            </span>
            {note.action === 'resume-polling' ? (
              <button type="button" onClick={() => void call(() => api().jobs.resumePolling({ localId: job.localId }), setProblem)}>
                Resume polling
              </button>
            ) : null}
          </div>
        ) : null}
        {group === 'queued' ? (
          <div className="history-fix" data-wait="queued">
            <span className="history-note history-wait" title={queuedReason ? undefined : 'Not sent yet.'}>
              {queuedReason ? `${queuedReason.charAt(0).toUpperCase()}${queuedReason.slice(1)}.` : 'Not sent yet.'}
            </span>
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          </div>
        ) : null}
        {group === 'uncertain' ? (
          <div className="history-fix">
            <span className="history-note">The request was sent but its answer was lost; a job may exist.</span>
            <button type="button" onClick={() => void call(() => api().jobs.resend({ localId: job.localId }), setProblem)}>
              Resend
            </button>
            <button type="button" onClick={() => void call(() => api().jobs.dismiss({ localId: job.localId }), setProblem)}>
              Dismiss
            </button>
          </div>
        ) : null}
        {group === 'unavailable' ? (
          <div className="history-fix">
            <span className="history-note">{job.asset?.problem ?? 'The asset could not be downloaded.'}</span>
            <button type="button" onClick={() => void call(() => api().jobs.retryDownload({ localId: job.localId }), setProblem)}>
              Retry download
            </button>
          </div>
        ) : null}
        {(group === 'failed' || group === 'rejected') && job.problem ? (
          <div className="history-fix">
            <button type="button" aria-expanded={showError} onClick={() => setShowError(!showError)}>
              {showError ? 'Hide error' : 'Show error'}
            </button>
            {showError ? <p className="history-error">{job.problem.message}</p> : null}
          </div>
        ) : null}
        <QuickActions job={job} />
        <RowProblem problem={problem} />
      </div>
      <RowActionsMenu title={title}>
        {cancellable ? <MenuItem onSelect={cancel}>Cancel</MenuItem> : null}
        <MenuItem disabled={!openable} onSelect={() => openJob(job)}>
          Open in viewport
        </MenuItem>
        <MenuItem disabled={!openable} onSelect={() => openExport([job.localId])}>
          Export…
        </MenuItem>
        {before && openable ? (
          <MenuItem onSelect={() => setProblem(openCompare([before.localId, job.localId], { mode: 'wipe' }))}>Before / after</MenuItem>
        ) : null}
        <MenuItem disabled={!openable} onSelect={() => toggleCompare(job.localId)}>
          {inCompare ? 'Remove from compare' : 'Add to compare'}
        </MenuItem>
        {chainActions(job).map((a) => (
          <MenuItem key={a.kind} onSelect={() => startFrom(a.kind, { [a.as]: job.jobId })}>
            {a.label}
          </MenuItem>
        ))}
        <MenuItem onSelect={() => void reuseSettings(job)}>Use these settings again</MenuItem>
        <MenuItem
          disabled={!job.jobId}
          onSelect={() => void navigator.clipboard?.writeText(job.jobId ?? '').catch(() => setProblem('The clipboard is not available.'))}
        >
          Copy job id
        </MenuItem>
        <MenuItem
          disabled={!openable}
          onSelect={() => void revealJobFile(job.localId).then((message) => message && setProblem(message))}
        >
          Reveal the file
        </MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={remove}>Remove from history</MenuItem>
      </RowActionsMenu>
      <Dialog
        open={confirmRemove}
        title="Cancel and remove?"
        onClose={() => setConfirmRemove(false)}
        footer={
          <>
            <Button onClick={() => setConfirmRemove(false)}>Keep it</Button>
            <Button
              variant="danger"
              onClick={() => {
                setConfirmRemove(false);
                // Sent meanwhile: the row stays, saying it can no longer be cancelled (and the job appears if made).
                void call(() => api().jobs.cancel({ localId: job.localId }), setProblem).then((cancelled) => (cancelled ? removeJobs([job.localId]) : false));
              }}
            >
              Cancel and remove
            </Button>
          </>
        }
      >
        <p>This request has not been sent yet. Removing it cancels it: it will never be sent, and costs nothing.</p>
      </Dialog>
    </article>
  );
});
