/** A running batch: overall progress, counts, elapsed time and estimate, and pause / resume / cancel. */
import { useEffect, useState } from 'react';
import type { Batch } from '../../../../shared/ipc';
import { Button } from '../../components/Button';
import { useStore } from '../../state/store';
import { formatDuration } from './format';

export function BatchProgress({ batch }: { batch: Batch }) {
  const pause = useStore((s) => s.pauseBatch);
  const resume = useStore((s) => s.resumeBatch);
  const cancel = useStore((s) => s.cancelBatch);
  const busy = useStore((s) => s.batchBusy);
  const now = useNow(batch.state === 'running' || batch.state === 'paused' || batch.state === 'cancelling');
  const c = batch.counts;
  const valid = c.total - c.invalid - c.skipped;
  const ended = c.done + c.failed + c.cancelled;
  const elapsed = batch.startedAt ? (batch.finishedAt ? Date.parse(batch.finishedAt) : now) - Date.parse(batch.startedAt) : 0;
  return (
    <div className="batch-progress">
      <progress aria-label="Batch progress" max={Math.max(1, valid)} value={ended} />
      <div className="batch-counts" aria-label="Batch counts">
        <span>State: {STATE_WORDS[batch.state]}</span>
        <span>Done: {c.done}</span>
        <span>Failed: {c.failed}</span>
        <span>Queued: {c.queued}</span>
        <span>Running: {c.running}</span>
        {c.cancelled ? <span>Cancelled: {c.cancelled}</span> : null}
        {c.skipped ? <span>Skipped: {c.skipped}</span> : null}
        {c.invalid ? <span>Invalid (not sent): {c.invalid}</span> : null}
        <span>Elapsed: {formatDuration(elapsed)}</span>
        {batch.state === 'running' && batch.estimateMs ? <span>About {formatDuration(batch.estimateMs)} left</span> : null}
      </div>
      {batch.state === 'paused' && batch.pauseReason === 'credits' ? (
        <p className="batch-warning" role="alert">
          Paused: the service reports not enough credits
          {batch.credits ? ` (balance ${batch.credits.available}, needed ${batch.credits.required})` : ''}. The {c.queued} rows not yet sent stay queued; top up
          and resume.
        </p>
      ) : null}
      {batch.outDir ? <p className="field-help">Output folder: {batch.outDir}</p> : null}
      {batch.reportProblem ? (
        <p className="batch-warning" role="alert">
          The batch report was not written. {batch.reportProblem}
        </p>
      ) : null}
      <div className="batch-actions">
        {batch.state === 'running' ? (
          <Button disabled={busy} onClick={() => void pause(batch.id)}>
            Pause
          </Button>
        ) : null}
        {batch.state === 'paused' ? (
          <Button variant="primary" disabled={busy} onClick={() => void resume(batch.id)}>
            Resume
          </Button>
        ) : null}
        {batch.state === 'running' || batch.state === 'paused' ? (
          <Button variant="danger" disabled={busy} onClick={() => void cancel(batch.id)}>
            Cancel batch
          </Button>
        ) : null}
      </div>
    </div>
  );
}

const STATE_WORDS: Record<Batch['state'], string> = {
  draft: 'not started',
  running: 'running',
  paused: 'paused',
  cancelling: 'cancelling (finishing accepted jobs)',
  cancelled: 'cancelled',
  finished: 'finished',
};

function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [ticking]);
  return now;
}
