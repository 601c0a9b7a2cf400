import { Document } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { cleanTriangles, sortTriangles } from './clean-triangles';
import { cleanupCounts } from './measure';

/** A unit square (two triangles) in z=0, plus corners for the cases below. */
const P = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, /* 4: ~1e-21 from 0 */ 1e-21, 0, 0, /* 5: on the line 0→1 */ 0.5, 0, 0, /* 6: same place as 2 */ 1, 1, 0];

describe('sortTriangles', () => {
  it.each([
    ['two clean triangles', [0, 1, 2, 0, 2, 3], { kept: 6, zeroArea: 0, duplicates: 0 }],
    ['a repeated index', [0, 1, 2, 0, 0, 3], { kept: 3, zeroArea: 1, duplicates: 0 }],
    ['corners 1e-21 apart under distinct indices (a pole)', [0, 1, 2, 0, 4, 3], { kept: 3, zeroArea: 1, duplicates: 0 }],
    ['three corners on one line', [0, 5, 1, 0, 1, 2], { kept: 3, zeroArea: 1, duplicates: 0 }],
    ['the same triangle twice', [0, 1, 2, 0, 1, 2], { kept: 3, zeroArea: 0, duplicates: 1 }],
    ['its twin in the opposite winding', [0, 1, 2, 0, 2, 1], { kept: 3, zeroArea: 0, duplicates: 1 }],
    ['a twin through another index at the same position', [0, 1, 2, 6, 1, 0], { kept: 3, zeroArea: 0, duplicates: 1 }],
  ])('%s', (_name, indices, expected) => {
    const sorted = sortTriangles(new Float32Array(P), indices);
    expect({ kept: sorted.kept.length, zeroArea: sorted.zeroArea, duplicates: sorted.duplicates }).toEqual(expected);
  });

  it('a small triangle in a large model is kept (only what is far below drawable counts as zero)', () => {
    const big = new Float32Array([0, 0, 0, 100, 0, 0, 0, 100, 0, 50, 50, 1, 50.001, 50, 1, 50, 50.001, 1]);
    expect(sortTriangles(big, [0, 1, 2, 3, 4, 5]).kept).toHaveLength(6);
  });
});

describe('cleanTriangles', () => {
  it('leaves a primitive with no zero-area or duplicate triangle and no unused vertex', async () => {
    const doc = new Document();
    const buffer = doc.createBuffer();
    const prim = doc
      .createPrimitive()
      .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(new Float32Array(P)).setBuffer(buffer))
      .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint16Array([0, 1, 2, 0, 2, 3, 0, 2, 1, 0, 4, 3, 6, 1, 0])).setBuffer(buffer));
    doc.createMesh('m').addPrimitive(prim);
    expect(cleanupCounts(prim)).toEqual({ degenerate: 1, duplicates: 2, unused: 1 });
    await doc.transform(cleanTriangles());
    expect(cleanupCounts(prim)).toEqual({ degenerate: 0, duplicates: 0, unused: 0 });
    expect(prim.getIndices()!.getCount()).toBe(6);
  });
});
