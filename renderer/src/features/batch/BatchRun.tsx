/**
 * Starting a checked batch: "Kind for every row" (still changeable), what it will cost, the output folder,
 * whether to use every key of the environment, and Close this batch.
 */
import { useState } from 'react';
import type { Batch } from '../../../../shared/ipc';
import { Button } from '../../components/Button';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { Toggle } from '../../components/Toggle';
import { useStore } from '../../state/store';
import { activeRateCard } from '../../domain/generate/costs';
import { KIND_CHOICES, KIND_FOR_EVERY_ROW_HELP } from './BatchImport';
import { batchTotal } from './batch-total';

export function BatchRun({ batch }: { batch: Batch }) {
  const start = useStore((s) => s.startBatch);
  const setKind = useStore((s) => s.setBatchKind);
  const closeBatch = useStore((s) => s.closeBatch);
  const busy = useStore((s) => s.batchBusy);
  const card = useStore((s) => activeRateCard(s.settings));
  const [outDir, setOutDir] = useState('');
  const [spread, setSpread] = useState(false);
  const ready = batch.rows.filter((r) => r.state === 'ready').length;
  const blocking = batch.rows.filter((r) => r.state === 'invalid').length;
  return (
    <div className="batch-run">
      <Select
        label="Kind for every row"
        value={batch.listKind ?? ''}
        options={KIND_CHOICES}
        placeholder={batch.listKind ? undefined : 'Choose…'}
        help={KIND_FOR_EVERY_ROW_HELP}
        onChange={(kind) => {
          if (kind) void setKind({ batchId: batch.id, kind: kind as never });
        }}
      />
      <TextField label="Output folder" value={outDir} onChange={setOutDir} help="Project folder the assets, batch-report.csv and batch-report.json are written to." />
      <Toggle label="Spread across all keys" checked={spread} onChange={setSpread} help="5 active jobs per key." />
      <p className="batch-total" role="status" aria-label="Batch total">
        <span className="field-label">Total before you start: </span>
        {batchTotal(batch.rows, card)}
      </p>
      <div className="batch-actions">
        <Button
          variant="primary"
          disabled={busy || !outDir.trim() || ready === 0}
          onClick={() => void start({ batchId: batch.id, outDir: outDir.trim(), spreadAcrossKeys: spread })}
        >
          Run batch ({ready} {ready === 1 ? 'row' : 'rows'})
        </Button>
        {/* Before Start nothing has been sent: closing sets the list aside, and Batch… offers a new one. */}
        <Button disabled={busy} onClick={() => void closeBatch(batch.id)}>
          Close this batch
        </Button>
      </div>
      {blocking ? (
        <p className="batch-warning" role="status">
          {blocking} invalid {blocking === 1 ? 'row is' : 'rows are'} never sent: fix or skip {blocking === 1 ? 'it' : 'them'}.
        </p>
      ) : null}
    </div>
  );
}
