/**
 * Preview copies: KTX2 (Basis) textures become PNGs the page can decode,
 * everything else in the GLB stays as it was; copies are cached beside the
 * model and failures come back as results the viewport can show.
 *
 * The real KTX2 case needs the corpus beside the checkout
 * (../shared/corpus/gltf/jet-fighter.glb): no Basis encoder is installed, so
 * a KTX2 texture cannot be made in the test itself.
 */
import { NodeIO, type Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, type TestContext } from 'vitest';
import { corpusFile, missingSharedFile } from '../../../testkit/shared-files';
import { REQUESTS } from '../../../shared/ipc';
import { validateModel } from '../jobs/inspect';
import { readGlb, writeGlb, type GltfJson } from './glb-container';
import { PreviewService } from './preview-service';
import { PreviewNotNeeded, makePreviewCopy } from './transcode-glb';
import { TranscodeWorker } from './transcode-worker';

const JET = corpusFile('gltf', 'jet-fighter.glb');
/** Under CI a missing jet-fighter.glb fails the test; elsewhere it is skipped, saying so. */
const needJet = (ctx: TestContext) => {
  const missing = missingSharedFile(JET, 'The KTX2 preview test');
  if (missing) ctx.skip(missing);
};

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'preview-'));
}

async function io(): Promise<NodeIO> {
  const name = 'draco3dgltf';
  const draco = (await import(name)) as { default?: { createDecoderModule(): Promise<unknown> }; createDecoderModule?: () => Promise<unknown> };
  const factory = draco.default ?? (draco as { createDecoderModule(): Promise<unknown> });
  await MeshoptDecoder.ready;
  return new NodeIO()
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'draco3d.decoder': await factory.createDecoderModule(), 'meshopt.decoder': MeshoptDecoder });
}

function triangles(doc: Document): number {
  let n = 0;
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const prim of mesh.listPrimitives()) n += Math.floor((prim.getIndices()?.getCount() ?? prim.getAttribute('POSITION')?.getCount() ?? 0) / 3);
  }
  return n;
}

/** A one-triangle GLB whose only texture carries KHR_texture_basisu, with `image` as the KTX2 bytes and an optional PNG fallback. */
async function tinyBasisGlb(image: Uint8Array, fallbackPng = false): Promise<Uint8Array> {
  const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  const png = fallbackPng ? new Uint8Array(await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c33' } }).png().toBuffer()) : undefined;
  const parts = [new Uint8Array(positions.buffer), image, ...(png ? [png] : [])];
  const offsets: number[] = [];
  let length = 0;
  for (const p of parts) {
    offsets.push(length);
    length = (length + p.byteLength + 3) & ~3;
  }
  const bin = new Uint8Array(length);
  parts.forEach((p, i) => bin.set(p, offsets[i]));
  const json: GltfJson = {
    asset: { version: '2.0' },
    extensionsUsed: ['KHR_texture_basisu'],
    extensionsRequired: fallbackPng ? undefined : ['KHR_texture_basisu'],
    buffers: [{ byteLength: length }],
    bufferViews: parts.map((p, i) => ({ buffer: 0, byteOffset: offsets[i], byteLength: p.byteLength })),
    accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] }],
    images: [{ mimeType: 'image/ktx2', bufferView: 1 }, ...(png ? [{ mimeType: 'image/png', bufferView: 2 }] : [])],
    textures: [{ ...(png ? { source: 1 } : {}), extensions: { KHR_texture_basisu: { source: 0 } } }],
    materials: [{ pbrMetallicRoughness: { baseColorTexture: { index: 0 } } }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, material: 0 }] }],
    nodes: [{ mesh: 0 }],
    scenes: [{ nodes: [0] }],
  };
  if (!json.extensionsRequired) delete json.extensionsRequired;
  return writeGlb({ json, bin });
}

