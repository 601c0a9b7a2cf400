/**
 * Measures the figures the readiness check needs (shared/domain/readiness.ts)
 * on a glTF-Transform document: triangles (instances counted), textures
 * (through @gltf-transform's inspect), materials, size and base along the up
 * axis, textured parts without UVs, zero-area and duplicate triangles, unused vertices,
 * and gltf-validator's counts on the file's bytes.
 */
import { getBounds, type Document, type Primitive } from '@gltf-transform/core';
import { inspect } from '@gltf-transform/functions';
import type { ModelFigures } from '../../../shared/domain/readiness';
import { triangleCount, validateModel } from '../jobs/inspect';
import { primitiveTriangleSort } from './clean-triangles';

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
  let duplicateTriangles = 0;
  let unusedVertices = 0;
  for (const mesh of root.listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      if (usesTexture(prim) && !prim.listSemantics().some((s) => s.startsWith('TEXCOORD_'))) texturedWithoutUv++;
      const counts = cleanupCounts(prim);
      degenerateTriangles += counts.degenerate;
      duplicateTriangles += counts.duplicates;
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
    duplicateTriangles,
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

/**
 * Zero-area triangles (by area: corners at one position under distinct indices count),
 * duplicate triangles (the same corners, either winding), and vertices no index refers to.
 */
export function cleanupCounts(prim: Primitive): { degenerate: number; duplicates: number; unused: number } {
  const sorted = primitiveTriangleSort(prim);
  if (!sorted) return { degenerate: 0, duplicates: 0, unused: 0 };
  const count = prim.getAttribute('POSITION')!.getCount();
  const indices = prim.getIndices()?.getArray();
  let unused = 0;
  if (indices) {
    const used = new Uint8Array(count);
    for (let t = 0; t + 2 < indices.length; t += 3) used[indices[t]!] = used[indices[t + 1]!] = used[indices[t + 2]!] = 1;
    for (let i = 0; i < count; i++) if (!used[i]) unused++;
  }
  return { degenerate: sorted.zeroArea, duplicates: sorted.duplicates, unused };
}
