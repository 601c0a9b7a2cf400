/**
 * Measures the figures the readiness check needs (shared/domain/readiness.ts)
 * on a glTF-Transform document: triangles (instances counted), textures
 * (through @gltf-transform's inspect), materials, size and base along the up
 * axis, textured parts without UVs, degenerate triangles, unused vertices,
 * and gltf-validator's counts on the file's bytes.
 */
import { getBounds, type Document, type Primitive } from '@gltf-transform/core';
import { inspect } from '@gltf-transform/functions';
import type { ModelFigures } from '../../../shared/domain/readiness';
import { triangleCount, validateModel } from '../jobs/inspect';

export async function measureDocument(
  doc: Document,
  bytes: Uint8Array,
  upAxis: 'y' | 'z' = 'y',
  knownValidation?: { errors: number; warnings: number },
): Promise<ModelFigures> {
  const root = doc.getRoot();
  const report = inspect(doc);
  const sides = report.textures.properties.map((t) => Math.max(...t.resolution.split('x').map((n) => Number(n) || 0)));
  const up = upAxis === 'z' ? 2 : 1;
  const [a, b] = upAxis === 'z' ? [0, 1] : [0, 2];
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const scene of root.listScenes()) {
    const bounds = getBounds(scene);
    for (let i = 0; i < 3; i++) {
      min[i] = Math.min(min[i]!, bounds.min[i]!);
      max[i] = Math.max(max[i]!, bounds.max[i]!);
    }
  }
  const finite = min.every(Number.isFinite) && max.every(Number.isFinite);
  const centreA = finite ? (min[a]! + max[a]!) / 2 : 0;
  const centreB = finite ? (min[b]! + max[b]!) / 2 : 0;
  let texturedWithoutUv = 0;
  let degenerateTriangles = 0;
  let unusedVertices = 0;
  for (const mesh of root.listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      if (usesTexture(prim) && !prim.listSemantics().some((s) => s.startsWith('TEXCOORD_'))) texturedWithoutUv++;
      const counts = cleanupCounts(prim);
      degenerateTriangles += counts.degenerate;
      unusedVertices += counts.unused;
    }
  }
  const validation = knownValidation ?? (await validateModel(bytes, 0));
  return {
    triangles: triangleCount(doc),
    largestTexture: sides.length ? Math.max(...sides) : 0,
    textureCount: sides.length,
    materials: root.listMaterials().length,
    fileBytes: bytes.byteLength,
    heightM: finite ? max[up]! - min[up]! : 0,
    baseM: finite ? min[up]! : 0,
    baseOffsetM: Math.hypot(centreA, centreB),
    texturedWithoutUv,
    degenerateTriangles,
    unusedVertices,
    validatorErrors: validation.errors,
    validatorWarnings: validation.warnings,
  };
}

function usesTexture(prim: Primitive): boolean {
  const m = prim.getMaterial();
  if (!m) return false;
  return !!(m.getBaseColorTexture() || m.getNormalTexture() || m.getMetallicRoughnessTexture() || m.getOcclusionTexture() || m.getEmissiveTexture());
}

/** Triangles with two corners at the same position, and vertices no index refers to (indexed triangle lists). */
export function cleanupCounts(prim: Primitive): { degenerate: number; unused: number } {
  if (prim.getMode() !== 4) return { degenerate: 0, unused: 0 };
  const position = prim.getAttribute('POSITION');
  if (!position) return { degenerate: 0, unused: 0 };
  const p = position.getArray()!;
  const count = position.getCount();
  const indices = prim.getIndices()?.getArray();
  const used = indices ? new Uint8Array(count) : undefined;
  const n = indices ? indices.length : count;
  let degenerate = 0;
  const same = (i: number, j: number) => i === j || (p[i * 3] === p[j * 3] && p[i * 3 + 1] === p[j * 3 + 1] && p[i * 3 + 2] === p[j * 3 + 2]);
  for (let t = 0; t + 2 < n; t += 3) {
    const i0 = indices ? indices[t]! : t;
    const i1 = indices ? indices[t + 1]! : t + 1;
    const i2 = indices ? indices[t + 2]! : t + 2;
    if (used) used[i0] = used[i1] = used[i2] = 1;
    if (same(i0, i1) || same(i1, i2) || same(i0, i2)) degenerate++;
  }
  let unused = 0;
  if (used) for (let i = 0; i < count; i++) if (!used[i]) unused++;
  return { degenerate, unused };
}
