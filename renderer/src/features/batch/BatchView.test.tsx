import '@testing-library/jest-dom/vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Batch, BatchRow } from '../../../../shared/ipc';
import { installBridge, type Bridge } from '../../bridge';
import { useStore } from '../../state/store';
import { BatchView } from './BatchView';

function row(n: number, patch: Partial<BatchRow> = {}): BatchRow {
  return { row: n, kind: 'text-to-3d', fields: { prompt: `prop ${n}` }, problems: [], skip: false, state: 'ready', ...patch };
}

function batchOf(rows: BatchRow[], patch: Partial<Batch> = {}): Batch {
  const counts = { total: rows.length, done: 0, failed: 0, queued: 0, running: 0, invalid: 0, skipped: 0, cancelled: 0 };
  for (const r of rows) {
    if (r.state === 'ready') counts.queued++;
    else counts[r.state]++;
  }
  return {
    id: 'b_test01',
    name: 'props.csv',
    listSha256: 'x',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: new Date().toISOString(),
    state: 'draft',
    spreadAcrossKeys: false,
    rows,
    counts,
    ...patch,
  };
}

let listeners: ((b: Batch) => void)[];
let api: Record<string, ReturnType<typeof vi.fn>>;

beforeEach(() => {
  listeners = [];
  const draft = batchOf([row(1), row(2, { state: 'invalid', fields: { prompt: 'p', targetFaceCount: -5 }, problems: [{ field: 'targetFaceCount', message: 'targetFaceCount must be at least 0.' }] })]);
  api = {
    list: vi.fn(async () => ({ ok: true, value: [] })),
    import: vi.fn(async () => ({ ok: true, value: draft })),
    updateRow: vi.fn(async (args: { row: number; fields?: Record<string, string> }) => ({
      ok: true,
      value: batchOf([row(1), row(2, { fields: { prompt: 'p', targetFaceCount: Number(args.fields?.targetFaceCount) } })]),
    })),
    start: vi.fn(async (args: { outDir: string }) => ({
      ok: true,
      value: batchOf([row(1, { state: 'queued', localId: 'loc_000001' }), row(2, { state: 'queued', localId: 'loc_000002' })], { state: 'running', outDir: args.outDir, startedAt: new Date().toISOString() }),
    })),
    pause: vi.fn(),
    resume: vi.fn(),
    cancel: vi.fn(),
    get: vi.fn(),
    onChanged: vi.fn((l: (b: Batch) => void) => {
      listeners.push(l);
      return () => undefined;
    }),
  };
  installBridge({ api: { batch: api } as unknown as Bridge['api'], shell: 'web', assetUrl: () => '', stageFile: vi.fn(), assetRequestHeaders: () => ({}) });
  useStore.setState({ batches: {}, currentBatchId: undefined, batchOpen: true, batchError: undefined, batchBusy: false });
});

