import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { accessorBomb, hdrHeader, triangleGlb } from '../guard/crafted-files';
import { NodeIO } from '@gltf-transform/core';
import { writeTexturedGltf } from '../guard/test/textured-gltf';
import { NOT_RECOGNISED, recognise, titleOfFile } from './import';
import { tempDataDir, testLibrary, type TestLibrary } from './test/records';

const ascii = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

describe('recognise: what a file is, by its first bytes', () => {
  it.each([
    ['chair.glb', triangleGlb().subarray(0, 64), 1000, 'model', 'glb'],
    ['photo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 1000, 'image', 'png'],
    ['photo.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 1000, 'image', 'jpeg'],
    ['sky.hdr', hdrHeader(1024, 512), 2_000_000, 'skybox', 'hdr'],
    ['scene.gltf', ascii('{\n  "asset": {"version": "2.0"}'), 500, 'model', 'gltf'],
    ['mesh.obj', ascii('# made by hand\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'), 60, 'model', 'obj'],
    ['part.stl', ascii('solid part\n facet normal 0 0 1\n'), 200, 'model', 'stl'],
    // The name does not decide: a PNG named .glb is an image.
    ['lies.glb', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 1000, 'image', 'png'],
  ])('%s (%#)', (name, head, size, mediaKind, format) => {
    expect(recognise(name, head, size)).toMatchObject({ mediaKind, format });
  });

  it.each([
    ['notes.txt', ascii('just some words'), 15, NOT_RECOGNISED],
    ['clip.mp4', ascii('\0\0\0\x18ftypmp42'), 1000, NOT_RECOGNISED],
    ['empty.glb', new Uint8Array(), 0, 'the file is empty.'],
    ['huge.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 21 * 1024 * 1024, 'it is 21.0 MB; the library takes images of this kind up to 20.0 MB.'],
  ])('%s is left out (%#)', (name, head, size, reason) => {
    expect(recognise(name, head, size)).toEqual({ skip: reason });
  });

  it.each([
    ['Fox.glb', 'Fox'],
    ['grandmas chair.final.png', 'grandmas chair.final'],
    ['README', 'README'],
  ])('titleOfFile(%j) = %j', (name, title) => expect(titleOfFile(name)).toBe(title));

});

const open: TestLibrary[] = [];
afterEach(() => {
  for (const lib of open.splice(0)) lib.close();
});

describe('library:import', () => {
  it('walks a folder, keeps each content once, thumbnails images, refuses what the guard refuses, and finds them by file name', async () => {
    const lib = testLibrary();
    open.push(lib);
    const folder = tempDataDir('import-src-');
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#c08040' } }).png().toBuffer();
    fs.writeFileSync(path.join(folder, 'oak_chair.glb'), triangleGlb());
    fs.mkdirSync(path.join(folder, 'textures'));
    fs.writeFileSync(path.join(folder, 'textures', 'wood_grain.png'), png);
    fs.writeFileSync(path.join(folder, 'textures', 'wood_grain copy.png'), png);
    fs.writeFileSync(path.join(folder, 'bomb.glb'), accessorBomb(100_000_000));
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'not a model');
    fs.writeFileSync(path.join(folder, '.DS_Store'), 'mac');
    const progress: unknown[] = [];
    const off = () => lib.events.filter((e) => e.name === 'library:importProgress').map((e) => e.payload);

    const res = await lib.handlers['library:import']({ paths: [folder] }, { shell: 'cli' });
    if (!res.ok) throw new Error(res.problem.message);
    progress.push(...off());
    expect(res.value.imported.map((a) => [a.title, a.mediaKind, a.source])).toEqual([
      ['oak_chair', 'model', 'imported'],
      ['wood_grain copy', 'image', 'imported'],
    ]);
    expect(res.value.alreadyThere.map((a) => a.fileName)).toEqual(['wood_grain copy.png']);
    expect(res.value.skipped.map((s) => s.name)).toEqual(['bomb.glb', 'notes.txt']);
    expect(res.value.skipped[0]!.reason).toMatch(/declares/);
    expect(progress.at(-1)).toEqual({ done: 5, total: 5 });

    // Stored once by content, a thumbnail for the image, none yet for the model (the window draws it).
    const image = res.value.imported[1]!;
    expect(image.hasThumbnail).toBe(true);
    expect(image.thumbnailUrl).toBe(`/assets/${image.id}/thumbnail`);
    expect(fs.existsSync(lib.files.thumbnailPath(image.id)!)).toBe(true);
    expect(fs.readFileSync(lib.files.assetPath(image.id)!)).toEqual(png);
    expect(fs.readdirSync(path.join(lib.dataDir, 'library', 'blobs'), { recursive: true }).filter((f) => String(f).includes('.'))).toHaveLength(2);

    // The same folder again: nothing new.
    const again = await lib.handlers['library:import']({ paths: [folder] }, { shell: 'cli' });
    expect(again.ok && [again.value.imported.length, again.value.alreadyThere.length]).toEqual([0, 2]);

    const found = await lib.handlers['library:search']({ query: 'wood gra', offset: 0, limit: 10 }, { shell: 'cli' });
    expect(found.ok && found.value.items.map((a) => a.id)).toEqual([image.id]);

    // Deleting the image frees its stored copy and thumbnail; the model's copy stays.
    const blob = lib.files.assetPath(image.id)!;
    const thumb = lib.files.thumbnailPath(image.id)!;
    const thumbBytes = fs.statSync(thumb).size;
    const deleted = await lib.handlers['library:delete']({ ids: [image.id] }, { shell: 'cli' });
    expect(deleted).toEqual({ ok: true, value: { deleted: 1, freedBytes: png.length + thumbBytes } });
    expect(fs.existsSync(blob) || fs.existsSync(thumb)).toBe(false);
    expect(fs.existsSync(lib.files.assetPath(res.value.imported[0]!.id)!)).toBe(true);
    fs.rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('keeps a .gltf with its buffer and texture beside it as one GLB, and does not bring those files in again on their own', async () => {
    const lib = testLibrary();
    open.push(lib);
    const folder = tempDataDir('import-gltf-');
    await writeTexturedGltf(folder);
    fs.writeFileSync(path.join(folder, 'another.glb'), triangleGlb());
    const res = await lib.handlers['library:import']({ paths: [folder] }, { shell: 'cli' });
    if (!res.ok) throw new Error(res.problem.message);
    expect(res.value.imported.map((a) => [a.fileName, a.title, a.mediaKind])).toEqual([
      ['another.glb', 'another', 'model'],
      ['scene.gltf', 'scene', 'model'],
    ]);
    expect(res.value.skipped).toEqual([
      { name: 'scene.bin', reason: 'it is part of scene.gltf, brought in with it as one model.' },
      { name: 'wood.png', reason: 'it is part of scene.gltf, brought in with it as one model.' },
    ]);
    const kept = lib.files.assetPath(res.value.imported[1]!.id)!;
    expect(kept.endsWith('.glb')).toBe(true);
    const doc = await new NodeIO().readBinary(new Uint8Array(fs.readFileSync(kept)));
    expect(doc.getRoot().listTextures()).toHaveLength(1);
    fs.rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('a .gltf chosen alone brings the files it names; without them it is left out with the reason', async () => {
    const lib = testLibrary();
    open.push(lib);
    const folder = tempDataDir('import-gltf-');
    await writeTexturedGltf(folder);
    // Chosen on its own, the files beside it still come with it.
    const res = await lib.handlers['library:import']({ paths: [path.join(folder, 'scene.gltf')] }, { shell: 'cli' });
    expect(res.ok && res.value.imported.map((a) => a.fileName)).toEqual(['scene.gltf']);
    fs.rmSync(path.join(folder, 'scene.bin'));
    const alone = await lib.handlers['library:import']({ paths: [path.join(folder, 'scene.gltf')] }, { shell: 'cli' });
    expect(alone.ok && alone.value.skipped).toEqual([
      { name: 'scene.gltf', reason: 'This glTF names "scene.bin", which is not beside it (bring in the folder that holds them both, or a GLB); it was not brought in.' },
    ]);
    fs.rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('from the browser, only inside the allowed folders', async () => {
    const lib = testLibrary();
    open.push(lib);
    const res = await lib.handlers['library:import']({ paths: ['/etc/hostname'] }, { shell: 'web' });
    expect(res.ok && res.value.skipped).toEqual([{ name: 'hostname', reason: expect.stringMatching(/only reads and writes inside your home folder/) }]);
    expect(res.ok && res.value.imported).toEqual([]);
  });

  it('a model brought in takes the thumbnail the window drew', async () => {
    const lib = testLibrary();
    open.push(lib);
    const folder = tempDataDir('import-src-');
    fs.writeFileSync(path.join(folder, 'tri.glb'), triangleGlb());
    const res = await lib.handlers['library:import']({ paths: [folder] }, { shell: 'cli' });
    const id = res.ok ? res.value.imported[0]!.id : '';
    const png = await sharp({ create: { width: 256, height: 256, channels: 4, background: '#00000000' } }).png().toBuffer();
    const saved = await lib.handlers['library:saveThumbnail']({ id, pngBase64: png.toString('base64') }, { shell: 'electron' });
    expect(saved).toEqual({ ok: true, value: null });
    const asset = await lib.handlers['library:get']({ id }, { shell: 'electron' });
    expect(asset.ok && asset.value.hasThumbnail).toBe(true);
    const notPng = await lib.handlers['library:saveThumbnail']({ id, pngBase64: Buffer.from('GIF89a-not-a-png').toString('base64') }, { shell: 'electron' });
    expect(notPng.ok).toBe(false);
    fs.rmSync(folder, { recursive: true, force: true });
  }, 60_000);
});

describe('the picture a request carried', () => {
  it('becomes a library asset of its own, shown as the source of the model made from it', async () => {
    const lib = testLibrary({ measureReadiness: true });
    open.push(lib);
    const folder = tempDataDir('staged-');
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#406080' } }).png().toBuffer();
    const file = path.join(folder, 'grandmas_chair.png');
    fs.writeFileSync(file, png);
    const sha256 = (await import('node:crypto')).createHash('sha256').update(png).digest('hex');
    const { finishedRecord } = await import('./test/records');
    lib.write(finishedRecord('image-to-3d', { localId: 'fromphoto', request: { file: { name: 'grandmas_chair.png', size: png.length, sha256, mime: 'image/png', path: file } } }));
    await lib.settle();
    const model = await lib.handlers['library:get']({ id: 'fromphoto' }, { shell: 'electron' });
    expect(model.ok && model.value.sources.map((l) => [l.relation, l.asset.source, l.asset.fileName])).toEqual([['image-to-3d', 'imported', 'grandmas_chair.png']]);
    fs.rmSync(folder, { recursive: true, force: true });
  }, 60_000);
});
