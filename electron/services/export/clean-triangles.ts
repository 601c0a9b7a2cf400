/**
 * Triangles an importer drops or a renderer wastes: zero-area ones (judged by
 * area, so corners ~1e-21 apart under distinct indices count, as at a
 * sphere's pole) and duplicates (the same three corner positions, in either
 * winding: Blender keeps one of a pair of opposite-winding twins). Pure
 * functions on plain arrays, so each rule is table-tested without a file;
 * `cleanTriangles()` applies them to a document as a glTF-Transform step.
 */
import type { Document, Primitive } from '@gltf-transform/core';
import { compactPrimitive } from '@gltf-transform/functions';

/**
 * A triangle is zero-area when its area is at most this share of the square of the
 * primitive's bounding-box diagonal: far below what float32 positions can draw
 * (1e-12 of a 1 m model is a square micrometre), yet above the rounding left by simplify.
 */
export const ZERO_AREA_SHARE = 1e-12;

type Positions = ArrayLike<number>;

/** Twice the triangle's area (the cross product's length), in float64. */
function doubleArea(p: Positions, a: number, b: number, c: number): number {
  const ux = p[b * 3]! - p[a * 3]!;
  const uy = p[b * 3 + 1]! - p[a * 3 + 1]!;
  const uz = p[b * 3 + 2]! - p[a * 3 + 2]!;
  const vx = p[c * 3]! - p[a * 3]!;
  const vy = p[c * 3 + 1]! - p[a * 3 + 1]!;
  const vz = p[c * 3 + 2]! - p[a * 3 + 2]!;
  return Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
}

/** Twice the smallest area that is not zero, for these positions. */
export function zeroAreaLimit(p: Positions): number {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 2 < p.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k]!, p[i + k]!);
      max[k] = Math.max(max[k]!, p[i + k]!);
    }
  }
  const d2 = (max[0]! - min[0]!) ** 2 + (max[1]! - min[1]!) ** 2 + (max[2]! - min[2]!) ** 2;
  return Number.isFinite(d2) ? 2 * ZERO_AREA_SHARE * d2 : 0;
}

export interface TriangleSort {
  /** Triangles kept, as index triples. */
  kept: number[];
  zeroArea: number;
  duplicates: number;
}

/**
 * Sorts a triangle list (`indices`, or 0..n-1 without) into kept, zero-area and duplicate.
 * Duplicates compare corner positions, not indices, as an unordered set; the first one is kept.
 */
export function sortTriangles(positions: Positions, indices?: ArrayLike<number>): TriangleSort {
  const n = indices ? indices.length : positions.length / 3;
  const limit = zeroAreaLimit(positions);
  const seen = new Set<string>();
  const corner = (i: number) => `${positions[i * 3]},${positions[i * 3 + 1]},${positions[i * 3 + 2]}`;
  const out: TriangleSort = { kept: [], zeroArea: 0, duplicates: 0 };
  for (let t = 0; t + 2 < n; t += 3) {
    const a = indices ? indices[t]! : t;
    const b = indices ? indices[t + 1]! : t + 1;
    const c = indices ? indices[t + 2]! : t + 2;
    if (a === b || b === c || a === c || doubleArea(positions, a, b, c) <= limit) {
      out.zeroArea++;
      continue;
    }
    const key = [corner(a), corner(b), corner(c)].sort().join('|');
    if (seen.has(key)) {
      out.duplicates++;
      continue;
    }
    seen.add(key);
    out.kept.push(a, b, c);
  }
  return out;
}

/** Zero-area and duplicate triangles of one triangle-list primitive (other modes: none). */
export function primitiveTriangleSort(prim: Primitive): TriangleSort | undefined {
  const position = prim.getAttribute('POSITION');
  if (prim.getMode() !== 4 || !position) return undefined;
  return sortTriangles(position.getArray()!, prim.getIndices()?.getArray() ?? undefined);
}

/**
 * Drops zero-area and duplicate triangles of indexed triangle lists, then the vertices nothing uses.
 * Run after weld, so twins that differ only in normals or UVs share positions to compare.
 */
export function cleanTriangles() {
  return (doc: Document): void => {
    for (const mesh of doc.getRoot().listMeshes()) {
      for (const prim of mesh.listPrimitives()) {
        const indices = prim.getIndices();
        if (!indices) continue;
        const sorted = primitiveTriangleSort(prim);
        if (!sorted) continue;
        const src = indices.getArray()!;
        if (sorted.kept.length !== src.length) {
          const Ctor = src.constructor as new (values: number[]) => typeof src;
          indices.setArray(new Ctor(sorted.kept));
        }
        compactPrimitive(prim);
      }
    }
  };
}
