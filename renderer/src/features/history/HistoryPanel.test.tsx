import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useStore } from '../../state/store';
import { HistoryPanel } from './HistoryPanel';
import { installHistoryHost, record } from './test-host';

beforeAll(() => {
  // jsdom lays nothing out: give the list's scroller a size so the virtualiser renders rows.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 360 });
});

beforeEach(() => {
  useStore.setState({ jobsById: {}, jobsLoaded: false, lastRemoved: null, historyFilter: { status: 'all', kind: 'all', query: '' }, viewportTarget: null });
});

const items = () => screen.queryAllByRole('listitem');

describe('history panel', () => {
  it('says how many older jobs the listing left out, and opens the library to search them', async () => {
    const ledger = Array.from({ length: 12 }, (_, i) => record({ localId: `job${String(i).padStart(4, '0')}`, prompt: `crate ${i}`, createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString() }));
    installHistoryHost(ledger, { window: 5 });
    useStore.getState().setSidePanel('history');
    render(<HistoryPanel />);
    const note = await screen.findByText(/Showing the newest 5 jobs; 7 older ones are in the library\./);
    await userEvent.click(within(note).getByRole('button', { name: 'Search the library' }));
    expect(useStore.getState().sidePanel).toBe('library');
  });

  it('says nothing of a window when the whole history is listed', async () => {
    installHistoryHost([record({ localId: 'only01', prompt: 'only one' })]);
    render(<HistoryPanel />);
    await screen.findByRole('article', { name: 'only one' });
    expect(screen.queryByText(/older ones? (is|are) in the library/)).toBeNull();
  });

  it("estimates a running job's time left from this user's finished jobs of the same kind", async () => {
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    installHistoryHost([
      record({ localId: 'done01', prompt: 'done one', createdAt: at(-900_000), acceptedAt: at(-900_000), finishedAt: at(-780_000) }),
      record({ localId: 'done02', prompt: 'done two', createdAt: at(-600_000), acceptedAt: at(-600_000), finishedAt: at(-480_000) }),
      record({ localId: 'run001', prompt: 'running now', state: 'running', createdAt: at(-30_000), acceptedAt: at(-30_000) }),
    ]);
    render(<HistoryPanel />);
    const running = await screen.findByRole('article', { name: 'running now' });
    // Two past jobs took 2 minutes; 30 s have passed, so about 1m 30s is left.
    expect(within(running).getByRole('status', { name: 'Progress' })).toHaveTextContent(/about 1m (29|30)s left/);
  });

  it('shows the ledger newest first, then follows pushed changes: progress, then the finished asset', async () => {
    const host = installHistoryHost([
      record({ localId: 'old001', prompt: 'an old chair', createdAt: '2026-01-01T00:00:00Z' }),
      record({ localId: 'new001', prompt: 'a new lamp', state: 'pending', createdAt: '2026-01-02T00:00:00Z' }),
    ]);
    render(<HistoryPanel />);
    await screen.findByText('a new lamp');
    expect(items().map((li) => li.querySelector('.history-title')?.textContent)).toEqual(['a new lamp', 'an old chair']);

    act(() =>
      host.emit([
        record({
          localId: 'new001',
          prompt: 'a new lamp',
          state: 'running',
          createdAt: '2026-01-02T00:00:00Z',
          fragments: [
            { name: 'q', displayName: 'Queued upstream' },
            { name: 'mesh', displayName: 'Building mesh' },
          ],
        }),
      ]),
    );
    const lamp = screen.getByRole('article', { name: 'a new lamp' });
    expect(within(lamp).getByRole('status', { name: 'Progress' })).toHaveTextContent('Building mesh');
    expect(within(lamp).getByRole('status', { name: 'Progress' })).toHaveTextContent('1 stage done');

    act(() =>
      host.emit([
        record({ localId: 'new001', prompt: 'a new lamp', jobId: 'up-9', createdAt: '2026-01-02T00:00:00Z', asset: { state: 'ready', format: 'glb', attempts: 1, hasThumbnail: true } }),
      ]),
    );
    const done = screen.getByRole('article', { name: 'a new lamp' });
    expect(within(done).queryByRole('status', { name: 'Progress' })).toBeNull();
    expect(done.querySelector('img.history-thumb')).toHaveAttribute('src', '/assets/new001/thumbnail');
    await userEvent.click(within(done).getByRole('button', { name: 'Open a new lamp in the viewport' }));
    expect(useStore.getState().viewportTarget).toMatchObject({ localId: 'new001', content: 'model', url: '/assets/new001/asset' });

    // A job pushed after the listing takes its place by time: a newer one on top, an older one (tracked by id) below.
    act(() => host.emit([record({ localId: 'trk001', prompt: 'a tracked stool', createdAt: '2025-12-31T00:00:00Z' }), record({ localId: 'new002', prompt: 'a newer vase', createdAt: '2026-01-03T00:00:00Z' })]));
    expect(items().map((li) => li.querySelector('.history-title')?.textContent)).toEqual(['a newer vase', 'a new lamp', 'an old chair', 'a tracked stool']);
  });

  it('does not lose a change pushed while the first list is still on its way', async () => {
    const host = installHistoryHost([record({ localId: 'base01', prompt: 'listed' })], { holdList: true });
    render(<HistoryPanel />);
    // Until the list arrives the panel says it is loading (and is busy for assistive technology), not "No jobs yet".
    const panel = screen.getByRole('region', { name: 'Job history' });
    expect(panel).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading the history…')).toBeInTheDocument();
    expect(screen.queryByText(/No jobs yet/)).not.toBeInTheDocument();
    act(() => host.emit([record({ localId: 'push01', prompt: 'pushed early', createdAt: '2026-12-01T00:00:00Z' })]));
    await act(async () => host.releaseList());
    expect(panel).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByText('Loading the history…')).not.toBeInTheDocument();
    await screen.findByText('pushed early');
    expect(screen.getByText('listed')).toBeInTheDocument();
    expect(host.calls.list).toHaveBeenCalledTimes(1);
  });

  it('filters by search and status, and says when nothing matches', async () => {
    installHistoryHost([
      record({ localId: 'aaa001', prompt: 'oak tree', jobId: 'up-oak' }),
      record({ localId: 'bbb001', prompt: 'stone wall', state: 'error', problem: { message: 'The service failed.' } }),
    ]);
    render(<HistoryPanel />);
    await screen.findByText('oak tree');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search history' }), 'up-oak');
    await screen.findByText('oak tree');
    expect(items()).toHaveLength(1);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search history' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'failed');
    expect(items()).toHaveLength(1);
    const failed = screen.getByRole('article', { name: 'stone wall' });
    await userEvent.click(within(failed).getByRole('button', { name: 'Show error' }));
    expect(within(failed).getByText('The service failed.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'uncertain');
    expect(screen.getByText('No job matches these filters.')).toBeInTheDocument();
  });

  it('offers each problem state its own fix', async () => {
    const host = installHistoryHost([
      record({ localId: 'unc001', prompt: 'maybe sent', state: 'uncertain' }),
      record({ localId: 'gone01', prompt: 'no asset', asset: { state: 'unavailable', format: 'glb', attempts: 5, problem: 'The asset link expired.' } }),
    ]);
    render(<HistoryPanel />);
    const uncertain = await screen.findByRole('article', { name: 'maybe sent' });
    await userEvent.click(within(uncertain).getByRole('button', { name: 'Resend' }));
    expect(host.calls.resend).toHaveBeenCalledWith({ localId: 'unc001' });
    await userEvent.click(within(uncertain).getByRole('button', { name: 'Dismiss' }));
    expect(host.calls.dismiss).toHaveBeenCalledWith({ localId: 'unc001' });
    const gone = screen.getByRole('article', { name: 'no asset' });
    expect(gone).toHaveTextContent('The asset link expired.');
    await userEvent.click(within(gone).getByRole('button', { name: 'Retry download' }));
    expect(host.calls.retryDownload).toHaveBeenCalledWith({ localId: 'gone01' });
  });

  it('shows why a job is not moving: a rejected key with Resume polling, a retried status check, a retried download', async () => {
    const soon = new Date(Date.now() + 4_000).toISOString();
    const host = installHistoryHost([
      record({ localId: 'key001', prompt: 'revoked key', state: 'running', polling: { state: 'key-rejected', reason: 'the service rejected this key (401). Update the key in Settings, or choose Resume polling.', attempts: 1, status: 401 } }),
      record({ localId: 'ret001', prompt: 'flaky status', state: 'running', polling: { state: 'retrying', reason: 'The service failed (502).', attempts: 2, retryAt: soon, status: 502 } }),
      // A download in hand: its process (4242) waits to retry it.
      record({ localId: 'dl0001', prompt: 'cut download', asset: { state: 'retrying', format: 'glb', attempts: 3, nextAttemptAt: soon, failure: 'incomplete', problem: 'The GLB header declares 9000 bytes, 4500 arrived.', holder: 4242 } }),
    ]);
    render(<HistoryPanel />);
    const revoked = await screen.findByRole('article', { name: 'revoked key' });
    expect(revoked).toHaveTextContent('Polling paused: the service rejected this key (401)');
    await userEvent.click(within(revoked).getByRole('button', { name: 'Resume polling' }));
    expect(host.calls.resumePolling).toHaveBeenCalledWith({ localId: 'key001' });
    expect(screen.getByRole('article', { name: 'flaky status' })).toHaveTextContent(/Status check 2 failed; retrying in [34]s\. The service failed \(502\)\./);
    expect(screen.getByRole('article', { name: 'cut download' })).toHaveTextContent(/Download attempt 3 failed; retrying in [34]s\. The GLB header declares 9000 bytes, 4500 arrived\./);
    // The badge says it too, not "Downloading" as for a first attempt.
    expect(within(screen.getByRole('article', { name: 'cut download' })).getByText('Download retrying (attempt 4)')).toHaveClass('history-badge-retrying');
    expect(within(screen.getByRole('article', { name: 'flaky status' })).queryByRole('button', { name: 'Resume polling' })).toBeNull();
  });

  it('removes an item from the history with undo', async () => {
    const host = installHistoryHost([record({ localId: 'rem001', prompt: 'remove me' }), record({ localId: 'kep001', prompt: 'keep me' })]);
    render(<HistoryPanel />);
    const item = await screen.findByRole('article', { name: 'remove me' });
    await userEvent.click(within(item).getByRole('button', { name: 'Actions for remove me' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove from history' }));
    expect(host.calls.remove).toHaveBeenCalledWith({ localIds: ['rem001'] });
    expect(screen.queryByText('remove me')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(host.calls.restore).toHaveBeenCalledWith({ localIds: ['rem001'] });
    await screen.findByText('remove me');
  });

  it('tracks a job by id and shows why when the service does not know it', async () => {
    const host = installHistoryHost([]);
    render(<HistoryPanel />);
    await screen.findByText('No jobs yet. Generated assets appear here.');
    await userEvent.click(screen.getByRole('button', { name: 'Track a job by id' }));
    const form = screen.getByRole('form', { name: 'Track a job by id' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Job id' }), 'missing');
    await userEvent.click(within(form).getByRole('button', { name: 'Track' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('No job with this id for this key.');
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Job id' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Job id' }), 'up-777');
    await userEvent.click(within(form).getByRole('button', { name: 'Track' }));
    expect(host.calls.track).toHaveBeenLastCalledWith({ jobId: 'up-777' });
    expect(screen.queryByRole('form', { name: 'Track a job by id' })).toBeNull();
  });

  it('renders only a screenful of rows for 10,000 records', async () => {
    installHistoryHost(
      Array.from({ length: 10_000 }, (_, i) =>
        record({ localId: `job${String(i).padStart(5, '0')}`, prompt: `prompt ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() }),
      ),
    );
    render(<HistoryPanel />);
    await screen.findByText('prompt 9999');
    expect(screen.getByRole('region', { name: 'Job history' })).toHaveAttribute('data-count', '10000');
    expect(items().length).toBeLessThan(40);
  });
});