describe('the preview copy of a GLB', () => {
  it('turns jet-fighter.glb\'s three 4096² KTX2 textures into 2048² PNGs and keeps its Draco meshes', async (ctx) => {
    needJet(ctx);
    const original = new Uint8Array(fs.readFileSync(JET));
    const copy = await makePreviewCopy(original);
    const reader = await io();
    const before = await reader.readBinary(original);
    const after = await reader.readBinary(copy.glb);

    const json = readGlb(copy.glb).json;
    expect(json.extensionsUsed).not.toContain('KHR_texture_basisu');
    expect(json.extensionsRequired).toEqual(['KHR_draco_mesh_compression']);
    expect(after.getRoot().listExtensionsUsed().map((e) => e.extensionName)).not.toContain('KHR_texture_basisu');

    const textures = after.getRoot().listTextures();
    expect(textures.map((t) => t.getMimeType())).toEqual(['image/png', 'image/png', 'image/png']);
    for (const texture of textures) {
      const image = sharp(Buffer.from(texture.getImage()!));
      const meta = await image.metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 2048, 2048]);
      // A real picture, not a blank: its pixels vary (an occlusion channel may be flat, so any channel counts).
      const stats = await image.stats();
      expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(5);
    }
    expect(copy.textures).toHaveLength(3);
    expect(copy.textures.every((t) => t.width === 4096 && t.height === 4096 && t.previewWidth === 2048 && t.previewMimeType === 'image/png')).toBe(true);
    expect(copy.notes).toEqual(['Preview uses 3 KTX2 (Basis) textures transcoded to PNG in the app at 2048×2048 (4096×4096 in the file)']);

    expect(triangles(after)).toBe(triangles(before));
    expect(triangles(after)).toBe(36_446);
    // The original's six KTX2 warnings (the validator cannot read Basis) are gone, and nothing new is wrong.
    expect(await validateModel(copy.glb)).toMatchObject({ errors: 0, warnings: 0 });
    expect(after.getRoot().listMaterials().map((m) => m.getBaseColorTexture() !== null)).toEqual(before.getRoot().listMaterials().map((m) => m.getBaseColorTexture() !== null));
  });

  it('uses a texture\'s own PNG fallback and drops the extension without transcoding anything', async () => {
    const copy = await makePreviewCopy(await tinyBasisGlb(new Uint8Array([1, 2, 3, 4]), true));
    const json = readGlb(copy.glb).json;
    expect(json.extensionsUsed).toBeUndefined();
    expect(json.textures).toEqual([{ source: 1 }]);
    expect(copy.textures).toEqual([]);
    expect(copy.notes).toEqual([]);
    const doc = await (await io()).readBinary(copy.glb);
    expect(doc.getRoot().listMaterials()[0]!.getBaseColorTexture()!.getMimeType()).toBe('image/png');
  });

  it('says what broke when the KTX2 data is not Basis at all', async () => {
    const bad = await tinyBasisGlb(new Uint8Array(64).fill(7));
    await expect(makePreviewCopy(bad)).rejects.toThrow(/^KTX2 image 0: the (KTX2 data is invalid|Basis transcoder could not start)/);
  });

  it('refuses files that need no copy and files that are not GLB', async () => {
    const plain = writeGlb({ json: { asset: { version: '2.0' } }, bin: undefined });
    await expect(makePreviewCopy(plain)).rejects.toBeInstanceOf(PreviewNotNeeded);
    await expect(makePreviewCopy(new TextEncoder().encode('not a model at all'))).rejects.toThrow(/not a binary glTF/);
  });
});

