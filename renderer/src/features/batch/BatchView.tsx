/**
 * The batch view: open a list (CSV or JSON), check every row before anything
 * is sent, fix or skip invalid rows, choose what to do with duplicates, run
 * it into a project folder, and follow it (pause, resume, cancel).
 */
import { useEffect } from 'react';
import type { Batch } from '../../../../shared/ipc';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { useStore } from '../../state/store';
import { BatchImport } from './BatchImport';
import { BatchProgress } from './BatchProgress';
import { BatchRows } from './BatchRows';
import { BatchRun } from './BatchRun';
import './batch.css';

/** The top bar's way into the batch view (placed there by App, so it comes early in the tab order). */
export function BatchLauncher() {
  const openView = useStore((s) => s.openBatchView);
  return (
    <Button className="batch-launcher" size="small" onClick={openView}>
      Batch…
    </Button>
  );
}

export function BatchView() {
  const open = useStore((s) => s.batchOpen);
  const close = useStore((s) => s.closeBatchView);
  const connect = useStore((s) => s.connectBatches);
  const batch = useStore((s) => (s.currentBatchId ? s.batches[s.currentBatchId] : undefined));
  const error = useStore((s) => s.batchError);
  const closeBatch = useStore((s) => s.closeBatch);

  useEffect(() => connect(), [connect]);

  const full = batch && 'rows' in batch ? (batch as Batch) : undefined;
  return (
    <section aria-label="Batch">
      <Dialog open={open} title="Batch" onClose={close} className="batch-dialog">
        {!full || full.state === 'finished' || full.state === 'cancelled' ? <BatchImport /> : null}
        {error ? (
          <p className="batch-error" role="alert">
            {error}
          </p>
        ) : null}
        {full ? (
          <>
            <h3 className="dialog-title">
              {full.name} · {full.counts.total} rows
            </h3>
            {full.state === 'draft' ? <BatchRun batch={full} /> : <BatchProgress batch={full} />}
            <BatchRows batch={full} />
            {full.state === 'finished' || full.state === 'cancelled' ? (
              <div className="batch-actions">
                <Button size="small" onClick={() => void closeBatch(full.id)}>
                  Close this batch
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
      </Dialog>
    </section>
  );
}
