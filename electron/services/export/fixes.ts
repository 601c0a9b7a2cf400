/**
 * One-click fixes, applied to the document of the exported copy (never to
 * the cached file): glTF-Transform's weld, prune, simplify (meshoptimizer),
 * textureCompress (sharp) and draco/meshopt, and the export wrapper's scale
 * and pivot for height and pivot. Each returns a sentence for the sidecar.
 */
import type { Document } from '@gltf-transform/core';
import { draco, meshopt, prune, simplify, textureCompress, weld } from '@gltf-transform/functions';
import { MeshoptEncoder, MeshoptSimplifier } from 'meshoptimizer';
import sharp from 'sharp';
import { scaleIntoRange, type AppliedFix, type Budget, type FixId, type GeometryCompression } from '../../../shared/domain/readiness';
import { triangleCount } from '../jobs/inspect';
import { cleanTriangles } from './clean-triangles';
import type { ModelOptions } from './model-transform';

export type { AppliedFix };

export interface FixContext {
  budget: Budget;
  compression: GeometryCompression;
  /** Height of the model before the fixes, in its own units (glTF metres), before the export scale. */
  heightM: number;
}

/** Simplify aims this far under the budget, so the result is not left at the edge of it. */
export const SIMPLIFY_HEADROOM = 0.85;
/** Error limits tried in turn (fractions of the mesh radius) until the triangle budget is met. */
const SIMPLIFY_ERRORS = [0.001, 0.01, 0.05, 0.2, 1];

const int = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * prune() without its solid-texture pass: that pass decodes every texture to
 * look for one colour (a 4096 px texture is 64 MB of pixels), which a mesh fix
 * has no use for. It was most of the export's peak memory in bench:export
 * (425 MB, against 186 MB for the same steps through @gltf-transform/cli).
 */
const pruneMeshes = () => prune({ keepSolidTextures: true });

export async function applyFixes(
  doc: Document,
  fixes: readonly FixId[],
  ctx: FixContext,
  options: ModelOptions,
): Promise<{ applied: AppliedFix[]; options: ModelOptions }> {
  const applied: AppliedFix[] = [];
  let next = { ...options };
  for (const id of fixes) {
    switch (id) {
      case 'weld-prune': {
        const before = vertexCount(doc);
        await doc.transform(weld({ overwrite: true }), cleanTriangles(), pruneMeshes());
        applied.push({ id, detail: `${int(before)} → ${int(vertexCount(doc))} vertices` });
        break;
      }
      case 'simplify': {
        const before = triangleCount(doc);
        await simplifyTowards(doc, ctx.budget.triangles * SIMPLIFY_HEADROOM);
        applied.push({ id, detail: `${int(before)} → ${int(triangleCount(doc))} triangles` });
        break;
      }
      case 'resize-textures': {
        const max = ctx.budget.maxTextureSize;
        await doc.transform(textureCompress({ encoder: sharp, resize: [max, max] }));
        applied.push({ id, detail: `textures at most ${int(max)} px` });
        break;
      }
      case 'scale-to-height': {
        const factor = scaleIntoRange(ctx.heightM * next.scale, ctx.budget);
        next = { ...next, scale: next.scale * factor };
        applied.push({ id, detail: `scaled ×${factor.toPrecision(3)} to ${(ctx.heightM * next.scale).toPrecision(3)} m` });
        break;
      }
      case 'recentre-pivot':
        next = { ...next, pivotAtBase: true };
        applied.push({ id, detail: 'pivot at the centre of the base' });
        break;
      case 'compress':
        if (ctx.compression === 'draco') await doc.transform(draco({ method: 'edgebreaker' }));
        else if (ctx.compression === 'meshopt') {
          await MeshoptEncoder.ready;
          await doc.transform(meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
        }
        applied.push({ id, detail: ctx.compression === 'none' ? "not compressed: the engine's importer reads no geometry compression" : `${ctx.compression} geometry compression` });
        break;
    }
  }
  return { applied, options: next };
}

function vertexCount(doc: Document): number {
  let n = 0;
  for (const mesh of doc.getRoot().listMeshes()) for (const prim of mesh.listPrimitives()) n += prim.getAttribute('POSITION')?.getCount() ?? 0;
  return n;
}

/**
 * Simplifies until at most `target` triangles remain, loosening the error limit in steps, then
 * welds and cleans: simplify can fold triangles onto each other (twins of opposite winding) or
 * flat, and importers drop those. Also makes the LOD files (lods.ts).
 */
export async function simplifyTowards(doc: Document, target: number): Promise<void> {
  await MeshoptSimplifier.ready;
  for (const error of SIMPLIFY_ERRORS) {
    const now = triangleCount(doc);
    if (now <= target) break;
    await doc.transform(simplify({ simplifier: MeshoptSimplifier, ratio: Math.min(1, target / now), error }), pruneMeshes());
  }
  await doc.transform(weld({ overwrite: true }), cleanTriangles(), pruneMeshes());
}