describe('the transcoder thread', () => {
  it('answers a bad image with the reason and keeps serving', async () => {
    const worker = new TranscodeWorker();
    try {
      await expect(worker.transcode(new Uint8Array(64).fill(7), 2048)).rejects.toThrow(/^the (KTX2 data is invalid|Basis transcoder could not start)/);
      await expect(worker.transcode(new Uint8Array(16), 2048)).rejects.toThrow(/KTX2|Basis/);
    } finally {
      await worker.dispose();
    }
  });

  it('gives the same pixels as transcoding in this thread', async (ctx) => {
    needJet(ctx);
    const original = new Uint8Array(fs.readFileSync(JET));
    const worker = new TranscodeWorker();
    try {
      const [inThread, onWorker] = await Promise.all([makePreviewCopy(original), makePreviewCopy(original, { transcode: (b, max) => worker.transcode(b, max) })]);
      expect(Buffer.from(onWorker.glb).equals(Buffer.from(inThread.glb))).toBe(true);
      expect(onWorker.textures).toEqual(inThread.textures);
    } finally {
      await worker.dispose();
    }
  });
});

describe('files:previewCopy', () => {
  function serviceWith(files: Record<string, string>): PreviewService {
    return new PreviewService({ assetPath: (id) => files[`asset:${id}`], stagedPath: (id) => files[`staged:${id}`] });
  }

  it('accepts a job id or a staged file id, and nothing that looks like a path', () => {
    const schema = REQUESTS['files:previewCopy'].args;
    expect(schema.safeParse({ localId: 'job_12345' }).success).toBe(true);
    expect(schema.safeParse({ stagedFileId: 'abcdefgh12' }).success).toBe(true);
    expect(schema.safeParse({ localId: '../../etc/passwd' }).success).toBe(false);
    expect(schema.safeParse({ path: '/tmp/x.glb' }).success).toBe(false);
    expect(schema.safeParse({ localId: 'job_12345', stagedFileId: 'abcdefgh12' }).success).toBe(false);
  });

  it('answers not-found, not-needed and transcode-failed as results with a sentence', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'plain.glb'), writeGlb({ json: { asset: { version: '2.0' } }, bin: undefined }));
    fs.mkdirSync(path.join(dir, 'bad'));
    fs.writeFileSync(path.join(dir, 'bad', 'asset.glb'), await tinyBasisGlb(new Uint8Array(64).fill(7)));
    const service = serviceWith({ 'asset:plain01': path.join(dir, 'plain.glb'), 'asset:bad001': path.join(dir, 'bad', 'asset.glb') });
    const missing = await service.previewCopy({ localId: 'nothere' });
    const plain = await service.previewCopy({ localId: 'plain01' });
    const bad = await service.previewCopy({ localId: 'bad001' });
    expect([missing, plain, bad].map((r) => (r.ok ? 'ok' : r.problem.reason))).toEqual(['not-found', 'not-needed', 'transcode-failed']);
    expect(bad.ok ? '' : bad.problem.message).toMatch(/could not be transcoded for the preview: KTX2 image 0: the (KTX2 data is invalid|Basis transcoder could not start)/);
    expect(fs.existsSync(path.join(dir, 'bad', 'preview.glb'))).toBe(false);
  });

  it('makes the copy once, beside the cached asset, and again only when the asset changes', async (ctx) => {
    needJet(ctx);
    const dir = path.join(tempDir(), 'job0001');
    fs.mkdirSync(dir);
    const asset = path.join(dir, 'asset.glb');
    fs.copyFileSync(JET, asset);
    const service = serviceWith({ 'asset:job0001': asset });

    const [first, concurrent] = await Promise.all([service.previewFile(asset), service.previewFile(asset)]);
    expect(first).toBe(concurrent);
    expect(first.made).toBe(true);
    expect(first.file).toBe(path.join(dir, 'preview.glb'));
    const again = await service.previewFile(asset);
    expect(again.made).toBe(false);

    const result = await service.previewCopy({ localId: 'job0001' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const bytes = Buffer.from(result.value.glbBase64, 'base64');
    expect(bytes.equals(fs.readFileSync(path.join(dir, 'preview.glb')))).toBe(true);
    expect(result.value.byteLength).toBe(bytes.byteLength);
    expect(result.value.textures.map((t) => [t.width, t.previewWidth])).toEqual([[4096, 2048], [4096, 2048], [4096, 2048]]);

    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(asset, later, later);
    expect((await service.previewFile(asset)).made).toBe(true);
  });
});
