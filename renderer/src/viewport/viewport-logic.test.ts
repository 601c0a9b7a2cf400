import { BoxGeometry, Mesh, MeshStandardMaterial, Scene, Texture } from 'three';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installBridge, type Bridge } from '../bridge';
import { useStore } from '../state/store';
import { disposeObject } from './dispose';
import { makePreviewCompatible } from './glb-compat';
import { applyViewMaterials } from './view-materials';

function glb(json: object, bin = new Uint8Array(0)): ArrayBuffer {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLen = Math.ceil(text.length / 4) * 4;
  const binLen = Math.ceil(bin.length / 4) * 4;
  const total = 12 + 8 + jsonLen + (bin.length ? 8 + binLen : 0);
  const out = new Uint8Array(total);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x46546c67, true);
  v.setUint32(4, 2, true);
  v.setUint32(8, total, true);
  v.setUint32(12, jsonLen, true);
  v.setUint32(16, 0x4e4f534a, true);
  out.set(text, 20);
  out.fill(0x20, 20 + text.length, 20 + jsonLen);
  if (bin.length) {
    v.setUint32(20 + jsonLen, binLen, true);
    v.setUint32(24 + jsonLen, 0x004e4942, true);
    out.set(bin, 28 + jsonLen);
  }
  return out.buffer;
}

function jsonOf(bytes: ArrayBuffer): Record<string, unknown> {
  const len = new DataView(bytes).getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(new Uint8Array(bytes, 20, len))) as Record<string, unknown>;
}

describe('preview compatibility (KTX2 under a CSP without unsafe-eval)', () => {
  it('drops Basis-only textures and their material slots, keeps the rest and the binary chunk', () => {
    const bin = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]);
    const source = glb(
      {
        asset: { version: '2.0' },
        extensionsUsed: ['KHR_texture_basisu', 'KHR_draco_mesh_compression'],
        extensionsRequired: ['KHR_texture_basisu'],
        textures: [{ extensions: { KHR_texture_basisu: { source: 0 } } }, { source: 1 }],
        materials: [{ pbrMetallicRoughness: { baseColorTexture: { index: 0 }, metallicRoughnessTexture: { index: 1 } }, normalTexture: { index: 0 } }],
      },
      bin,
    );
    const { bytes, omissions } = makePreviewCompatible(source);
    const json = jsonOf(bytes) as { extensionsRequired: string[]; extensionsUsed: string[]; materials: { pbrMetallicRoughness: Record<string, unknown>; normalTexture?: unknown }[] };
    expect(json.extensionsRequired).toEqual([]);
    expect(json.extensionsUsed).toEqual(['KHR_draco_mesh_compression']);
    expect(json.materials[0]?.pbrMetallicRoughness).toEqual({ metallicRoughnessTexture: { index: 1 } });
    expect(json.materials[0]?.normalTexture).toBeUndefined();
    expect(omissions).toEqual(['1 KTX2 (Basis) texture not shown in the preview']);
    expect(new DataView(bytes).getUint32(8, true)).toBe(bytes.byteLength);
    expect(Array.from(new Uint8Array(bytes).slice(-8))).toEqual(Array.from(bin));
  });

  it('leaves files without KTX2 untouched', () => {
    const source = glb({ asset: { version: '2.0' }, extensionsUsed: ['KHR_materials_unlit'] });
    expect(makePreviewCompatible(source)).toEqual({ bytes: source, omissions: [] });
  });
});

describe('disposal', () => {
  it('frees geometries, every texture slot, view-mode materials and closes ImageBitmaps', () => {
    const close = vi.fn();
    const map = new Texture({ width: 4, height: 4, close } as unknown as HTMLImageElement);
    const normalMap = new Texture();
    const material = new MeshStandardMaterial({ map, normalMap });
    const geometry = new BoxGeometry();
    const scene = new Scene().add(new Mesh(geometry, material));
    const extra = applyViewMaterials(scene, 'normals', null);
    const disposed = { geometry: vi.fn(), map: vi.fn(), normal: vi.fn(), material: vi.fn(), extra: vi.fn() };
    geometry.addEventListener('dispose', disposed.geometry);
    map.addEventListener('dispose', disposed.map);
    normalMap.addEventListener('dispose', disposed.normal);
    material.addEventListener('dispose', disposed.material);
    extra[0]?.addEventListener('dispose', disposed.extra);
    disposeObject(scene, extra);
    expect(Object.values(disposed).map((f) => f.mock.calls.length)).toEqual([1, 1, 1, 1, 1]);
    expect(close).toHaveBeenCalledTimes(1);
  });
});

