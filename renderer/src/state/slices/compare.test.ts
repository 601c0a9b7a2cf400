import { beforeEach, describe, expect, it } from 'vitest';
import type { JobSummary } from '../../../../shared/domain/job';
import { useStore } from '../store';

const take = (localId: string, state: string, asset?: string) =>
  ({ localId, jobId: `up-${localId}`, kind: 'text-to-3d', state, createdAt: '2026-01-01T00:00:00Z', setId: 'set-aaaaaa', ...(asset ? { asset: { state: asset } } : {}) }) as unknown as JobSummary;

function withJobs(jobs: JobSummary[]) {
  useStore.setState({ jobsById: Object.fromEntries(jobs.map((j) => [j.localId, j])), loadJobDetails: async () => undefined });
}

describe('compare slice', () => {
  beforeEach(() => useStore.setState({ compare: null, compareSelection: [], awaitedSets: {}, viewportTarget: null }));

  it('a set opens in the compare view once every take has finished, not before', () => {
    withJobs([take('t1', 'success', 'ready'), take('t2', 'running'), take('t3', 'success', 'ready')]);
    useStore.getState().awaitSet('set-aaaaaa', ['t1', 't2', 't3']);
    useStore.getState().noteSetsProgress();
    expect(useStore.getState().compare).toBeNull();
    withJobs([take('t1', 'success', 'ready'), take('t2', 'success', 'ready'), take('t3', 'success', 'ready')]);
    useStore.getState().noteSetsProgress();
    expect(useStore.getState().compare).toMatchObject({ localIds: ['t1', 't2', 't3'], setId: 'set-aaaaaa', content: 'model', mode: 'side-by-side' });
    expect(useStore.getState().awaitedSets).toEqual({});
  });

  it('a set whose takes failed but two opens with the two that finished; with one, it does not open', () => {
    withJobs([take('t1', 'success', 'ready'), take('t2', 'error'), take('t3', 'success', 'ready')]);
    useStore.getState().awaitSet('set-aaaaaa', ['t1', 't2', 't3']);
    useStore.getState().noteSetsProgress();
    expect(useStore.getState().compare?.localIds).toEqual(['t1', 't3']);
    useStore.setState({ compare: null });
    withJobs([take('t1', 'success', 'ready'), take('t2', 'error')]);
    useStore.getState().awaitSet('set-aaaaaa', ['t1', 't2']);
    useStore.getState().noteSetsProgress();
    expect(useStore.getState().compare).toBeNull();
  });

  it('the compare selection is separate from the opened job and holds at most four', () => {
    const s = useStore.getState();
    for (const id of ['a', 'b', 'c', 'd', 'e']) s.toggleCompareSelection(id);
    expect(useStore.getState().compareSelection).toEqual(['b', 'c', 'd', 'e']);
    useStore.getState().toggleCompareSelection('c');
    expect(useStore.getState().compareSelection).toEqual(['b', 'd', 'e']);
    expect(useStore.getState().viewportTarget).toBeNull();
  });

  it('refuses to open what cannot be compared, and says why', () => {
    withJobs([take('t1', 'success', 'ready'), take('t2', 'running')]);
    expect(useStore.getState().openCompare(['t1', 't2'])).toMatch(/no finished result/);
    expect(useStore.getState().compare).toBeNull();
  });
});
