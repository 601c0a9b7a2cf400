import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { JobRecord } from '../../../../shared/domain/job';
import { installBridge } from '../../bridge';
import { record } from '../../features/history/test-host';
import { useStore } from '../../state/store';
import type { StudioApi } from '../../../../shared/ipc';
import { ARRIVAL_DELAY_MS, needsThumbnail, ThumbnailQueue } from './thumbnail-queue';
import { toBase64 } from './render-thumbnail';
import { useModelThumbnails } from './use-model-thumbnails';

function job(localId: string, patch: Partial<JobRecord> = {}): JobRecord {
  return record({ localId, jobId: `up-${localId}`, title: localId, asset: { state: 'ready', format: 'glb', attempts: 1 }, ...patch });
}

const running = (localId: string) => job(localId, { state: 'running', asset: undefined });
const byId = (jobs: JobRecord[]) => Object.fromEntries(jobs.map((j) => [j.localId, j]));

describe('which jobs need a drawn thumbnail', () => {
  it('is finished models and split parts with a cached GLB and no thumbnail, nothing else', () => {
    expect(needsThumbnail(job('m1'))).toBe(true);
    expect(needsThumbnail(job('p1', { kind: 'split-to-parts' }))).toBe(true);
    expect(needsThumbnail(job('m2', { asset: { state: 'ready', format: 'glb', attempts: 1, hasThumbnail: true } }))).toBe(false);
    expect(needsThumbnail(job('i1', { kind: 'text-to-image', asset: { state: 'ready', format: 'png', attempts: 1 } }))).toBe(false);
    expect(needsThumbnail(running('m3'))).toBe(false);
    expect(needsThumbnail(job('m4', { asset: { state: 'unavailable', format: 'glb', attempts: 3 } }))).toBe(false);
    expect(needsThumbnail(job('m5', { asset: { state: 'downloading', format: 'glb', attempts: 1 } }))).toBe(false);
  });
});

describe('thumbnail queue', () => {
  it('draws a model once, however often its record changes, and never retries one that failed', async () => {
    const draw = vi.fn(async (id: string) => {
      if (id === 'bad1') throw new Error('corrupt');
    });
    const errors: string[] = [];
    const queue = new ThumbnailQueue(draw, (id) => errors.push(id), 0);
    queue.noteInitial(byId([running('good1'), running('bad1')]));
    queue.noteChanged([job('good1'), job('bad1')]);
    queue.noteChanged([job('good1', { updatedAt: 'later' })]);
    await queue.idle();
    queue.noteChanged([job('bad1'), job('good1')]);
    queue.noteOpened(job('bad1'));
    await queue.idle();
    expect(draw.mock.calls.map(([id]) => id)).toEqual(['good1', 'bad1']);
    expect(errors).toEqual(['bad1']);
  });

  it('leaves models finished before start-up alone until the user opens one', async () => {
    const draw = vi.fn(async () => undefined);
    const queue = new ThumbnailQueue(draw, undefined, 0);
    queue.noteInitial(byId([job('old1'), job('old2')]));
    queue.noteChanged([job('old1', { updatedAt: 'later' })]);
    await queue.idle();
    expect(draw).not.toHaveBeenCalled();
    queue.noteOpened(job('old2'));
    queue.noteOpened(job('old2'));
    await queue.idle();
    expect(draw.mock.calls).toEqual([['old2']]);
    expect(queue.has('old1')).toBe(false);
  });

  it('draws one model at a time', async () => {
    const gates = new Map<string, () => void>();
    const started: string[] = [];
    const queue = new ThumbnailQueue(
      (id) =>
        new Promise<void>((resolve) => {
          started.push(id);
          gates.set(id, resolve);
        }),
      undefined,
      0,
    );
    queue.noteChanged([job('a1b2c3'), job('d4e5f6')]);
    await Promise.resolve();
    expect(started).toEqual(['a1b2c3']);
    gates.get('a1b2c3')!();
    await vi.waitFor(() => expect(started).toEqual(['a1b2c3', 'd4e5f6']));
    gates.get('d4e5f6')!();
    await queue.idle();
    expect(started).toHaveLength(2);
  });
});

describe('thumbnail queue timing', () => {
  it('draws a model a few seconds after it arrives or is first shown, not at once', async () => {
    vi.useFakeTimers();
    try {
      const draw = vi.fn(async () => undefined);
      const queue = new ThumbnailQueue(draw);
      queue.noteInitial(byId([job('old001')]));
      queue.noteChanged([job('new001')]);
      await vi.advanceTimersByTimeAsync(ARRIVAL_DELAY_MS - 100);
      expect(draw).not.toHaveBeenCalled();
      queue.noteOpened(job('old001'));
      await vi.advanceTimersByTimeAsync(100);
      expect(draw.mock.calls).toEqual([['new001']]);
      await vi.advanceTimersByTimeAsync(ARRIVAL_DELAY_MS);
      expect(draw.mock.calls).toEqual([['new001'], ['old001']]);
      // Disposed before its delay ran out: never drawn.
      queue.noteChanged([job('late01')]);
      queue.dispose();
      await vi.advanceTimersByTimeAsync(ARRIVAL_DELAY_MS * 2);
      await queue.idle();
      expect(draw).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('useModelThumbnails', () => {
  it('draws a model when its asset arrives, and an older one once the viewport has shown it, each once', async () => {
    installBridge({
      api: {} as StudioApi,
      shell: 'web',
      assetUrl: (id, variant) => `/assets/${id}/${variant}`,
      stageFile: () => Promise.reject(new Error('unused')),
      assetRequestHeaders: () => ({}),
    });
    const draw = vi.fn(async () => undefined);
    const queue = new ThumbnailQueue(draw, undefined, 0);
    useStore.getState().applyJobsSnapshot([running('new001'), job('old001'), job('broken')]);
    const hook = renderHook(() => useModelThumbnails(queue));
    useStore.getState().applyJobsChanged([job('new001')]);
    await queue.idle();
    expect(draw.mock.calls).toEqual([['new001']]);

    // Not while the viewport loads it (that would compete with the preview), and never for a file that failed.
    const open = (localId: string) => {
      useStore.getState().openJob(job(localId));
      expect(useStore.getState().viewportState).toBe('loading');
      return useStore.getState().viewportTarget!.key;
    };
    const key = open('old001');
    await queue.idle();
    expect(draw.mock.calls).toEqual([['new001']]);
    useStore.getState().setViewportStatus(key, 'ready');
    await queue.idle();
    useStore.getState().setViewportStatus(open('old001'), 'ready');
    useStore.getState().setViewportStatus(open('broken'), 'error', 'The model could not be read.');
    useStore.getState().applyJobsChanged([job('new001', { updatedAt: 'later' })]);
    await queue.idle();
    expect(draw.mock.calls).toEqual([['new001'], ['old001']]);
    hook.unmount();
  });
});

describe('toBase64', () => {
  it('encodes bytes larger than one chunk exactly as the host decodes them', () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 31) % 256);
    const decoded = Uint8Array.from(atob(toBase64(bytes)), (c) => c.charCodeAt(0));
    expect(decoded).toEqual(bytes);
  });
});
