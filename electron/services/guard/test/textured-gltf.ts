import path from 'node:path';
import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';

/** A textured triangle written as scene.gltf + scene.bin + wood.png beside it, as most tools write glTF. */
export async function writeTexturedGltf(dir: string): Promise<string> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const position = doc.createAccessor().setType('VEC3').setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0])).setBuffer(buffer);
  const uv = doc.createAccessor().setType('VEC2').setArray(new Float32Array([0, 0, 1, 0, 0, 1])).setBuffer(buffer);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#884422' } }).png().toBuffer();
  const texture = doc.createTexture('wood').setImage(new Uint8Array(png)).setMimeType('image/png').setURI('wood.png');
  const material = doc.createMaterial('oak').setBaseColorTexture(texture);
  const prim = doc.createPrimitive().setAttribute('POSITION', position).setAttribute('TEXCOORD_0', uv).setMaterial(material);
  doc.createScene().addChild(doc.createNode('chair').setMesh(doc.createMesh().addPrimitive(prim)));
  const file = path.join(dir, 'scene.gltf');
  await new NodeIO().write(file, doc);
  return file;
}
