/** Which export Export… (toolbar) and Ctrl/Cmd+E start for what the viewport shows, as a table. */
import { describe, expect, it, vi } from 'vitest';
import { jobRecord } from '../../../shared/domain/test/job-record';
import type { ViewportTarget } from '../state/slices/viewport';
import { exportOnScreen, openExportOnScreen, type OnScreenState } from './export-on-screen';

const finished = jobRecord({ localId: 'local-1', state: 'success', asset: { state: 'ready', format: 'glb', attempts: 1 } });
const downloading = jobRecord({ localId: 'local-2', state: 'success', asset: { state: 'downloading', format: 'glb', attempts: 0 } });
const jobView: ViewportTarget = { key: 'view-1', content: 'model', url: 'u', format: 'glb', name: 'Chair', localId: 'local-1' };
const dropped: ViewportTarget = { key: 'view-2', content: 'model', url: 'blob:x', format: 'glb', name: 'chess-board.glb' };
const droppedImage: ViewportTarget = { key: 'view-3', content: 'image', url: 'blob:y', format: 'png', name: 'photo.png' };

function state(patch: Partial<OnScreenState>): OnScreenState {
  return { viewportTarget: null, viewportState: 'empty', localModel: null, compare: null, jobsById: { 'local-1': finished, 'local-2': downloading }, ...patch };
}

const cases: [string, Partial<OnScreenState>, ReturnType<typeof exportOnScreen>][] = [
  ['nothing open', {}, null],
  ['a job still loading', { viewportTarget: jobView, viewportState: 'loading' }, null],
  ['a finished job on screen', { viewportTarget: jobView, viewportState: 'ready' }, { kind: 'job', localId: 'local-1' }],
  ['a job whose file is not cached', { viewportTarget: { ...jobView, localId: 'local-2' }, viewportState: 'ready' }, { kind: 'unavailable', reason: 'Its file is not in the cache yet.' }],
  ['a job removed from the history', { viewportTarget: { ...jobView, localId: 'gone' }, viewportState: 'ready' }, { kind: 'unavailable', reason: 'This job is not in the history any more.' }],
  ['the compare view open', { viewportTarget: jobView, viewportState: 'ready', compare: {} as OnScreenState['compare'] }, null],
  [
    'a dropped GLB, staged',
    { viewportTarget: dropped, viewportState: 'ready', localModel: { key: 'view-2', stagedFileId: 'staged-9', name: 'chess-board.glb' } },
    { kind: 'local', stagedFileId: 'staged-9', name: 'chess-board.glb' },
  ],
  ['a dropped GLB, still being staged', { viewportTarget: dropped, viewportState: 'ready' }, { kind: 'unavailable', reason: 'Still copying chess-board.glb into Asset Studio…' }],
  [
    'a dropped GLB whose staging failed',
    { viewportTarget: dropped, viewportState: 'ready', localModel: { key: 'view-2', name: 'chess-board.glb', error: 'The file is too large.' } },
    { kind: 'unavailable', reason: 'It could not be copied into Asset Studio: The file is too large.' },
  ],
  [
    'a staged copy of an earlier drop',
    { viewportTarget: dropped, viewportState: 'ready', localModel: { key: 'view-1', stagedFileId: 'staged-1', name: 'old.glb' } },
    { kind: 'unavailable', reason: 'Still copying chess-board.glb into Asset Studio…' },
  ],
  ['a dropped image', { viewportTarget: droppedImage, viewportState: 'ready' }, null],
  ['a skybox from the history', { viewportTarget: { ...jobView, content: 'skybox', format: 'png' }, viewportState: 'ready' }, { kind: 'job', localId: 'local-1' }],
];

describe('exportOnScreen', () => {
  it.each(cases)('%s', (_name, patch, expected) => {
    expect(exportOnScreen(state(patch))).toEqual(expected);
  });
});

describe('openExportOnScreen', () => {
  it('opens the export of the job, of the dropped file, or nothing', () => {
    const openExport = vi.fn();
    const openExportLocal = vi.fn();
    expect(openExportOnScreen({ ...state({ viewportTarget: jobView, viewportState: 'ready' }), openExport, openExportLocal })).toBe(true);
    expect(openExport).toHaveBeenCalledWith(['local-1']);
    const local = { viewportTarget: dropped, viewportState: 'ready' as const, localModel: { key: 'view-2', stagedFileId: 'staged-9', name: 'chess-board.glb' } };
    expect(openExportOnScreen({ ...state(local), openExport, openExportLocal })).toBe(true);
    expect(openExportLocal).toHaveBeenCalledWith({ stagedFileId: 'staged-9', name: 'chess-board.glb' });
    expect(openExportOnScreen({ ...state({ viewportTarget: dropped, viewportState: 'ready' }), openExport, openExportLocal })).toBe(false);
    expect(openExport).toHaveBeenCalledTimes(1);
    expect(openExportLocal).toHaveBeenCalledTimes(1);
  });
});
