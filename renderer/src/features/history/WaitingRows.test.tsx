/**
 * Rows of jobs that wait: each says why (no free slot on its key, its service
 * not answering, a download no process works on), none shows a time left it
 * has no basis for, and every job not sent yet has Cancel in its row and its
 * ⋯ menu; Remove from history on one asks "Cancel and remove?" first.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStore } from '../../state/store';
import { HistoryPanel } from './HistoryPanel';
import { installHistoryHost, record } from './test-host';

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 1600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 360 });
});

const now = Date.parse('2026-11-27T12:00:00.000Z');
const at = (ms: number) => new Date(now + ms).toISOString();

beforeEach(() => {
  // The clock stands still (timers run): "next try in 12 s" is read at the moment the records were made for.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  useStore.setState({ jobsById: {}, jobsLoaded: false, lastRemoved: null, historyFilter: { status: 'all', kind: 'all', query: '' }, viewportTarget: null });
});

afterEach(() => {
  vi.useRealTimers();
});

function waitingLedger() {
  const running = [1, 2, 3, 4, 5].map((i) => record({ localId: `run00${i}`, prompt: `running ${i}`, state: 'running', jobId: `up-${i}`, createdAt: at(-60_000 - i), acceptedAt: at(-60_000) }));
  return [
    ...running,
    record({ localId: 'slot01', prompt: 'waits for a slot', state: 'queued', queue: { reason: 'cap', attempts: 0 }, createdAt: at(-1_000) }),
    record({ localId: 'down01', prompt: 'waits for its service', state: 'queued', environmentId: 'bad', environmentName: 'Bad', queue: { reason: 'network', attempts: 3, host: '127.0.0.1:9', retryAt: at(11_400) }, createdAt: at(-2_000) }),
    record({
      localId: 'poll01',
      prompt: 'followed on a silent service',
      state: 'running',
      jobId: 'up-9',
      environmentId: 'bad',
      environmentName: 'Bad',
      polling: { state: 'retrying', reason: 'Nothing came from the service for 20 s.', attempts: 2, host: '127.0.0.1:9', retryAt: at(11_400) },
      createdAt: at(-3_000),
    }),
    record({
      localId: 'dl0001',
      prompt: 'a download left by the CLI',
      state: 'success',
      jobId: 'up-10',
      finishedAt: at(-4_000),
      asset: { state: 'retrying', format: 'glb', attempts: 2, problem: 'The download ended early (10 of 20 bytes announced arrived).' },
      createdAt: at(-4_000),
    }),
    record({ localId: 'late01', prompt: 'past its estimate', state: 'pending', keyId: 'k2', keyName: 'Second key', jobId: 'up-11', createdAt: at(-240_000), acceptedAt: at(-240_000) }),
    record({ localId: 'done01', prompt: 'an earlier one', createdAt: at(-900_000), acceptedAt: at(-900_000), finishedAt: at(-780_000) }),
    record({ localId: 'wire01', prompt: 'on its way', state: 'submitting', keyId: 'k2', keyName: 'Second key', createdAt: at(-500) }),
  ];
}

describe('a waiting job says why, and one not sent yet can be cancelled', () => {
  it('names the reason of each wait and shows no time left without a basis', async () => {
    installHistoryHost(waitingLedger());
    render(<HistoryPanel />);
    expect(await screen.findByRole('article', { name: 'waits for a slot' })).toHaveTextContent('Waiting for a free slot on Main key (5 running).');
    expect(screen.getByRole('article', { name: 'waits for its service' })).toHaveTextContent('The service at 127.0.0.1:9 is not answering; next try in 12 s.');
    expect(screen.getByRole('article', { name: 'followed on a silent service' })).toHaveTextContent('The service at 127.0.0.1:9 is not answering; next try in 12 s.');
    expect(screen.getByRole('article', { name: 'a download left by the CLI' })).toHaveTextContent(
      'Paused: resumes when Asset Studio or the CLI runs; last attempt: The download ended early (10 of 20 bytes announced arrived).',
    );
    // Pending for 4 minutes against an estimate of 2: no "about 0s left".
    const late = screen.getByRole('article', { name: 'past its estimate' });
    expect(late).toHaveTextContent(/Waiting to start/);
    expect(late).not.toHaveTextContent(/left/);
  });

  it('cancels from the row and from the ⋯ menu; a request on its way says it can no longer be cancelled', async () => {
    const host = installHistoryHost(waitingLedger());
    render(<HistoryPanel />);
    const slot = await screen.findByRole('article', { name: 'waits for a slot' });
    await userEvent.click(within(slot).getByRole('button', { name: 'Cancel' }));
    expect(host.calls.cancel).toHaveBeenCalledWith({ localId: 'slot01' });

    const down = screen.getByRole('article', { name: 'waits for its service' });
    await userEvent.click(within(down).getByRole('button', { name: 'Actions for waits for its service' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Cancel' }));
    expect(host.calls.cancel).toHaveBeenLastCalledWith({ localId: 'down01' });

    // A finished job has no Cancel.
    const done = screen.getByRole('article', { name: 'an earlier one' });
    await userEvent.click(within(done).getByRole('button', { name: 'Actions for an earlier one' }));
    expect(screen.queryByRole('menuitem', { name: 'Cancel' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    const wire = screen.getByRole('article', { name: 'on its way' });
    await userEvent.click(within(wire).getByRole('button', { name: 'Actions for on its way' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Cancel' }));
    expect(await within(wire).findByRole('alert')).toHaveTextContent('already on its way to the service and can no longer be cancelled. If the service made the job, it will appear in the history.');
  });

  it('asks "Cancel and remove?" before removing a job not sent yet, and cancels it', async () => {
    const host = installHistoryHost(waitingLedger());
    render(<HistoryPanel />);
    const down = await screen.findByRole('article', { name: 'waits for its service' });
    await userEvent.click(within(down).getByRole('button', { name: 'Actions for waits for its service' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove from history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel and remove?' });
    expect(host.calls.remove).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(host.calls.cancel).not.toHaveBeenCalled();
    expect(screen.getByRole('article', { name: 'waits for its service' })).toBeInTheDocument();

    await userEvent.click(within(down).getByRole('button', { name: 'Actions for waits for its service' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove from history' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Cancel and remove?' })).getByRole('button', { name: 'Cancel and remove' }));
    expect(host.calls.cancel).toHaveBeenCalledWith({ localId: 'down01' });
    expect(host.calls.remove).toHaveBeenCalledWith({ localIds: ['down01'] });
  });
});
