import { Document } from '@gltf-transform/core';
import fc from 'fast-check';
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

  it('positions compare by value: a corner at -0 is the corner at 0', () => {
    const p = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, -0, 0, -0]);
    expect(sortTriangles(p, [0, 1, 2, 3, 2, 1]).duplicates).toBe(1);
  });

  it('counts as comparing the corners as text did, on random meshes with shared positions', () => {
    // The first edition keyed each triangle by its corners' coordinates as text; the counts must not change.
    const byText = (p: Float32Array, idx: number[]) => {
      const seen = new Set<string>();
      const corner = (i: number) => `${p[i * 3]},${p[i * 3 + 1]},${p[i * 3 + 2]}`;
      let dup = 0;
      for (let t = 0; t + 2 < idx.length; t += 3) {
        const [a, b, c] = [idx[t]!, idx[t + 1]!, idx[t + 2]!];
        const key = [corner(a), corner(b), corner(c)].sort().join('|');
        if (seen.has(key)) dup++;
        seen.add(key);
      }
      return dup;
    };
    const coordinate = fc.constantFrom(0, -0, 1, 2, 0.5);
    fc.assert(
      fc.property(fc.array(fc.tuple(coordinate, coordinate, coordinate), { minLength: 3, maxLength: 12 }), fc.array(fc.nat(), { minLength: 3, maxLength: 60 }), (corners, picks) => {
        const p = new Float32Array(corners.flat());
        const idx = picks.slice(0, picks.length - (picks.length % 3)).map((i) => i % corners.length);
        const sorted = sortTriangles(p, idx);
        // Only triangles that are not zero-area take part in the duplicate count: the text keys are compared on those.
        const nonZero: number[] = [];
        for (let t = 0; t + 2 < idx.length; t += 3) if (sortTriangles(p, idx.slice(t, t + 3)).zeroArea === 0) nonZero.push(...idx.slice(t, t + 3));
        expect(sorted.duplicates).toBe(byText(p, nonZero));
      }),
      { numRuns: 300 },
    );
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
