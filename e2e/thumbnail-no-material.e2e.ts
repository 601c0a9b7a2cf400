/**
 * A model whose primitives have no material got a black
 * silhouette as its history thumbnail (glTF's default material is fully
 * metallic, and the off-screen thumbnail has nothing for metal to reflect).
 * The thumbnail now draws such a model with a neutral grey material.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { HistoryViewport } from './pages/history-viewport';

test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' } });

/** A smooth sphere with no material at all, as some exporters and photogrammetry tools write it. */
async function materialLessSphere(): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const p: number[] = [];
  const idx: number[] = [];
  const rings = 24;
  const segments = 48;
  for (let r = 0; r <= rings; r++) {
    const theta = (r / rings) * Math.PI;
    for (let s = 0; s <= segments; s++) {
      const phi = (s / segments) * 2 * Math.PI;
      p.push(Math.sin(theta) * Math.cos(phi), Math.cos(theta), Math.sin(theta) * Math.sin(phi));
    }
  }
  // Counter-clockwise seen from outside, so the outer faces are the front faces.
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const a = r * (segments + 1) + s;
      const b = a + segments + 1;
      idx.push(a, b, a + 1, b, b + 1, a + 1);
    }
  }
  const positions = new Float32Array(p);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer))
    // On a unit sphere the normal is the position.
    .setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(positions.slice()).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint16Array(idx)).setBuffer(buffer));
  doc.createScene().addChild(doc.createNode('Sphere').setMesh(doc.createMesh('Sphere').addPrimitive(prim)));
  return new NodeIO().writeBinary(doc);
}

test('a model with no material gets a grey thumbnail, not a black silhouette', async ({ page, studio }, testInfo) => {
  test.setTimeout(180_000);
  const hv = new HistoryViewport(page, studio);
  const job = await hv.waitReady((await hv.submit('text-to-3d', { prompt: 'a plain ball' })).localId);
  // The cached model becomes the material-less cube, as if the service had returned it.
  fs.writeFileSync(path.join(studio.dataDir, 'assets', job.localId, 'asset.glb'), await materialLessSphere());

  await page.goto(studio.url);
  await hv.open(job.localId);
  expect((await hv.settled(job.jobId, 120_000)).state).toBe('ready');
  await expect(hv.item(job.localId).locator('img.history-thumb')).toBeVisible({
    timeout: 90_000,
  });
  const file = path.join(studio.dataDir, 'assets', job.localId, 'thumbnail.png');
  fs.copyFileSync(file, testInfo.outputPath('thumbnail-no-material.png'));

  // Mean luminance of the model's pixels (those that differ from the background in the corner).
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const bg = [data[0]!, data[1]!, data[2]!];
  let sum = 0;
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const px = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (px.every((c, k) => Math.abs(c - bg[k]!) <= 4)) continue;
    sum += 0.2126 * px[0]! + 0.7152 * px[1]! + 0.0722 * px[2]!;
    count += 1;
  }
  // The sphere fills a good part of the frame and is lit grey: about 105 here, where the black silhouette measured about 16.
  expect(count).toBeGreaterThan(info.width * info.height * 0.1);
  expect(sum / count).toBeGreaterThan(60);
});