describe('BatchView', () => {
  it('previews a picked list with each row’s problems, lets the user fix a row, then runs it into a folder', async () => {
    render(<BatchView />);
    const input = screen.getByLabelText('List file');
    const file = new File(['kind,prompt\ntext-to-3d,a\n'], 'props.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(api.import).toHaveBeenCalledWith({ text: 'kind,prompt\ntext-to-3d,a\n', name: 'props.csv', kind: 'text-to-3d' }));

    const rows = await screen.findByRole('table', { name: 'Batch rows' });
    // The problem in the forms' words; the list's column name only beside it.
    expect(within(rows).getByText('Target face count: use a whole number from 0 to 500,000.')).toBeInTheDocument();
    expect(within(rows).getByText(/column targetFaceCount/)).toBeInTheDocument();
    expect(within(rows).getAllByText('Text to 3D').length).toBe(2);
    expect(screen.getByRole('button', { name: /Run batch \(1 row\)/ })).toBeDisabled();
    expect(screen.getByText(/1 invalid row is never sent/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Edit row 2' }));
    // The editor labels its inputs as the forms do, never by the raw field name.
    const editor = screen.getByRole('form', { name: 'Edit row 2' });
    const labels = within(editor).getAllByRole('textbox').map((box) => box.getAttribute('aria-label'));
    expect(labels).toContain('Row 2 Prompt');
    for (const label of labels) expect(label).not.toMatch(/targetFaceCount|textureResolution|tPose|apiVersion/);
    fireEvent.change(screen.getByLabelText('Row 2 Target face count'), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save row 2' }));
    await waitFor(() => expect(api.updateRow).toHaveBeenCalledWith({ batchId: 'b_test01', row: 2, fields: { prompt: 'p', targetFaceCount: '500' } }));
    await waitFor(() => expect(screen.queryByText('Target face count: use a whole number from 0 to 500,000.')).not.toBeInTheDocument());

    fireEvent.change(screen.getByLabelText('Output folder'), { target: { value: '/projects/game/Assets/Generated' } });
    fireEvent.click(screen.getByRole('button', { name: /Run batch \(2 rows\)/ }));
    await waitFor(() => expect(api.start).toHaveBeenCalledWith({ batchId: 'b_test01', outDir: '/projects/game/Assets/Generated', spreadAcrossKeys: false }));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.getByLabelText('Batch progress')).toHaveAttribute('max', '2');
  });

  it('ticks Skip at once while the host confirms, and shows the host’s answer when it refuses', async () => {
    let answer: (value: unknown) => void = () => undefined;
    api.updateRow!.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    render(<BatchView />);
    fireEvent.change(screen.getByLabelText('List file'), { target: { files: [new File(['kind,prompt\n'], 'props.csv', { type: 'text/csv' })] } });
    const skip = await screen.findByLabelText('Skip row 1');
    fireEvent.click(skip);
    expect(skip).toBeChecked();
    expect(api.updateRow).toHaveBeenCalledWith({ batchId: 'b_test01', row: 1, skip: true });
    await act(async () => answer({ ok: false, problem: { reason: 'state', message: 'The batch is running.' } }));
    await waitFor(() => expect(screen.getByLabelText('Skip row 1')).not.toBeChecked());
  });

  it('follows pushed changes: progress, and a 402 pause with the balance and the queued rows', async () => {
    render(<BatchView />);
    await waitFor(() => expect(listeners.length).toBeGreaterThan(0));
    const paused = batchOf([row(1, { state: 'done', localId: 'l1', jobId: 'job-1', file: 'row-001_prop-1_job1.glb' }), row(2, { state: 'queued', localId: 'l2' })], {
      state: 'paused',
      pauseReason: 'credits',
      credits: { required: 10, available: 3 },
      startedAt: new Date().toISOString(),
    });
    act(() => {
      for (const l of listeners) l(paused);
      useStore.setState({ currentBatchId: paused.id });
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('balance 3, needed 10');
    expect(screen.getByRole('alert')).toHaveTextContent('1 rows not yet sent stay queued');
    expect(screen.getByLabelText('Batch progress')).toHaveAttribute('value', '1');
    expect(screen.getByText('row-001_prop-1_job1.glb')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    // A row links to its history item.
    fireEvent.click(screen.getByRole('button', { name: 'Job job-1' }));
    expect(useStore.getState().historyFilter.query).toBe('job-1');
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
  });

  it('a row repeating a send whose answer was lost says so in words, with what to do, never the raw state', async () => {
    const repeat = row(1, { duplicateOf: { localId: 'loc_000009', jobId: 'job-lost-1', state: 'uncertain' }, duplicateChoice: 'reuse' });
    render(<BatchView />);
    await waitFor(() => expect(listeners.length).toBeGreaterThan(0));
    const draft = batchOf([repeat]);
    act(() => {
      for (const l of listeners) l(draft);
      useStore.setState({ currentBatchId: draft.id });
    });
    const line = await screen.findByRole('row', { name: 'Row 1' });
    expect(within(line).getByText(/answer never arrived/)).toHaveTextContent(/may already have made it, and charged for it.*resend that job.*dismiss it/);
    expect(line).not.toHaveTextContent(/uncertain/);
    expect(within(line).getByText('Ready')).toBeInTheDocument();
  });

  it('a list of prompts only opens with "Kind for every row" set from the Generate panel, shows its total, and can be closed before Start', async () => {
    const card = { perKind: { 'text-to-3d': 20, 'text-to-image': 5 }, quads: 10, highFaceCount: 10 };
    useStore.setState({
      generateKind: 'text-to-image',
      settings: { environments: [{ id: 'env', storageUrl: 'http://127.0.0.1:9/s', keys: [], rateCard: card }], active: { environmentId: 'env', keyId: 'k' } },
    } as never);
    const eight = (kind: string) => batchOf(Array.from({ length: 8 }, (_, i) => row(i + 1, { kind })), { listKind: kind });
    api.import!.mockImplementation(async (args: { kind?: string }) => ({ ok: true, value: eight(args.kind ?? '') }));
    api.setKind = vi.fn(async (args: { kind: string }) => ({ ok: true, value: eight(args.kind) }));
    api.discard = vi.fn(async () => ({ ok: true, value: null }));
    render(<BatchView />);
    expect(screen.getByLabelText('Kind for every row')).toHaveValue('text-to-image');
    const text = 'prompt\n' + Array.from({ length: 8 }, (_, i) => `prop ${i + 1}`).join('\n');
    fireEvent.change(screen.getByLabelText('List file'), { target: { files: [new File([text], 'props.csv', { type: 'text/csv' })] } });
    await waitFor(() => expect(api.import).toHaveBeenCalledWith({ text, name: 'props.csv', kind: 'text-to-image' }));

    // Before Start: the kind is still there to change, with the total for what will be sent.
    const kind = await screen.findByLabelText('Kind for every row');
    expect(kind).toHaveValue('text-to-image');
    expect(screen.getByRole('status', { name: 'Batch total' })).toHaveTextContent('8 rows × 5 credits = 40 credits.');
    fireEvent.change(kind, { target: { value: 'text-to-3d' } });
    await waitFor(() => expect(api.setKind).toHaveBeenCalledWith({ batchId: 'b_test01', kind: 'text-to-3d' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Batch total' })).toHaveTextContent('8 rows × 20 credits = 160 credits.'));

    // Close this batch: nothing was sent; opening Batch again offers a new list.
    fireEvent.click(screen.getByRole('button', { name: 'Close this batch' }));
    await waitFor(() => expect(api.discard).toHaveBeenCalledWith({ batchId: 'b_test01' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Batch rows' })).not.toBeInTheDocument());
    expect(screen.getByLabelText('List file')).toBeInTheDocument();
    expect(api.start).not.toHaveBeenCalled();
    expect(useStore.getState().currentBatchId).toBeUndefined();
  });
});
