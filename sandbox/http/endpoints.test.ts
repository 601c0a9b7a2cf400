/**
 * Every endpoint end to end over HTTP, with what it publishes checked:
 * each GLB passes gltf-validator with zero errors, face counts and texture
 * sizes follow the request, images and skyboxes have the right shape.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETARGET_PRESETS } from '../../shared/api';
import { startSandbox, type RunningSandbox } from '../index';
import { client, pngFixture, readGlb, textureSizes, triangles, validateGlb } from '../test/support';

let sandbox: RunningSandbox;
let c: ReturnType<typeof client>;

beforeAll(async () => {
  sandbox = await startSandbox({ jobSeconds: 0.05, earlyAccess: true, credits: 100_000 });
  c = client(sandbox);
});
afterAll(async () => {
  await sandbox.close();
});

async function finished(res: { status: number; body: unknown }): Promise<string> {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = String((res.body as { jobId: string }).jobId);
  const job = await c.waitFor(id);
  expect(job.status, JSON.stringify(job)).toBe('success');
  return id;
}

async function validGlb(id: string) {
  const asset = await c.download(id, 'glb');
  expect(asset.status).toBe(200);
  expect(asset.type).toBe('model/gltf-binary');
  const report = await validateGlb(asset.bytes);
  expect(report.messages).toEqual([]);
  expect(report.errors).toBe(0);
  return readGlb(asset.bytes);
}

async function png(id: string) {
  const asset = await c.download(id, 'png');
  expect(asset.status).toBe(200);
  expect(asset.type).toBe('image/png');
  return sharp(asset.bytes).metadata();
}

const ids: Record<string, string> = {};

describe('3D generation', () => {
  it('text-to-3d honours targetFaceCount (±10%) and textureResolution', async () => {
    for (const [target, res, size] of [
      [1_500, '256', 256],
      [4_000, '1k', 1024],
      [800, 'none', null],
    ] as const) {
      const id = await finished(await c.post('/jobs/text-to-3d', { prompt: 'a blue wooden chair', targetFaceCount: target, textureResolution: res }));
      const doc = await validGlb(id);
      expect(Math.abs(triangles(doc) - target) / target).toBeLessThanOrEqual(0.1);
      expect(await textureSizes(doc)).toEqual(size ? [{ width: size, height: size }] : []);
      if (!size) expect(doc.getRoot().listMaterials()).toEqual([]);
      ids.model = id;
    }
  });

  it('tPose gives a humanoid with arms out to the sides', async () => {
    const id = await finished(await c.post('/jobs/text-to-3d', { prompt: 'a lamp', tPose: true, targetFaceCount: 3_000, textureResolution: '128' }));
    const doc = await validGlb(id);
    const pos = doc.getRoot().listMeshes()[0]!.listPrimitives()[0]!.getAttribute('POSITION')!;
    const min = pos.getMin([]);
    const max = pos.getMax([]);
    // Arm span about as wide as the figure is tall: a T.
    expect((max[0]! - min[0]!) / (max[1]! - min[1]!)).toBeGreaterThan(0.75);
    ids.humanoid = id;
  });

  it('image upload, image-to-3d (file and imageJobId) and multi-image-to-3d build textured models from the images', async () => {
    const red = await pngFixture(64, 64, { r: 230, g: 20, b: 20 });
    const up = await c.form('/jobs/image-upload', { file: { bytes: red, name: 'red.png' } });
    expect(up.status).toBe(200);
    ids.upload = String(up.body.jobId);
    expect((await c.job(ids.upload)).body.status).toBe('success');
    for (const parts of [{ file: { bytes: red, name: 'red.png' } }, { imageJobId: ids.upload }]) {
      const id = await finished(await c.form('/jobs/image-to-3d', { ...parts, targetFaceCount: '2000', textureResolution: '256' }));
      const doc = await validGlb(id);
      expect(Math.abs(triangles(doc) - 2000) / 2000).toBeLessThanOrEqual(0.1);
      const texture = doc.getRoot().listTextures()[0]!.getImage()!;
      const stats = await sharp(Buffer.from(texture)).stats();
      expect(stats.channels[0]!.mean).toBeGreaterThan(180);
      expect(stats.channels[2]!.mean).toBeLessThan(60);
    }
    const img = { bytes: red, name: 'v.png' };
    const textured = await finished(await c.form('/jobs/multi-image-to-3d', { frontImage: img, backImage: img, FaceCount: '1200', EnablePBR: 'true' }));
    const tdoc = await validGlb(textured);
    expect(Math.abs(triangles(tdoc) - 1200) / 1200).toBeLessThanOrEqual(0.1);
    expect(tdoc.getRoot().listTextures()).toHaveLength(1);
    const plain = await finished(await c.form('/jobs/multi-image-to-3d', { frontImage: img, rightImage: img }));
    expect((await validGlb(plain)).getRoot().listTextures()).toHaveLength(0);
  });
});

describe('model tools', () => {
  it('retexture keeps the positions and replaces the texture at the requested size', async () => {
    const id = await finished(await c.post('/jobs/retexture', { jobId: ids.model, prompt: 'shiny red metal', textureResolution: '512' }));
    const after = await validGlb(id);
    const before = await readGlb((await c.download(ids.model!, 'glb')).bytes);
    const p0 = before.getRoot().listMeshes()[0]!.listPrimitives()[0]!.getAttribute('POSITION')!.getArray()!;
    const p1 = after.getRoot().listMeshes()[0]!.listPrimitives()[0]!.getAttribute('POSITION')!.getArray()!;
    expect(Array.from(p1)).toEqual(Array.from(p0));
    expect(await textureSizes(after)).toEqual([{ width: 512, height: 512 }]);
    const stats = await sharp(Buffer.from(after.getRoot().listTextures()[0]!.getImage()!)).stats();
    expect(stats.channels[0]!.mean).toBeGreaterThan(stats.channels[2]!.mean);
  });

  it('split-to-parts returns the model as separately named meshes', async () => {
    const id = await finished(await c.post('/jobs/split-to-parts', { jobId: ids.humanoid }));
    const doc = await validGlb(id);
    const names = doc.getRoot().listMeshes().map((m) => m.getName());
    expect(names.length).toBeGreaterThan(5);
    expect(names).toContain('part-1-head');
    for (const n of names) expect(n).toMatch(/^part-\d+-[a-z-]+$/);
    expect(triangles(doc)).toBe(triangles(await readGlb((await c.download(ids.humanoid!, 'glb')).bytes)));
  });

  it('upload-3d publishes the uploaded GLB; text-to-solidbox and create-solid-box give models', async () => {
    const glb = (await c.download(ids.model!, 'glb')).bytes;
    const up = await finished(await c.form('/jobs/upload-3d', { file: { bytes: glb, name: 'mine.glb' } }));
    expect((await c.download(up, 'glb')).bytes.equals(glb)).toBe(true);
    const wrong = await c.form('/jobs/upload-3d', { file: { bytes: await pngFixture(), name: 'model.glb' } });
    expect(wrong.status).toBe(422);
    await validGlb(await finished(await c.post('/jobs/text-to-solidbox', { prompt: 'a stone house', targetFaceCount: 900 })));
    await validGlb(await finished(await c.post('/jobs/create-solid-box', { jobId: ids.upload })));
  });
});

describe('animation', () => {
  it('auto-rig adds a skin; retarget adds the preset clip by name; in-place drops root motion', async () => {
    const rig = await finished(await c.post('/jobs/auto-rig', { jobId: ids.humanoid }));
    const rigged = await validGlb(rig);
    expect(rigged.getRoot().listSkins()).toHaveLength(1);
    ids.rig = rig;
    for (const preset of RETARGET_PRESETS.slice(0, 3)) {
      for (const inPlace of [false, true]) {
        const id = await finished(await c.post('/jobs/retarget', { jobId: rig, retargetId: preset, inPlace }));
        const doc = await validGlb(id);
        const anim = doc.getRoot().listAnimations();
        expect(anim.map((a) => a.getName())).toEqual([preset]);
        const root = anim[0]!.listChannels().some((ch) => ch.getTargetPath() === 'translation');
        expect(root).toBe(!inPlace);
      }
    }
    const wrongSource = await c.post('/jobs/retarget', { jobId: ids.humanoid, retargetId: 'walk' });
    expect(wrongSource.status).toBe(422);
  });

  it('animate (text and video), motion-only and the synchronous merge', async () => {
    const walk = await finished(await c.post('/jobs/animate', { jobId: ids.rig, prompt: 'walks forward slowly' }));
    expect((await validGlb(walk)).getRoot().listAnimations()).toHaveLength(1);
    const mp4 = Buffer.alloc(2048);
    mp4.write('\u0000\u0000\u0000\u0018ftypisom', 0, 'latin1');
    const video = await finished(await c.form('/jobs/animate/video', { jobId: ids.rig!, file: { bytes: mp4, name: 'dance.mp4' } }));
    expect((await validGlb(video)).getRoot().listAnimations()).toHaveLength(1);
    const motion = await finished(await c.post('/jobs/animate/motion-only', { prompt: 'a happy wave' }));
    const motionDoc = await validGlb(motion);
    expect(motionDoc.getRoot().listMeshes()).toHaveLength(0);
    expect(motionDoc.getRoot().listAnimations()).toHaveLength(1);
    const merged = await c.post('/jobs/animate/merge', { meshRigId: ids.rig, animationOnlyId: motion });
    expect(merged.status).toBe(200);
    expect(merged.type).toBe('model/gltf-binary');
    const bytes = merged.bytes;
    expect((await validateGlb(bytes)).errors).toBe(0);
    const doc = await readGlb(bytes);
    expect(doc.getRoot().listSkins()).toHaveLength(1);
    expect(doc.getRoot().listAnimations()).toHaveLength(1);
    expect(doc.getRoot().listMeshes().length).toBeGreaterThan(0);
  });
});

describe('2D images and environments', () => {
  it('text-to-image honours aspectRatio; sketch-to-image and image edit give images', async () => {
    const wide = await finished(await c.post('/jobs/text-to-image', { prompt: 'a castle', aspectRatio: '16:9' }));
    expect(await png(wide)).toMatchObject({ width: 1024, height: 576 });
    const square = await finished(await c.post('/jobs/text-to-image', { prompt: 'a castle' }));
    expect(await png(square)).toMatchObject({ width: 1024, height: 1024 });
    const sketch = await finished(await c.form('/jobs/sketch-to-image', { file: { bytes: await pngFixture(300, 200), name: 's.png' }, sketchData: '{"strokes":[]}', genStyleId: 'Auto' }));
    expect((await png(sketch)).width).toBeGreaterThan(0);
    const edit = await c.post('/jobs/image-edit', { jobId: ids.upload, prompt: 'brighter', references: [{ url: 'https://example.com/a.png', kind: 'style' }] });
    expect(edit.status).toBe(200);
    expect(await png(String(edit.body.jobId))).toMatchObject({ width: 64, height: 64 });
  });

  it('spritesheets have frameCount frames in a grid', async () => {
    const id = await finished(await c.post('/jobs/spritesheet', { prompt: 'knight', spritesheet: { assetKind: 'character', mode: 'animated', frameCount: 12, animation: 'run' } }));
    expect(await png(id)).toMatchObject({ width: 4 * 256, height: 3 * 256 });
  });

  it('skyboxes from text, from an image and edited are 2:1', async () => {
    const sky = await finished(await c.post('/jobs/text-to-worldbox', { prompt: 'desert at sunset' }));
    const meta = await png(sky);
    expect(meta.width).toBe(2 * meta.height!);
    const fromImage = await finished(await c.post('/jobs/skybox-from-image', { imageJobId: ids.upload }));
    expect((await png(fromImage)).width).toBe(2 * (await png(fromImage)).height!);
    const edited = await finished(await c.post('/jobs/skybox-edit', { jobId: sky, prompt: 'make it night' }));
    expect(await png(edited)).toMatchObject({ width: meta.width, height: meta.height });
  });
});
