/** Starting a checked batch: the output folder and whether to use every key of the environment. */
import { useState } from 'react';
import type { Batch } from '../../../../shared/ipc';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { Toggle } from '../../components/Toggle';
import { useStore } from '../../state/store';

export function BatchRun({ batch }: { batch: Batch }) {
  const start = useStore((s) => s.startBatch);
  const busy = useStore((s) => s.batchBusy);
  const [outDir, setOutDir] = useState('');
  const [spread, setSpread] = useState(false);
  const ready = batch.rows.filter((r) => r.state === 'ready').length;
  const blocking = batch.rows.filter((r) => r.state === 'invalid').length;
  return (
    <div className="batch-run">
      <TextField label="Output folder" value={outDir} onChange={setOutDir} help="Project folder the assets, batch-report.csv and batch-report.json are written to." />
      <Toggle label="Spread across all keys" checked={spread} onChange={setSpread} help="5 active jobs per key." />
      <Button
        variant="primary"
        disabled={busy || !outDir.trim() || ready === 0}
        onClick={() => void start({ batchId: batch.id, outDir: outDir.trim(), spreadAcrossKeys: spread })}
      >
        Run batch ({ready} {ready === 1 ? 'row' : 'rows'})
      </Button>
      {blocking ? (
        <p className="batch-warning" role="status">
          {blocking} invalid {blocking === 1 ? 'row is' : 'rows are'} never sent: fix or skip {blocking === 1 ? 'it' : 'them'}.
        </p>
      ) : null}
    </div>
  );
}
