/**
 * Every row of the list with its state and problems. Before a row is sent it
 * can be edited (fields re-checked by the host against the catalogue),
 * skipped, or, when it repeats a ledger job, set to reuse that result or
 * generate again. Sent rows link to their history item.
 */
import { useState } from 'react';
import { GENERATION_MENU, isGenerationKind } from '../../../../shared/api';
import type { Batch, BatchRow } from '../../../../shared/ipc';
import { Button } from '../../components/Button';
import { useStore } from '../../state/store';
import { duplicateNote, ROW_STATE_WORDS } from './format';
import { columnLabel, editorColumns, fieldsInWords, kindLabel, rowProblem } from './row-words';

export function BatchRows({ batch }: { batch: Batch }) {
  const editable = batch.state === 'draft' || batch.state === 'running' || batch.state === 'paused';
  return (
    <div className="batch-table-wrap">
      <table className="batch-table" aria-label="Batch rows">
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Kind</th>
            <th scope="col">Request</th>
            <th scope="col">State</th>
            <th scope="col">Result</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {batch.rows.map((row) => (
            <RowLine key={row.row} batch={batch} row={row} editable={editable && !row.localId} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RowLine({ batch, row, editable }: { batch: Batch; row: BatchRow; editable: boolean }) {
  const update = useStore((s) => s.updateBatchRow);
  const busy = useStore((s) => s.batchBusy);
  const [editing, setEditing] = useState(false);
  const [skipShown, setSkipShown] = useState<boolean | null>(null);
  return (
    <tr data-row={row.row} data-state={row.state} aria-label={`Row ${row.row}`}>
      <td>{row.row}</td>
      <td>{kindLabel(row.kind)}</td>
      <td className="batch-fields">
        {editing ? (
          <RowEditor
            row={row}
            onDone={async (fields, kind) => {
              const saved = await update({ batchId: batch.id, row: row.row, fields, ...(kind ? { kind } : {}) });
              if (saved) setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          fieldsInWords(row.kind, row.fields)
        )}
        {row.problems.length ? (
          <ul className="batch-problems" aria-label={`Row ${row.row} problems`}>
            {row.problems.map((p, i) => {
              const said = rowProblem(row.kind, p);
              return (
                <li key={i}>
                  {said.text}
                  {said.column ? <span className="batch-column"> column {said.column}</span> : null}
                </li>
              );
            })}
          </ul>
        ) : null}
        {row.duplicateOf ? (
          <div className="batch-warning" data-earlier-state={row.duplicateOf.state}>
            {duplicateNote(row.duplicateOf, row.duplicateChoice)}
          </div>
        ) : null}
      </td>
      <td>
        <span className={`batch-state batch-state-${row.state}`}>{ROW_STATE_WORDS[row.state] ?? row.state}</span>
        {row.error ? <div className="batch-problems">{row.error}</div> : null}
      </td>
      <td>
        {row.localId ? <HistoryLink localId={row.localId} jobId={row.jobId} kind={row.kind} done={row.state === 'done'} /> : null}
        {row.file ? <div>{row.file}</div> : null}
      </td>
      <td>
        {editable ? (
          <div className="batch-actions">
            {!editing ? (
              <Button size="small" disabled={busy} onClick={() => setEditing(true)} aria-label={`Edit row ${row.row}`}>
                Edit
              </Button>
            ) : null}
            <label className="batch-skip">
              <input
                type="checkbox"
                checked={skipShown ?? row.skip}
                disabled={busy}
                aria-label={`Skip row ${row.row}`}
                onChange={(e) => {
                  // Shown at once; the host's answer (or a refusal) settles it.
                  const skip = e.target.checked;
                  setSkipShown(skip);
                  void update({ batchId: batch.id, row: row.row, skip }).finally(() => setSkipShown(null));
                }}
              />
              Skip
            </label>
            {row.duplicateOf ? (
              <select
                className="input"
                aria-label={`Row ${row.row} duplicate`}
                value={row.duplicateChoice ?? 'reuse'}
                disabled={busy}
                onChange={(e) => void update({ batchId: batch.id, row: row.row, duplicateChoice: e.target.value as 'reuse' | 'generate' })}
              >
                <option value="reuse">Reuse the earlier result</option>
                <option value="generate">Generate again</option>
              </select>
            ) : null}
          </div>
        ) : null}
      </td>
    </tr>
  );
}

/** Inputs for the row's kind's fields (values as text; the host coerces and checks them). */
function RowEditor({ row, onDone, onCancel }: { row: BatchRow; onDone(fields: Record<string, string>, kind?: string): Promise<void>; onCancel(): void }) {
  const [kind, setKind] = useState(row.kind);
  const names = editorColumns(kind, Object.keys(row.fields));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(names.map((n) => [n, row.fields[n] === undefined ? '' : typeof row.fields[n] === 'string' ? (row.fields[n] as string) : JSON.stringify(row.fields[n])])),
  );
  return (
    <form
      className="batch-edit"
      aria-label={`Edit row ${row.row}`}
      onSubmit={(e) => {
        e.preventDefault();
        const fields = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
        void onDone(fields, kind !== row.kind ? kind : undefined);
      }}
    >
      <label className="field">
        <span className="field-label">Generation type</span>
        <select className="input" aria-label={`Row ${row.row} generation type`} value={kind} onChange={(e) => setKind(e.target.value)}>
          {isGenerationKind(kind) ? null : <option value={kind}>{kind ? `"${kind}" (not a generation type)` : 'Choose…'}</option>}
          {GENERATION_MENU.map((g) => (
            <optgroup key={g.group} label={g.group}>
              {g.kinds.map((k) => (
                <option key={k} value={k}>
                  {kindLabel(k)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      {names.map((name) => (
        <label className="field" key={name}>
          <span className="field-label">
            {columnLabel(kind, name)} <code className="batch-column">{name}</code>
          </span>
          <input
            className="input"
            aria-label={`Row ${row.row} ${columnLabel(kind, name)}`}
            value={values[name] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          />
        </label>
      ))}
      <div className="batch-actions">
        <Button type="submit" variant="primary" size="small">
          Save row {row.row}
        </Button>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The row's job in the history: shows it there (the history's search narrowed to its job id) and,
 * once finished, opens it in the viewport.
 */
function HistoryLink({ localId, jobId, kind, done }: { localId: string; jobId?: string; kind: string; done: boolean }) {
  const setHistoryFilter = useStore((s) => s.setHistoryFilter);
  const openJob = useStore((s) => s.openJob);
  const label = jobId ? `Job ${jobId.slice(0, 12)}` : 'History item';
  return (
    <Button
      size="small"
      variant="ghost"
      title="Show in history"
      onClick={() => {
        setHistoryFilter({ status: 'all', kind: 'all', query: jobId ?? localId });
        if (done && isGenerationKind(kind)) openJob({ localId, jobId, kind });
      }}
    >
      {label}
    </Button>
  );
}
