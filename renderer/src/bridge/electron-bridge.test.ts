import { describe, expect, it, vi } from 'vitest';
import { detectBridge } from './detect';
import { createElectronBridge, type PreloadApi } from './electron-bridge';

function fakePreload(stagePathResult: unknown) {
  const stageBytes = vi.fn(async (args: { name: string; data: Uint8Array }) => ({ ok: true, value: { id: 'bytes', name: args.name, size: args.data.byteLength } }));
  const list = vi.fn(async () => ({ ok: true, value: { jobs: [], load: [] } }));
  const preload = {
    shell: 'electron',
    stagePath: vi.fn(async () => stagePathResult),
    pathOf: vi.fn((file: File) => (file.name === 'sketch.png' ? null : `/home/u/${file.name}`)),
    startDrag: vi.fn(),
    files: { stageBytes },
    jobs: { list },
  } as unknown as PreloadApi;
  return { preload, stageBytes, list };
}

describe('electron bridge', () => {
  it('names assets on the studio:// scheme by local id', () => {
    const bridge = createElectronBridge(fakePreload({ ok: true, value: {} }).preload);
    expect(bridge.assetUrl('job_1', 'asset')).toBe('studio://app/assets/job_1/asset');
    expect(bridge.assetRequestHeaders()).toEqual({});
  });

  it('stages a file from disk by its path', async () => {
    const { preload, stageBytes } = fakePreload({ ok: true, value: { id: 'by-path' } });
    const result = await createElectronBridge(preload).stageFile(new File(['x'], 'a.png'));
    expect(result).toEqual({ ok: true, value: { id: 'by-path' } });
    expect(stageBytes).not.toHaveBeenCalled();
  });

  it('sends the bytes of a file that has no path (a drawn sketch)', async () => {
    const { preload, stageBytes } = fakePreload({ ok: false, problem: { reason: 'no-path', message: 'no path' } });
    const result = await createElectronBridge(preload).stageFile(new Blob([new Uint8Array([1, 2, 3])]), 'sketch.png');
    expect(result).toMatchObject({ ok: true, value: { id: 'bytes', name: 'sketch.png', size: 3 } });
    expect(stageBytes).toHaveBeenCalledTimes(1);
  });

  it('exposes the contract API without the desktop-only extras', async () => {
    const { preload, list } = fakePreload({ ok: true, value: {} });
    const bridge = createElectronBridge(preload);
    await bridge.api.jobs.list({});
    expect(list).toHaveBeenCalled();
    expect(Object.keys(bridge.api)).not.toContain('stagePath');
    expect(Object.keys(bridge.api)).not.toContain('pathOf');
  });

  it("gives a dropped file's path on disk, and none for a file that has none", () => {
    const bridge = createElectronBridge(fakePreload({ ok: true, value: {} }).preload);
    expect(bridge.pathOf?.(new File(['x'], 'scene.gltf'))).toBe('/home/u/scene.gltf');
    expect(bridge.pathOf?.(new File(['x'], 'sketch.png'))).toBeNull();
  });
});

describe('detectBridge', () => {
  it('uses the preload when Electron put one on the window, and the browser shell otherwise', () => {
    const { preload } = fakePreload({ ok: true, value: {} });
    expect(detectBridge(Object.assign(Object.create(window) as Window, { studio: preload })).shell).toBe('electron');
    expect(detectBridge(window).shell).toBe('web');
  });
});
