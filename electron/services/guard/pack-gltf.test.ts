import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import { afterEach, describe, expect, it } from 'vitest';
import { packGltf, resourcePath } from './pack-gltf';
import { writeTexturedGltf } from './test/textured-gltf';
import { checkGlb } from './verdicts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function temp(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'pack-gltf-'));
  dirs.push(d);
  return d;
}

const gltfNaming = (uri: string, byteLength = 36) =>
  JSON.stringify({
    asset: { version: '2.0' },
    buffers: [{ uri, byteLength }],
    bufferViews: [{ buffer: 0, byteLength }],
    accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3' }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
  });

describe('resourcePath: only files inside the glTF’s own folder', () => {
  it.each([
    ['scene.bin', '/m/scene.bin'],
    ['textures/wood%20grain.png', '/m/textures/wood grain.png'],
    ['./a/../b.bin', '/m/b.bin'],
    ['../secret.bin', undefined],
    ['textures/../../etc/passwd', undefined],
    ['%2e%2e/%2e%2e/etc/passwd', undefined],
    ['/etc/passwd', undefined],
    ['\\\\server\\share\\x.bin', undefined],
    ['C:\\Windows\\x.bin', undefined],
    ['file:///etc/passwd', undefined],
    ['https://example.com/x.bin', undefined],
    ['%E0%A4%A', undefined],
    ['', undefined],
    ['.', undefined],
  ])('%j → %j', (uri, expected) => expect(resourcePath('/m', uri)).toBe(expected));
});

describe('packGltf', () => {
  it('packs a .gltf with its buffer and texture beside it into one GLB the guard accepts, holding the texture', async () => {
    const dir = temp();
    const file = await writeTexturedGltf(dir);
    expect(fs.readdirSync(dir).sort()).toEqual(['scene.bin', 'scene.gltf', 'wood.png']);
    const out = path.join(temp(), 'packed.glb');
    const answer = await packGltf(file, out);
    expect(answer).toEqual({ ok: true, value: { bytes: fs.statSync(out).size, resources: [path.join(dir, 'scene.bin'), path.join(dir, 'wood.png')].sort() } });
    const glb = new Uint8Array(fs.readFileSync(out));
    expect(checkGlb(glb).ok).toBe(true);
    const back = await new NodeIO().readBinary(glb);
    expect(back.getRoot().listTextures()[0]!.getImage()!.byteLength).toBe(fs.statSync(path.join(dir, 'wood.png')).size);
    expect(back.getRoot().listAccessors()[0]!.getCount()).toBe(3);
  });

  it('refuses a glTF that names a file outside its folder, and reads nothing there', async () => {
    const root = temp();
    fs.mkdirSync(path.join(root, 'model'));
    fs.writeFileSync(path.join(root, 'secret.bin'), Buffer.alloc(36, 7));
    fs.writeFileSync(path.join(root, 'model', 'scene.gltf'), gltfNaming('../secret.bin'));
    const out = path.join(temp(), 'packed.glb');
    expect(await packGltf(path.join(root, 'model', 'scene.gltf'), out)).toEqual({
      refused: 'This glTF names a file outside its own folder ("../secret.bin"); only files beside it are brought in.',
    });
    expect(fs.existsSync(out)).toBe(false);
  });

  it('refuses a file beside it that is a link (to a file outside, or through a linked folder)', async () => {
    const root = temp();
    const model = path.join(root, 'model');
    fs.mkdirSync(model);
    fs.writeFileSync(path.join(root, 'secret.bin'), Buffer.alloc(36, 7));
    fs.symlinkSync(path.join(root, 'secret.bin'), path.join(model, 'scene.bin'));
    fs.writeFileSync(path.join(model, 'scene.gltf'), gltfNaming('scene.bin'));
    expect(await packGltf(path.join(model, 'scene.gltf'), path.join(root, 'a.glb'))).toEqual({ refused: 'This glTF names "scene.bin", which is a link; it was not brought in.' });
    fs.mkdirSync(path.join(root, 'elsewhere'));
    fs.writeFileSync(path.join(root, 'elsewhere', 'scene.bin'), Buffer.alloc(36, 7));
    fs.symlinkSync(path.join(root, 'elsewhere'), path.join(model, 'data'));
    fs.writeFileSync(path.join(model, 'scene.gltf'), gltfNaming('data/scene.bin'));
    expect(await packGltf(path.join(model, 'scene.gltf'), path.join(root, 'b.glb'))).toEqual({ refused: 'This glTF names "data/scene.bin", which is reached through a link; it was not brought in.' });
  });

  it('says which file is missing, and refuses an accessor bomb backed by a small file before decoding', async () => {
    const dir = temp();
    fs.writeFileSync(path.join(dir, 'scene.gltf'), gltfNaming('scene.bin'));
    expect(await packGltf(path.join(dir, 'scene.gltf'), path.join(dir, 'a.glb'))).toEqual({
      refused: 'This glTF names "scene.bin", which is not beside it (bring in the folder that holds them both, or a GLB); it was not brought in.',
    });
    const bomb = JSON.parse(gltfNaming('scene.bin')) as { accessors: { count: number; bufferView?: number }[] };
    bomb.accessors[0] = { componentType: 5126, count: 100_000_000, type: 'VEC3' } as never;
    fs.writeFileSync(path.join(dir, 'scene.gltf'), JSON.stringify(bomb));
    fs.writeFileSync(path.join(dir, 'scene.bin'), Buffer.alloc(36));
    const answer = await packGltf(path.join(dir, 'scene.gltf'), path.join(dir, 'b.glb'));
    expect(answer).toEqual({ refused: expect.stringMatching(/^This model declares 100,000,000 vertices in a [0-9,]+-byte file; it is damaged or hostile\.$/) });
  });
});
