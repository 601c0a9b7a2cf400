import fs from 'node:fs';
import { Document } from '@gltf-transform/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { corpusFile, missingSharedFile } from '../../../testkit/shared-files';
import { loadThree, toThree } from './formats';
import { modelIo } from './model-transform';
import { objText } from './obj-text';

/** What three's OBJExporter writes for the same meshes, after the same header. */
async function byOBJExporter(group: Parameters<typeof objText>[1], header: string): Promise<string> {
  const { OBJExporter } = await import('three/examples/jsm/exporters/OBJExporter.js');
  return header + new OBJExporter().parse(group);
}

/** Two nodes (one moved, turned and scaled), one mesh without normals or UVs, one without indices. */
function handMade(): Document {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const accessor = (type: 'VEC3' | 'VEC2', values: number[]) => doc.createAccessor().setType(type).setArray(new Float32Array(values)).setBuffer(buffer);
  const square = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor('VEC3', [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]))
    .setAttribute('NORMAL', accessor('VEC3', [0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]))
    .setAttribute('TEXCOORD_0', accessor('VEC2', [0, 0, 1, 0, 1, 1, 0, 1]))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint16Array([0, 1, 2, 0, 2, 3])).setBuffer(buffer))
    .setMaterial(doc.createMaterial('paint'));
  const loose = doc.createPrimitive().setAttribute('POSITION', accessor('VEC3', [0, 0, 0, 0.3, 0, 0, 0, 0.7, 0.1]));
  const scene = doc.createScene();
  scene.addChild(doc.createNode('square').setMesh(doc.createMesh('square').addPrimitive(square)).setTranslation([1, 2, 3]).setRotation([0, 0.7071068, 0, 0.7071068]).setScale([2, 2, 2]));
  scene.addChild(doc.createNode('').setMesh(doc.createMesh('loose mesh').addPrimitive(loose)));
  return doc;
}

describe('OBJ text', () => {
  it('is what three OBJExporter writes, for meshes with and without normals, UVs and indices, moved by their nodes', async () => {
    const t = await loadThree();
    const group = toThree(t, handMade(), true);
    const text = Buffer.from(objText(t.three, group, '# head\n')).toString('utf8');
    expect(text).toBe(await byOBJExporter(group, '# head\n'));
    expect(text).toContain('usemtl paint_1');
  });

  describe('corpus models', () => {
    const models = ['Fox.glb', 'carbon-sphere.glb', 'SpecularTest.glb'];
    beforeEach((ctx) => {
      const missing = missingSharedFile(models.map((f) => corpusFile('gltf', f)), 'The OBJ text comparison with three');
      if (missing) ctx.skip(missing);
    });

    it.each(models)('%s: the same bytes as three OBJExporter', async (name) => {
      const bytes = new Uint8Array(fs.readFileSync(corpusFile('gltf', name)));
      const doc = await (await modelIo(true)).readBinary(bytes);
      const t = await loadThree();
      const group = toThree(t, doc, true);
      const text = objText(t.three, group, '');
      // The carbon sphere's text runs past one 1 MB piece, so the joins between pieces are compared too.
      if (name === 'carbon-sphere.glb') expect(text.byteLength).toBeGreaterThan(2 << 20);
      expect(Buffer.from(text).equals(Buffer.from(await byOBJExporter(group, ''), 'utf8'))).toBe(true);
    });
  });
});
