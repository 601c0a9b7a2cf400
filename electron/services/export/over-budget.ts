/**
 * A model over a small budget, built in code with glTF-Transform for the
 * export tests: a textured grid of `triangles` triangles (a wavy sheet standing
 * up, so simplify has real work), a `texture` px PNG, standing `heightM` tall
 * and floating `offset` metres away from the origin, with a few degenerate
 * triangles and unused vertices.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';

export async function overBudgetGlb({ triangles = 20_000, texture = 2048, heightM = 30, offset = [3, 2, 1] as [number, number, number] } = {}): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const side = Math.max(2, Math.round(Math.sqrt(triangles / 2)));
  const n = side + 1;
  const pos: number[] = [];
  const uv: number[] = [];
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const u = i / side;
      const v = j / side;
      pos.push(u * heightM * 0.5, v * heightM, Math.sin(u * 9) * Math.cos(v * 7) * heightM * 0.05);
      uv.push(u, 1 - v);
    }
  }
  const idx: number[] = [];
  for (let j = 0; j < side; j++) {
    for (let i = 0; i < side; i++) {
      const a = j * n + i;
      idx.push(a, a + 1, a + n + 1, a, a + n + 1, a + n);
    }
  }
  // Three degenerate triangles (a repeated corner) and four vertices nothing uses.
  idx.push(0, 0, 1, 5, 6, 6, 7, 7, 7);
  for (let k = 0; k < 4; k++) {
    pos.push(99, 99, 99 + k);
    uv.push(0, 0);
  }
  // A gradient, not a solid colour (prune would turn a one-colour texture into a factor).
  const pixels = Buffer.alloc(texture * texture * 3);
  for (let y = 0; y < texture; y++) {
    for (let x = 0; x < texture; x++) pixels.set([(x * 255) / texture, (y * 255) / texture, 90], (y * texture + x) * 3);
  }
  const png = await sharp(pixels, { raw: { width: texture, height: texture, channels: 3 } })
    .png()
    .toBuffer();
  const image = doc.createTexture('albedo').setImage(png).setMimeType('image/png');
  const material = doc.createMaterial('painted').setBaseColorTexture(image);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(new Float32Array(pos)).setBuffer(buffer))
    .setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(new Float32Array(uv)).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint32Array(idx)).setBuffer(buffer))
    .setMaterial(material);
  const node = doc.createNode('sheet').setMesh(doc.createMesh('sheet').addPrimitive(prim)).setTranslation(offset);
  doc.createScene('scene').addChild(node);
  return new NodeIO().writeBinary(doc);
}
