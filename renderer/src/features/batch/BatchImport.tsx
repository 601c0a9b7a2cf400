/**
 * Opening a list: pick a file (its text is sent) or type its path (file fields then resolve next to it).
 * "Kind for every row" starts at the Generate panel's kind, so a list of prompts alone opens ready to run.
 */
import { useState } from 'react';
import { ENDPOINTS, GENERATION_MENU, isGenerationKind } from '../../../../shared/api';
import { Button } from '../../components/Button';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { useStore } from '../../state/store';

/** Every generation type, for "Kind for every row". */
export const KIND_CHOICES = GENERATION_MENU.flatMap((g) => g.kinds.map((k) => ({ value: k, label: `${ENDPOINTS[k].label} (${k})` })));

const KIND_OPTIONS = [{ value: '', label: 'From the list’s kind column' }, ...KIND_CHOICES];

export const KIND_FOR_EVERY_ROW_HELP = 'For rows the list gives no kind (a list of prompts only). Rows with their own kind keep it.';

export function BatchImport() {
  const importList = useStore((s) => s.importBatchList);
  const busy = useStore((s) => s.batchBusy);
  const panelKind = useStore((s) => s.generateKind);
  const [listPath, setListPath] = useState('');
  const [chosen, setChosen] = useState<string>();
  const kind = chosen ?? panelKind;
  const kindArg = isGenerationKind(kind) ? { kind } : {};

  return (
    <div className="batch-import">
      <label className="field">
        <span className="field-label">List file</span>
        <input
          className="input"
          type="file"
          accept=".csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,text/plain,application/json"
          aria-label="List file"
          disabled={busy}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) await importList({ text: await file.text(), name: file.name, ...kindArg });
          }}
        />
        <span className="field-help">CSV or TSV with a header row of field names, a .txt file with one prompt per line, or a JSON array of objects.</span>
      </label>
      <TextField label="List file path" value={listPath} onChange={setListPath} help="Or type the list's path: file fields are read relative to it." />
      <Select label="Kind for every row" value={kind} options={KIND_OPTIONS} onChange={setChosen} help={KIND_FOR_EVERY_ROW_HELP} />
      <Button disabled={busy || !listPath.trim()} onClick={() => void importList({ path: listPath.trim(), ...kindArg })}>
        Open list
      </Button>
    </div>
  );
}
