import { Document, NodeIO } from '@gltf-transform/core';
import { Mesh, type MeshStandardMaterial } from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import { applyNeutralDefaultMaterial } from './neutral-material';

/** A one-triangle GLB, with or without a material of its own (red, non-metallic). */
async function triangleGlb(withMaterial: boolean): Promise<ArrayBuffer> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const position = doc
    .createAccessor()
    .setType('VEC3')
    .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]))
    .setBuffer(buffer);
  const prim = doc.createPrimitive().setAttribute('POSITION', position);
  if (withMaterial) prim.setMaterial(doc.createMaterial('Red').setBaseColorFactor([1, 0, 0, 1]).setMetallicFactor(0));
  const mesh = doc.createMesh('Tri').addPrimitive(prim);
  doc.createScene().addChild(doc.createNode('Tri').setMesh(mesh));
  const bytes = await new NodeIO().writeBinary(doc);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function parse(bytes: ArrayBuffer): Promise<GLTF> {
  return new Promise((resolve, reject) => new GLTFLoader().parse(bytes, '', resolve, reject));
}

function materials(gltf: GLTF): MeshStandardMaterial[] {
  const found: MeshStandardMaterial[] = [];
  gltf.scene.traverse((o) => {
    if (o instanceof Mesh) found.push(o.material as MeshStandardMaterial);
  });
  return found;
}

describe('the thumbnail material of a model', () => {
  it.each([
    {
      case: 'no material: the loader default (fully metallic, black without an environment) is replaced by a neutral grey',
      withMaterial: false,
      changed: 1,
      metalness: 0,
      name: 'Neutral default',
    },
    {
      case: 'its own material: kept as the file says',
      withMaterial: true,
      changed: 0,
      metalness: 0,
      name: 'Red',
    },
  ])('$case', async ({ withMaterial, changed, metalness, name }) => {
    const gltf = await parse(await triangleGlb(withMaterial));
    if (!withMaterial) expect(materials(gltf)[0]!.metalness).toBe(1);
    expect(applyNeutralDefaultMaterial(gltf)).toBe(changed);
    const [material] = materials(gltf);
    expect(material!.name).toBe(name);
    expect(material!.metalness).toBe(metalness);
    if (!withMaterial) expect(material!.color.getHex()).toBe(0xb8b8b8);
    else expect(material!.color.r).toBeCloseTo(1);
  });
});
