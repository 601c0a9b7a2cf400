/**
 * Parametric surfaces on an indexed grid, written into typed arrays.
 *
 * Every part is a (nu × nv) grid over a surface, so its triangle count is
 * exactly 2·nu·nv. That is what lets a model hit a requested face count:
 * the budget is shared between parts by weight and the largest part takes
 * the remainder.
 */
import type { Rgb } from './prompt-words';

export type Vec3 = [number, number, number];

interface PartBase {
  name: string;
  colour: Rgb;
  /** Share of the triangle budget (relative to the other parts). */
  weight: number;
  center: Vec3;
  /** Direction of the part's local +Y axis. Default up. */
  axis?: Vec3;
}

/** Superquadric: e controls the vertical profile, f the horizontal one (1 = round, 0.1 = boxy). */
export interface SuperquadricPart extends PartBase {
  kind: 'superquadric';
  radii: Vec3;
  e: number;
  f: number;
}

/** Surface of revolution around local Y: profile points (radius, height) from bottom to top. */
export interface LathePart extends PartBase {
  kind: 'lathe';
  profile: readonly [number, number][];
}

export interface TorusPart extends PartBase {
  kind: 'torus';
  major: number;
  minor: number;
  /** Fraction of the full turn (1 = closed ring). */
  arc?: number;
}

export type Part = SuperquadricPart | LathePart | TorusPart;

export interface BuiltMesh {
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  indices: Uint32Array;
  parts: { name: string; colour: Rgb; vertexStart: number; vertexCount: number; indexStart: number; indexCount: number }[];
}

export type UvMode = 'atlas' | 'projection';

const spow = (x: number, p: number) => Math.sign(x) * Math.pow(Math.abs(x), p);

