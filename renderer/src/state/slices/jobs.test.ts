/**
 * The jobs cache holds the summaries `jobs:list` sends; an opened job's full
 * record (with the host's model stats) replaces its summary, unless a push
 * already brought a newer record.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModelStats } from '../../../../shared/domain/job';
import { installHistoryHost, record } from '../../features/history/test-host';
import { useStore } from '../store';
import { inListingOrder } from './jobs';

const stats = { triangles: 9990, vertices: 5198, meshes: 1, textures: [{ name: 'surface', width: 1024, height: 1024, mimeType: 'image/png', bytes: 315_655 }] } as ModelStats;
const finished = record({
  localId: 'model1',
  jobId: 'up-1',
  prompt: 'a wooden crate',
  updatedAt: '2026-11-22T08:01:00.000Z',
  genParams: { topology: 'auto' },
  fragments: [{ name: 'geometry', displayName: 'Generating geometry' }],
  asset: { state: 'ready', format: 'glb', attempts: 1, bytes: 543_484, sha256: 'ab'.repeat(32), stats, hasThumbnail: true },
});

let release: (() => void) | undefined;
beforeEach(() => {
  useStore.setState({ jobsById: {}, jobsLoaded: false, jobsVersion: 0 });
});
afterEach(() => release?.());

async function listed(): Promise<void> {
  release = useStore.getState().connectJobs();
  await expect.poll(() => useStore.getState().jobsLoaded).toBe(true);
}

describe('jobs cache', () => {
  it('lists summaries: what a history row shows, without the stats an opened model needs', async () => {
    installHistoryHost([finished]);
    await listed();
    const summary = useStore.getState().jobsById.model1!;
    expect(summary).toMatchObject({ prompt: 'a wooden crate', state: 'success', asset: { state: 'ready', hasThumbnail: true, bytes: 543_484 } });
    expect(summary.asset?.stats).toBeUndefined();
    expect(summary.genParams).toBeUndefined();
    expect(summary.fragments).toBeUndefined();
  });

  it("replaces an opened job's summary with its full record", async () => {
    const host = installHistoryHost([finished]);
    await listed();
    await useStore.getState().loadJobDetails('model1');
    expect(host.calls.get).toHaveBeenCalledWith({ localId: 'model1' });
    expect(useStore.getState().jobsById.model1?.asset?.stats).toEqual(stats);
  });

  it('shares one connection: a second caller lists nothing again, and pushes reach the cache until the last release', async () => {
    const host = installHistoryHost([finished]);
    await listed();
    const releaseSecond = useStore.getState().connectJobs();
    expect(host.calls.list).toHaveBeenCalledTimes(1);
    releaseSecond();
    host.emit([{ ...finished, title: 'Still connected' }]);
    expect(useStore.getState().jobsById.model1?.title).toBe('Still connected');
    release?.();
    release = undefined;
    host.emit([{ ...finished, title: 'After the last release' }]);
    expect(useStore.getState().jobsById.model1?.title).toBe('Still connected');
  });

  it("reuses a listed job's settings from its full record (the summary carries no request)", async () => {
    const host = installHistoryHost([{ ...finished, request: { prompt: 'a wooden crate', topology: 'quads', targetFaceCount: 8000 } }]);
    await listed();
    const summary = useStore.getState().jobsById.model1!;
    expect(summary.request).toBeUndefined();
    await useStore.getState().useSettingsAgain(summary);
    expect(host.calls.get).toHaveBeenCalledWith({ localId: 'model1' });
    expect(useStore.getState().drafts['text-to-3d']).toMatchObject({ prompt: 'a wooden crate', topology: 'quads', targetFaceCount: '8000' });
  });

  it("undoing a removal restores that job without turning an opened job's full record back into a summary", async () => {
    installHistoryHost([finished, record({ localId: 'other1', prompt: 'a stone wall', createdAt: '2026-11-22T09:00:00.000Z' })]);
    await listed();
    await useStore.getState().loadJobDetails('model1');
    await useStore.getState().removeJobs(['other1']);
    expect(useStore.getState().jobsById.other1).toBeUndefined();
    await useStore.getState().undoRemove();
    expect(useStore.getState().jobsById.other1?.prompt).toBe('a stone wall');
    expect(useStore.getState().jobsById.model1?.asset?.stats).toEqual(stats);
  });

  it('asks the host only once per job, and never for a record a push brought whole', async () => {
    const host = installHistoryHost([finished, record({ localId: 'other1', prompt: 'a stone wall' })]);
    await listed();
    await useStore.getState().loadJobDetails('model1');
    await useStore.getState().loadJobDetails('model1');
    expect(host.calls.get).toHaveBeenCalledTimes(1);
    const version = useStore.getState().jobsVersion;
    host.emit([{ ...record({ localId: 'other1', prompt: 'a stone wall' }), updatedAt: '2026-11-22T09:00:00.000Z' }]);
    await useStore.getState().loadJobDetails('other1');
    expect(host.calls.get).toHaveBeenCalledTimes(1);
    expect(useStore.getState().jobsVersion).toBe(version + 1);
  });

  it("after a lost connection, takes the listing again: an opened job nothing changed keeps its stats, a changed one is fetched anew, a vanished one goes", async () => {
    const ledger = [finished, record({ localId: 'other1', prompt: 'a stone wall' }), record({ localId: 'gone01', prompt: 'removed elsewhere' })];
    const host = installHistoryHost(ledger);
    await listed();
    await useStore.getState().loadJobDetails('model1');
    await useStore.getState().loadJobDetails('other1');
    expect(host.calls.get).toHaveBeenCalledTimes(2);

    // While away: other1's asset became unavailable, gone01 was removed by another window.
    ledger[1] = { ...ledger[1]!, asset: { state: 'unavailable', format: 'glb', attempts: 5 } };
    ledger[2]!.hidden = true;
    host.emitListed();
    const jobs = useStore.getState().jobsById;
    expect(jobs.model1?.asset?.stats).toEqual(stats);
    expect(jobs.other1?.asset?.state).toBe('unavailable');
    expect(jobs.gone01).toBeUndefined();
    // The summary is not taken for a whole record: opening it asks the host again; model1 it does not.
    await useStore.getState().loadJobDetails('other1');
    await useStore.getState().loadJobDetails('model1');
    expect(host.calls.get).toHaveBeenCalledTimes(3);
  });

  it('keeps a running job pushed after the listing was made, rather than its older summary', async () => {
    const running = record({ localId: 'run001', state: 'running', updatedAt: '2026-11-22T09:00:00.000Z', fragments: [{ name: 'geometry', displayName: 'Generating geometry' }] });
    const host = installHistoryHost([running]);
    await listed();
    const pushed = { ...running, updatedAt: '2026-11-22T09:00:05.000Z', fragments: [...running.fragments, { name: 'texturing', displayName: 'Texturing' }] };
    host.emit([pushed]);
    host.emitListed();
    expect(useStore.getState().jobsById.run001).toBe(pushed);
  });

  it('keeps a newer record that a push brought while the details were on their way', async () => {
    const host = installHistoryHost([finished]);
    await listed();
    const pending = useStore.getState().loadJobDetails('model1');
    // A push with a newer version of the record overtakes the answer.
    host.emit([{ ...finished, title: 'Renamed crate', updatedAt: '2026-11-22T08:05:00.000Z' }]);
    await pending;
    expect(useStore.getState().jobsById.model1?.title).toBe('Renamed crate');
  });

  it("takes the host's listing in the order it came, and has the order checked again once a push changes the cache", async () => {
    installHistoryHost([record({ localId: 'a1', createdAt: '2026-01-01T00:00:00.000Z' }), record({ localId: 'b1', createdAt: '2026-01-02T00:00:00.000Z' })]);
    await listed();
    const cache = useStore.getState().jobsById;
    expect(Object.keys(cache)).toEqual(['b1', 'a1']);
    expect(inListingOrder(cache)).toBe(true);
    useStore.getState().applyJobsChanged([record({ localId: 'c1', createdAt: '2026-01-03T00:00:00.000Z' })]);
    expect(inListingOrder(useStore.getState().jobsById)).toBe(false);
  });
});