describe('viewport slice', () => {
  beforeEach(() => {
    installBridge({
      api: {} as never,
      shell: 'web',
      assetUrl: (id, variant) => `/assets/${id}/${variant}`,
      stageFile: () => Promise.reject(new Error('unused')),
      assetRequestHeaders: () => ({}),
    });
    useStore.getState().closeViewport();
    useStore.setState({ lastModel: null, modelBackdrop: null });
  });

  it('opens a job by what its kind produces, and split-to-parts results with their parts list', () => {
    const s = () => useStore.getState();
    s().openJob({ localId: 'img001', kind: 'text-to-image', jobId: 'up-1' });
    expect(s().viewportTarget).toMatchObject({ content: 'image', url: '/assets/img001/asset', jobId: 'up-1' });
    s().openJob({ localId: 'sky001', kind: 'text-to-worldbox' });
    expect(s().viewportTarget).toMatchObject({ content: 'skybox', format: 'png' });
    s().openJob({ localId: 'prt001', kind: 'split-to-parts' });
    expect(s().viewportTarget).toMatchObject({ content: 'model', format: 'glb', parts: true });
    // An upload produces nothing on the service, but the app keeps its image: it opens as one.
    s().openJob({ localId: 'upl001', kind: 'image-upload' });
    expect(s().viewportTarget).toMatchObject({ content: 'image', format: 'png', url: '/assets/upl001/asset' });
    expect(s().viewportState).toBe('loading');
  });

  it('ignores a late status from an asset that is no longer shown', () => {
    const s = () => useStore.getState();
    s().openJob({ localId: 'aaa001', kind: 'text-to-3d' });
    const first = s().viewportTarget?.key ?? '';
    s().openJob({ localId: 'bbb001', kind: 'text-to-3d' });
    s().setViewportStatus(first, 'error', 'old failure');
    expect(s().viewportState).toBe('loading');
    s().setViewportStatus(s().viewportTarget?.key ?? '', 'ready');
    expect(s().viewportState).toBe('ready');
  });

  it('opens dropped files by type and refuses others with a reason', () => {
    const s = () => useStore.getState();
    s().openLocalFile(new File(['x'], 'notes.txt'));
    expect(s().viewportState).toBe('error');
    expect(s().viewportError).toContain('notes.txt is not a file the viewport can show');
  });

  /** A bridge whose staging answers when the test says (main staging and checking a dropped file). */
  function stagingBridge() {
    let answer: (result: Awaited<ReturnType<Bridge['stageFile']>>) => void = () => undefined;
    const stageFile = vi.fn(() => new Promise<Awaited<ReturnType<Bridge['stageFile']>>>((resolve) => (answer = resolve)));
    installBridge({ api: {} as never, shell: 'web', assetUrl: (id, variant) => `/assets/${id}/${variant}`, stageFile, assetRequestHeaders: () => ({}) });
    return { stageFile, answer: (result: Awaited<ReturnType<Bridge['stageFile']>>) => answer(result) };
  }
  const staged = (name: string) => ({ ok: true as const, value: { id: 'staged-0001', name, size: 4, sha256: '', format: 'glb' as const, kind: 'model' as const, mime: 'model/gltf-binary' } });

  /** A bridge whose panorama check answers when the test says (main reading a dropped HDR's header). */
  function panoramaBridge() {
    let answer: (result: unknown) => void = () => undefined;
    const checkPanorama = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    installBridge({ api: { files: { checkPanorama } } as never, shell: 'web', assetUrl: (id, variant) => `/assets/${id}/${variant}`, stageFile: vi.fn(), assetRequestHeaders: () => ({}) });
    return { checkPanorama, answer: (result: unknown) => answer(result) };
  }
  const hdrBytes = (header: string, tail: number[] = []) => new Uint8Array([...Array.from(header, (c) => c.charCodeAt(0)), ...tail]);

  it('a dropped HDR panorama opens as a skybox only once main has judged its header, its bytes sent as they are', async () => {
    const s = () => useStore.getState();
    const main = panoramaBridge();
    // Scanline bytes from 0x80 to 0x9f must reach main unchanged (windows-1252 decoding would turn 0x80 into €).
    s().openLocalFile(new File([hdrBytes('#?RADIANCE\n\n-Y 512 +X 1024\n', [0x02, 0x02, 0x80, 0x9f])], 'sky.hdr'));
    expect(s().viewportTarget).toMatchObject({ content: 'skybox', format: 'hdr', name: 'sky.hdr', url: '' });
    expect(s().viewportState).toBe('checking');
    await vi.waitFor(() => expect(main.checkPanorama).toHaveBeenCalled());
    const sent = (main.checkPanorama.mock.calls[0] as unknown as [{ name: string; size: number; head: string }])[0];
    expect(sent).toMatchObject({ name: 'sky.hdr', size: 31 });
    expect(Array.from(sent.head.slice(-4), (c) => c.charCodeAt(0))).toEqual([0x02, 0x02, 0x80, 0x9f]);
    main.answer({ ok: true, value: { width: 1024, height: 512 } });
    await vi.waitFor(() => expect(s().viewportTarget?.url).toMatch(/^blob:/));
  });

  it("a dropped HDR main refuses is never given to the loader, and says why in main's words", async () => {
    const s = () => useStore.getState();
    const main = panoramaBridge();
    s().openLocalFile(new File([hdrBytes('#?RADIANCE\n\n-Y 100000 +X 100000\n')], 'bomb.hdr'));
    await vi.waitFor(() => expect(main.checkPanorama).toHaveBeenCalled());
    main.answer({ ok: false, problem: { reason: 'refused', message: 'bomb.hdr: This panorama declares 100,000 × 100,000 pixels; images up to 16,384 pixels a side are opened, so it is refused.' } });
    await vi.waitFor(() => expect(s().viewportState).toBe('error'));
    expect(s().viewportError).toBe('This panorama declares 100,000 × 100,000 pixels; images up to 16,384 pixels a side are opened, so it is refused.');
    expect(s().viewportTarget?.url).toBe('');
  });

  it('a dropped file is checked by main before anything loads it, then shown from what main accepted', async () => {
    const s = () => useStore.getState();
    const main = stagingBridge();
    const file = new File([new Uint8Array(4)], 'crate.glb');
    s().openLocalFile(file);
    // Checking: the file went to main, and the target has no URL a loader could read.
    expect(main.stageFile).toHaveBeenCalledWith(file);
    expect(s().viewportState).toBe('checking');
    expect(s().viewportTarget).toMatchObject({ content: 'model', name: 'crate.glb', url: '' });
    expect(s().lastModel).toBeNull();
    main.answer(staged('crate.glb'));
    await vi.waitFor(() => expect(s().viewportState).toBe('loading'));
    expect(s().viewportTarget?.url).toMatch(/^blob:/);
    expect(s().viewportTarget?.stagedFileId).toBe('staged-0001');
    expect(s().localModel).toMatchObject({ stagedFileId: 'staged-0001', name: 'crate.glb' });
    expect(s().lastModel?.name).toBe('crate.glb');
  });

  it('a dropped file main refuses is never given to a loader: the viewport says why, in main\'s words', async () => {
    const s = () => useStore.getState();
    const main = stagingBridge();
    s().openLocalFile(new File([new Uint8Array(300)], 'bomb.glb'));
    const reason = 'bomb.glb: This model declares 100,000,000 vertices in a 300-byte file; it is damaged or hostile.';
    main.answer({ ok: false, problem: { reason: 'refused', message: reason } });
    await vi.waitFor(() => expect(s().viewportState).toBe('error'));
    // The card shows the file's name under the reason, so the reason is not prefixed with it again.
    expect(s().viewportError).toBe('This model declares 100,000,000 vertices in a 300-byte file; it is damaged or hostile.');
    expect(s().viewportTarget?.url).toBe('');
    expect(s().lastModel).toBeNull();
  });

  it('a drop replaced while main checks it stays unshown', async () => {
    const s = () => useStore.getState();
    const main = stagingBridge();
    s().openLocalFile(new File([new Uint8Array(4)], 'first.png'));
    expect(s().viewportTarget).toMatchObject({ content: 'image', url: '' });
    s().openJob({ localId: 'aaa001', kind: 'text-to-3d' });
    main.answer(staged('first.png'));
    // The slice's own wait on this answer was made first, so it has run once this one returns.
    await main.stageFile.mock.results[0]!.value;
    expect(s().viewportTarget).toMatchObject({ localId: 'aaa001', url: '/assets/aaa001/asset' });
    expect(s().viewportState).toBe('loading');
  });

  it('previews the last model inside a chosen skybox', () => {
    const s = () => useStore.getState();
    expect(s().previewModelInSkybox({ key: 'k', content: 'skybox', url: '/sky', format: 'png', name: 'sky' })).toBe(false);
    s().openJob({ localId: 'mod001', kind: 'text-to-3d' });
    s().openJob({ localId: 'sky001', kind: 'text-to-worldbox' });
    const sky = s().viewportTarget;
    expect(sky && s().previewModelInSkybox(sky)).toBe(true);
    expect(s().viewportTarget).toMatchObject({ content: 'model', localId: 'mod001' });
    expect(s().modelBackdrop).toMatchObject({ localId: 'sky001' });
  });
});