function basisFor(axis: Vec3 | undefined): [Vec3, Vec3, Vec3] {
  const y = normalize(axis ?? [0, 1, 0]);
  const ref: Vec3 = Math.abs(y[1]) > 0.99 ? [0, 0, 1] : [0, 1, 0];
  // x = ref × y (then z = x × y) keeps the frame right-handed and equal to identity for up.
  let x = normalize(cross(y, ref));
  if (Math.abs(y[1]) > 0.99) x = y[1] > 0 ? [1, 0, 0] : [-1, 0, 0];
  const z = normalize(cross(x, y));
  return [x, y, z];
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function normalize(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

/** Local point of a part at (u, v) in [0,1]². */
function localPoint(part: Part, u: number, v: number, out: Vec3): void {
  switch (part.kind) {
    case 'superquadric': {
      const theta = -Math.PI / 2 + Math.PI * v;
      const phi = 2 * Math.PI * u;
      const ct = spow(Math.cos(theta), part.e);
      out[0] = part.radii[0] * ct * spow(Math.cos(phi), part.f);
      out[1] = part.radii[1] * spow(Math.sin(theta), part.e);
      out[2] = part.radii[2] * ct * spow(Math.sin(phi), part.f);
      return;
    }
    case 'lathe': {
      const n = part.profile.length - 1;
      const t = v * n;
      const i = Math.min(n - 1, Math.floor(t));
      const a = part.profile[i]!;
      const b = part.profile[i + 1]!;
      const k = t - i;
      const r = a[0] + (b[0] - a[0]) * k;
      const phi = 2 * Math.PI * u;
      out[0] = r * Math.cos(phi);
      out[1] = a[1] + (b[1] - a[1]) * k;
      out[2] = r * Math.sin(phi);
      return;
    }
    case 'torus': {
      const phi = 2 * Math.PI * u * (part.arc ?? 1);
      const theta = 2 * Math.PI * v;
      const ring = part.major + part.minor * Math.cos(theta);
      out[0] = ring * Math.cos(phi);
      out[1] = ring * Math.sin(phi);
      out[2] = part.minor * Math.sin(theta);
      return;
    }
  }
}

/** Grid resolution (nu around, nv along) for a budget of triangles: 2·nu·nv ≈ budget. */
export function gridFor(budget: number, aspect = 2): { nu: number; nv: number } {
  const nv = Math.max(2, Math.round(Math.sqrt(budget / (2 * aspect))));
  const nu = Math.max(3, Math.round(budget / (2 * nv)));
  return { nu, nv };
}

/**
 * Shares `target` triangles between parts by weight. Parts that cannot get
 * their minimum (12 triangles) are dropped, smallest first, so tiny budgets
 * still give a close count.
 */
export function allocate(parts: readonly Part[], target: number): { part: Part; nu: number; nv: number }[] {
  const kept = [...parts];
  while (kept.length > 1 && target / kept.length < 12) {
    let smallest = 0;
    kept.forEach((p, i) => {
      if (p.weight < kept[smallest]!.weight) smallest = i;
    });
    kept.splice(smallest, 1);
  }
  const total = kept.reduce((s, p) => s + p.weight, 0);
  let largest = 0;
  kept.forEach((p, i) => {
    if (p.weight > kept[largest]!.weight) largest = i;
  });
  const grids = kept.map((p) => gridFor((target * p.weight) / total));
  const others = grids.reduce((s, g, i) => (i === largest ? s : s + 2 * g.nu * g.nv), 0);
  const rest = Math.max(12, target - others);
  const g = grids[largest]!;
  g.nv = Math.max(2, Math.min(g.nv, Math.round(Math.sqrt(rest / 4))));
  g.nu = Math.max(3, Math.round(rest / (2 * g.nv)));
  return kept.map((part, i) => ({ part, ...grids[i]! }));
}

/** Builds the parts into one indexed triangle list. */
export function buildMesh(parts: readonly Part[], targetTriangles: number, uvMode: UvMode = 'atlas'): BuiltMesh {
  const plan = allocate(parts, targetTriangles);
  let vertexTotal = 0;
  let indexTotal = 0;
  for (const p of plan) {
    vertexTotal += (p.nu + 1) * (p.nv + 1);
    indexTotal += 6 * p.nu * p.nv;
  }
  const positions = new Float32Array(vertexTotal * 3);
  const normals = new Float32Array(vertexTotal * 3);
  const uvs = new Float32Array(vertexTotal * 2);
  const indices = new Uint32Array(indexTotal);
  const out: BuiltMesh['parts'] = [];
  const p3: Vec3 = [0, 0, 0];
  let vBase = 0;
  let iBase = 0;
  plan.forEach(({ part, nu, nv }, partIndex) => {
    const [bx, by, bz] = basisFor(part.axis);
    const [cx, cy, cz] = part.center;
    const vStart = vBase;
    const iStart = iBase;
    for (let j = 0; j <= nv; j++) {
      const v = j / nv;
      for (let i = 0; i <= nu; i++) {
        const u = i / nu;
        localPoint(part, u, v, p3);
        const o = vBase * 3;
        positions[o] = cx + bx[0] * p3[0] + by[0] * p3[1] + bz[0] * p3[2];
        positions[o + 1] = cy + bx[1] * p3[0] + by[1] * p3[1] + bz[1] * p3[2];
        positions[o + 2] = cz + bx[2] * p3[0] + by[2] * p3[1] + bz[2] * p3[2];
        // Atlas: each part owns a horizontal band of the texture (inset to avoid bleeding).
        uvs[vBase * 2] = u;
        uvs[vBase * 2 + 1] = (partIndex + 0.1 + 0.8 * v) / plan.length;
        vBase++;
      }
    }
    const row = nu + 1;
    for (let j = 0; j < nv; j++) {
      for (let i = 0; i < nu; i++) {
        const a = vStart + j * row + i;
        const b = a + 1;
        const c = a + row;
        const d = c + 1;
        indices[iBase++] = a;
        indices[iBase++] = c;
        indices[iBase++] = b;
        indices[iBase++] = b;
        indices[iBase++] = c;
        indices[iBase++] = d;
      }
    }
    out.push({ name: part.name, colour: part.colour, vertexStart: vStart, vertexCount: vBase - vStart, indexStart: iStart, indexCount: iBase - iStart });
  });
  computeNormals(positions, indices, normals);
  if (uvMode === 'projection') projectUvs(positions, uvs);
  return { positions, normals, uvs, indices, parts: out };
}

/** Area-weighted vertex normals; always unit length (validators reject others). */
export function computeNormals(positions: Float32Array, indices: Uint32Array, normals: Float32Array): void {
  normals.fill(0);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]! * 3;
    const b = indices[t + 1]! * 3;
    const c = indices[t + 2]! * 3;
    const abx = positions[b]! - positions[a]!;
    const aby = positions[b + 1]! - positions[a + 1]!;
    const abz = positions[b + 2]! - positions[a + 2]!;
    const acx = positions[c]! - positions[a]!;
    const acy = positions[c + 1]! - positions[a + 1]!;
    const acz = positions[c + 2]! - positions[a + 2]!;
    // Grid winding (a, c, b) faces outward with cross(ac, ab).
    const nx = acy * abz - acz * aby;
    const ny = acz * abx - acx * abz;
    const nz = acx * aby - acy * abx;
    for (const k of [a, b, c]) {
      normals[k] = normals[k]! + nx;
      normals[k + 1] = normals[k + 1]! + ny;
      normals[k + 2] = normals[k + 2]! + nz;
    }
  }
  for (let k = 0; k < normals.length; k += 3) {
    const l = Math.hypot(normals[k]!, normals[k + 1]!, normals[k + 2]!);
    if (l > 1e-12) {
      normals[k] = normals[k]! / l;
      normals[k + 1] = normals[k + 1]! / l;
      normals[k + 2] = normals[k + 2]! / l;
    } else {
      normals[k] = 0;
      normals[k + 1] = 1;
      normals[k + 2] = 0;
    }
  }
}

/** Front projection: the whole texture is seen from +Z (image-to-3D uses the uploaded picture this way). */
function projectUvs(positions: Float32Array, uvs: Float32Array): void {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let k = 0; k < positions.length; k += 3) {
    minX = Math.min(minX, positions[k]!);
    maxX = Math.max(maxX, positions[k]!);
    minY = Math.min(minY, positions[k + 1]!);
    maxY = Math.max(maxY, positions[k + 1]!);
  }
  const w = maxX - minX || 1;
  const h = maxY - minY || 1;
  for (let k = 0, t = 0; k < positions.length; k += 3, t += 2) {
    uvs[t] = (positions[k]! - minX) / w;
    uvs[t + 1] = 1 - (positions[k + 1]! - minY) / h;
  }
}

export function triangleCount(mesh: { indices: Uint32Array }): number {
  return mesh.indices.length / 3;
}
