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

const BITS = new Float64Array(1);
const WORDS = new Uint32Array(BITS.buffer);

/** A hash of one coordinate's value (-0 as 0, every NaN alike: positions compare by value, as the old text keys did). */
function coordinateHash(h: number, v: number): number {
  BITS[0] = v === 0 ? 0 : v !== v ? NaN : v;
  h = Math.imul(h ^ WORDS[0]!, 0x9e3779b1);
  return Math.imul(h ^ WORDS[1]!, 0x85ebca6b) ^ (h >>> 15);
}

const same = (a: number, b: number) => a === b || (a !== a && b !== b);

function tableSize(entries: number): number {
  let size = 16;
  while (size < entries * 2) size *= 2;
  return size;
}

/**
 * Each vertex's position id: the first vertex at the same place (x, y, z by value). Open addressing over typed
 * arrays: a 500k-triangle model made a text key per corner before, 200+ MB of garbage on its checking thread.
 */
function positionIds(p: Positions, vertices: number): Int32Array {
  const ids = new Int32Array(vertices);
  const size = tableSize(vertices);
  const slots = new Int32Array(size).fill(-1);
  for (let v = 0; v < vertices; v++) {
    const x = p[v * 3]!;
    const y = p[v * 3 + 1]!;
    const z = p[v * 3 + 2]!;
    let slot = coordinateHash(coordinateHash(coordinateHash(0x811c9dc5, x), y), z) & (size - 1);
    for (;;) {
      const first = slots[slot]!;
      if (first < 0) {
        slots[slot] = v;
        ids[v] = v;
        break;
      }
      if (same(p[first * 3]!, x) && same(p[first * 3 + 1]!, y) && same(p[first * 3 + 2]!, z)) {
        ids[v] = first;
        break;
      }
      slot = (slot + 1) & (size - 1);
    }
  }
  return ids;
}

/** A set of triangles by their three position ids, in any order (either winding). */
class TriangleSet {
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(triangles: number) {
    const size = tableSize(triangles);
    this.mask = size - 1;
    this.slots = new Int32Array(size * 3).fill(-1);
  }

  /** Adds the triangle; false when it was there already. */
  add(a: number, b: number, c: number): boolean {
    // Sorted, so both windings (and any rotation) make one key.
    if (a > b) [a, b] = [b, a];
    if (b > c) [b, c] = [c, b];
    if (a > b) [a, b] = [b, a];
    let slot = (Math.imul(Math.imul(a, 0x9e3779b1) ^ b, 0x85ebca6b) ^ Math.imul(c, 0xc2b2ae35)) & this.mask;
    const s = this.slots;
    for (;;) {
      const i = slot * 3;
      if (s[i]! < 0) {
        s[i] = a;
        s[i + 1] = b;
        s[i + 2] = c;
        return true;
      }
      if (s[i] === a && s[i + 1] === b && s[i + 2] === c) return false;
      slot = (slot + 1) & this.mask;
    }
  }
}

/**
 * Sorts a triangle list (`indices`, or 0..n-1 without) into kept, zero-area and duplicate.
 * Duplicates compare corner positions, not indices, as an unordered set; the first one is kept.
 */
export function sortTriangles(positions: Positions, indices?: ArrayLike<number>): TriangleSort {
  const n = indices ? indices.length : positions.length / 3;
  const limit = zeroAreaLimit(positions);
  const ids = positionIds(positions, Math.floor(positions.length / 3));
  const seen = new TriangleSet(Math.floor(n / 3));
  const out: TriangleSort = { kept: [], zeroArea: 0, duplicates: 0 };
  for (let t = 0; t + 2 < n; t += 3) {
    const a = indices ? indices[t]! : t;
    const b = indices ? indices[t + 1]! : t + 1;
    const c = indices ? indices[t + 2]! : t + 2;
    if (a === b || b === c || a === c || doubleArea(positions, a, b, c) <= limit) {
      out.zeroArea++;
      continue;
    }
    if (!seen.add(ids[a]!, ids[b]!, ids[c]!)) {
      out.duplicates++;
      continue;
    }
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
