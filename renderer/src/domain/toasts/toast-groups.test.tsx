/**
 * One toast per set or batch: the counting rules as a table, then the host's
 * finished-job notices for a 3-take set and an 8-row batch shown through the
 * real hook and toasts host: one toast each, counting up to "N of N done",
 * staying while the group runs and fading by itself once it is done; and a
 * repeated error folded into one card with its count.
 */
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobSummary } from '../../../../shared/domain/job';
import type { Toast } from '../../../../shared/ipc';
import { Toasts } from '../../components/Toasts';
import { resetStore } from '../../features/generate/test-support';
import { installHostApi } from '../../features/settings/test-support';
import { useStore } from '../../state/store';
import { groupKeyOf, groupToastView, withOutcome, type Outcome, type ToastGroup } from './toast-groups';
import { useHostToasts } from '../../app/use-host-toasts';

const group = (total: number, outcomes: Record<string, Outcome>): ToastGroup => ({ id: 'group-set-s1', kind: 'set', groupId: 's1', name: 'a bronze helmet', total, outcomes });

describe('groupToastView', () => {
  it.each([
    { case: 'first of three takes', total: 3, outcomes: { a: 'done' }, title: '1 of 3 done', body: 'a bronze helmet', level: 'success', complete: false },
    { case: 'all three done', total: 3, outcomes: { a: 'done', b: 'done', c: 'done' }, title: '3 of 3 done', body: 'a bronze helmet', level: 'success', complete: true },
    { case: 'one failed', total: 3, outcomes: { a: 'done', b: 'failed', c: 'done' }, title: '3 of 3 done', body: 'a bronze helmet · 1 failed', level: 'warning', complete: true },
    { case: 'an answer lost', total: 2, outcomes: { a: 'unknown' }, title: '1 of 2 done', body: 'a bronze helmet · 1 with an unknown outcome', level: 'warning', complete: false },
  ] as const)('$case', ({ total, outcomes, title, body, level, complete }) => {
    const view = groupToastView(group(total, outcomes as Record<string, Outcome>));
    expect({ title: view.title, body: view.body, level: view.level, complete: view.complete }).toEqual({ title, body, level, complete });
    // It stays while the group runs, then fades by itself.
    expect(Number.isFinite(view.duration)).toBe(complete);
  });

  it('counts a job told twice once, by its last word, and never more ended than the group holds', () => {
    let g = group(2, {});
    g = withOutcome(g, 'a', 'failed');
    g = withOutcome(g, 'a', 'done');
    expect(groupToastView(g).title).toBe('1 of 2 done');
    expect(groupToastView(withOutcome(withOutcome(g, 'b', 'done'), 'c', 'done')).title).toBe('3 of 3 done');
  });

  it.each([
    [{ setId: 's1' }, 'group-set-s1'],
    [{ batchId: 'b1', setId: 's1' }, 'group-batch-b1'],
    [{}, undefined],
  ])('group of %o is %s', (job, id) => {
    expect(groupKeyOf(job)?.id).toBe(id);
  });
});

/** The toasts on screen (Radix adds a status region of its own that announces them). */
const shown = () => screen.queryAllByRole('status').filter((el) => el.classList.contains('toast'));

function Host() {
  useHostToasts();
  return <Toasts />;
}

const summary = (localId: string, extra: Partial<JobSummary>): JobSummary =>
  ({ localId, kind: 'text-to-3d', state: 'success', environmentId: 'sandbox', environmentName: 'Sandbox', keyId: 'k', keyName: 'Key 1', title: '', prompt: 'a bronze helmet', request: {}, createdAt: '2026-11-27T10:00:00.000Z', updatedAt: '2026-11-27T10:00:00.000Z', fragments: [], ...extra }) as JobSummary;

describe('finished-job notices on screen', () => {
  let emit: (t: Toast) => void;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    resetStore();
    installHostApi({
      app: {
        onToast: (listener: (t: Toast) => void) => {
          emit = listener;
          return () => undefined;
        },
      },
    });
  });
  afterEach(() => vi.useRealTimers());

  const finished = (localId: string, level: Toast['level'] = 'success') => act(() => emit({ id: `job-${localId}-success`, level, title: 'Text to 3D finished', body: 'a bronze helmet', localId }));

  it('a 3-take set makes one toast that counts up to "3 of 3 done · Open", then leaves by itself', async () => {
    const takes = ['t1', 't2', 't3'].map((id) => summary(id, { setId: 'set-abcdef1' }));
    useStore.setState({ jobsById: Object.fromEntries(takes.map((t) => [t.localId, t])) });
    render(<Host />);
    finished('t1');
    expect(shown()).toHaveLength(1);
    expect(shown()[0]!).toHaveTextContent('1 of 3 done');
    // Still there long after a lone toast would have gone: the set is running.
    await act(async () => vi.advanceTimersByTimeAsync(20_000));
    finished('t2');
    finished('t3');
    const toast = shown()[0]!;
    expect(shown()).toHaveLength(1);
    expect(toast).toHaveTextContent('3 of 3 done');
    expect(toast).toHaveTextContent('a bronze helmet');
    expect(within(toast).getByRole('button', { name: 'Open' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(8_000));
    expect(shown()).toHaveLength(0);
    expect(useStore.getState().toasts).toEqual([]);
  });

  it('an 8-row batch makes one toast, "8 of 8 done", whose Open shows the batch', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => summary(`r${i}`, { batchId: 'batch-1', prompt: `row ${i}` }));
    const showBatch = vi.fn(async () => undefined);
    useStore.setState({ jobsById: Object.fromEntries(rows.map((t) => [t.localId, t])), showBatch });
    render(<Host />);
    for (const r of rows.slice(0, 7)) finished(r.localId);
    finished('r7', 'error');
    expect(shown()).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    const toast = shown()[0]!;
    expect(toast).toHaveTextContent('8 of 8 done');
    expect(toast).toHaveTextContent('1 failed');
    act(() => within(toast).getByRole('button', { name: 'Open' }).click());
    expect(showBatch).toHaveBeenCalledWith('batch-1');
  });

  it('a job alone still gets its own toast; the same error again is one card with a count', () => {
    useStore.setState({ jobsById: { solo: summary('solo', {}), f1: summary('f1', { state: 'error' }), f2: summary('f2', { state: 'error' }) } });
    render(<Host />);
    finished('solo');
    expect(shown()[0]!).toHaveTextContent('Text to 3D finished');
    act(() => emit({ id: 'job-f1-error', level: 'error', title: 'Text to 3D failed', body: 'The service is busy.', localId: 'f1' }));
    act(() => emit({ id: 'job-f2-error', level: 'error', title: 'Text to 3D failed', body: 'The service is busy.', localId: 'f2' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Text to 3D failed (2 times)');
  });
});
