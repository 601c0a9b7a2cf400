import { beforeEach, describe, expect, it } from 'vitest';
import type { JobSummary } from '../../../../shared/domain/job';
import { useStore } from '../store';

const take = (localId: string, state: string, asset?: string) =>
  ({ localId, jobId: `up-${localId}`, kind: 'text-to-3d', state, createdAt: '2026-01-01T00:00:00Z', setId: 'set-aaaaaa', ...(asset ? { asset: { state: asset } } : {}) }) as unknown as JobSummary;

function withJobs(jobs: JobSummary[]) {
  useStore.setState({ jobsById: Object.fromEntries(jobs.map((j) => [j.localId, j])), loadJobDetails: async () => undefined });
}

describe('compare slice', () => {
  beforeEach(() => useStore.setState({ compare: null, compareSelection: [], followed: null, viewportTarget: null }));

  it('a set just submitted opens in the compare view once every take has finished, not before (the follow rule, applied)', () => {
    withJobs([take('t1', 'success', 'ready'), take('t2', 'running'), take('t3', 'success', 'ready')]);
    useStore.setState({ followed: { localIds: ['t1', 't2', 't3'], setId: 'set-aaaaaa', opened: { viewKey: null, compareKey: null } } });
    useStore.getState().applyFollow();
    expect(useStore.getState().compare).toBeNull();
    withJobs([take('t1', 'success', 'ready'), take('t2', 'success', 'ready'), take('t3', 'success', 'ready')]);
    useStore.getState().applyFollow();
    expect(useStore.getState().compare).toMatchObject({ localIds: ['t1', 't2', 't3'], setId: 'set-aaaaaa', content: 'model', mode: 'side-by-side' });
    expect(useStore.getState().followed).toBeNull();
  });

  it('a set does not open over a compare view the user opened since it was submitted', () => {
    withJobs([take('t1', 'success', 'ready'), take('t2', 'success', 'ready'), take('a', 'success', 'ready'), take('b', 'success', 'ready')]);
    useStore.setState({ followed: { localIds: ['t1', 't2'], setId: 'set-aaaaaa', opened: { viewKey: null, compareKey: null } } });
    expect(useStore.getState().openCompare(['a', 'b'])).toBeNull();
    const mine = useStore.getState().compare!.key;
    useStore.getState().applyFollow();
    expect(useStore.getState().compare?.key).toBe(mine);
    expect(useStore.getState().followed).toBeNull();
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
