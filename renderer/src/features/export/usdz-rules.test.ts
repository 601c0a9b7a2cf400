/**
 * The USDZ the app saves follows the package rules of Pixar's USDZ specification and of the
 * compliance checks `usdchecker --arkit` runs (shared/domain/usdz-rules.ts), checked on the bytes:
 * stored, every file at a multiple of 64 bytes, the root layer first, only layer and PNG/JPEG files,
 * every texture the layer names inside the package, and the stage's upAxis, metersPerUnit and defaultPrim.
 */
import { BoxGeometry, Mesh, MeshStandardMaterial, Scene, Texture } from 'three';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usdzProblems, usdzRules, zipEntries } from '../../../../shared/domain/usdz-rules';
import { zipSync, type Zippable } from 'three/examples/jsm/libs/fflate.module.js';
import { usdzFromScene } from './usdz';

/** jsdom draws nothing: a canvas whose PNG is `size` bytes stands in for the browser's, so textures of odd sizes are packed. */
let sizes: number[] = [];
beforeEach(() => {
  sizes = [1001, 777, 3333];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ({ drawImage() {}, translate() {}, scale() {} })) as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback: BlobCallback) {
    const bytes = new Uint8Array(sizes.shift() ?? 500);
    bytes.set([0x89, 0x50, 0x4e, 0x47]);
    callback(new Blob([bytes], { type: 'image/png' }));
  });
});
afterEach(() => vi.restoreAllMocks());

/** Three textured boxes: the layer, then three PNG files of odd sizes. */
function texturedScene(): Scene {
  const scene = new Scene();
  for (let i = 0; i < 3; i++) {
    const map = new Texture(document.createElement('canvas'));
    const mesh = new Mesh(new BoxGeometry(1, 1, 1), new MeshStandardMaterial({ map }));
    mesh.position.x = i * 2;
    scene.add(mesh);
  }
  return scene;
}

describe('the saved USDZ', () => {
  it('passes every package rule: stored, 64-byte aligned, root layer first, allowed types, textures inside, stage metadata', async () => {
    const bytes = await usdzFromScene(texturedScene());
    const entries = zipEntries(bytes)!;
    expect(entries[0]!.name).toBe('model.usda');
    expect(entries.filter((e) => e.name.endsWith('.png')).map((e) => e.size)).toEqual([1001, 777, 3333]);
    expect(usdzProblems(bytes)).toEqual([]);
    expect(usdzRules(bytes).map((r) => r.id)).toEqual(['zip', 'stored', 'aligned', 'firstIsLayer', 'fileTypes', 'encapsulated', 'stageMetadata', 'rootLayerBinary']);
  });
});

/** A stored zip with each file's data at a multiple of 64 bytes (a zip extra field pads the local header). */
function packUsdz(entries: readonly [string, Uint8Array][]): Uint8Array {
  const files: Zippable = {};
  let offset = 0;
  for (const [name, data] of entries) {
    const plain = offset + 30 + name.length;
    const pad = plain % 64 === 0 ? undefined : (64 - ((plain + 4) % 64)) % 64;
    files[name] = [data, { level: 0, ...(pad === undefined ? {} : { extra: { 12345: new Uint8Array(pad) } }) }];
    offset = plain + (pad === undefined ? 0 : 4 + pad) + data.length;
  }
  return zipSync(files, { level: 0 });
}

describe('usdzRules', () => {
  const layer = new TextEncoder().encode('#usda 1.0\n(\n  defaultPrim = "Root"\n  metersPerUnit = 1\n  upAxis = "Y"\n)\nasset inputs:file = @textures/a.png@\n');
  const png = new Uint8Array(77);
  it.each([
    ['a good package', [['model.usda', layer], ['textures/a.png', png]], []],
    ['a texture first', [['textures/a.png', png], ['model.usda', layer]], ['firstIsLayer']],
    ['a WebP texture', [['model.usda', layer], ['textures/a.png', png], ['textures/b.webp', png]], ['fileTypes']],
    ['a texture named but missing', [['model.usda', layer]], ['encapsulated']],
    ['compressed (and so not aligned either)', 'deflate', ['stored', 'aligned']],
    ['not aligned', 'unpadded', ['aligned']],
  ] as const)('%s', (_name, files, problems) => {
    const good = [['model.usda', layer], ['textures/a.png', png]] as [string, Uint8Array][];
    const bytes =
      files === 'deflate' ? zipSync({ 'model.usda': layer, 'textures/a.png': [png, { level: 6 }] }, { level: 0 }) : files === 'unpadded' ? zipSync(Object.fromEntries(good), { level: 0 }) : packUsdz(files as unknown as [string, Uint8Array][]);
    expect(usdzProblems(bytes).map((r) => r.id)).toEqual(problems);
  });
});
