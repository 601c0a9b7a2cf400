/** Opening a list: pick a file (its text is sent) or type its path (file fields then resolve next to it). */
import { useState } from 'react';
import { ENDPOINTS, GENERATION_MENU, type GenerationKind } from '../../../../shared/api';
import { Button } from '../../components/Button';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { useStore } from '../../state/store';

const KIND_OPTIONS = [
  { value: '', label: 'From the list’s kind column' },
  ...GENERATION_MENU.flatMap((g) => g.kinds.map((k) => ({ value: k, label: `${ENDPOINTS[k].label} (${k})` }))),
];

export function BatchImport() {
  const importList = useStore((s) => s.importBatchList);
  const busy = useStore((s) => s.batchBusy);
  const [listPath, setListPath] = useState('');
  const [kind, setKind] = useState('');
  const kindArg = kind ? { kind: kind as GenerationKind } : {};

  return (
    <div className="batch-import">
      <label className="field">
        <span className="field-label">List file</span>
        <input
          className="input"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          aria-label="List file"
          disabled={busy}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) await importList({ text: await file.text(), name: file.name, ...kindArg });
          }}
        />
        <span className="field-help">CSV with a header row of field names, or a JSON array of objects.</span>
      </label>
      <TextField label="List file path" value={listPath} onChange={setListPath} help="Or type the list's path: file fields are read relative to it." />
      <Select label="Kind for every row" value={kind} options={KIND_OPTIONS} onChange={setKind} />
      <Button disabled={busy || !listPath.trim()} onClick={() => void importList({ path: listPath.trim(), ...kindArg })}>
        Open list
      </Button>
    </div>
  );
}
