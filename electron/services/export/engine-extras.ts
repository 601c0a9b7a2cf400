/**
 * What the Collision and LOD export options add (names and rules in
 * shared/domain/engine-import.ts): collision named for Godot 4's importer,
 * and `NAME_LOD1.glb`, `NAME_LOD2.glb` simplified from the exported copy.
 * Both work on clones, so the exported copy (and the OBJ or STL written
 * from it in the same run) stays as it is.
 */
import type { Document, Node } from '@gltf-transform/core';
import { cloneDocument } from '@gltf-transform/functions';
import { GODOT_COLLISION_SUFFIX, type CollisionShape } from '../../../shared/domain/engine-import';
import { triangleCount } from '../jobs/inspect';
import { simplifyTowards } from './fixes';
import type { OutputFile } from './formats';

/** World-space positions of every triangle-list primitive in the default scene. */
function worldPositions(doc: Document): [number, number, number][] {
  const points: [number, number, number][] = [];
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  scene?.traverse((node) => {
    const mesh = node.getMesh();
    if (!mesh) return;
    const m = node.getWorldMatrix();
    for (const prim of mesh.listPrimitives()) {
      const position = prim.getAttribute('POSITION');
      if (prim.getMode() !== 4 || !position) continue;
      const el: number[] = [];
      for (let i = 0; i < position.getCount(); i++) {
        const [x, y, z] = position.getElement(i, el) as [number, number, number];
        points.push([m[0] * x + m[4] * y + m[8] * z + m[12], m[1] * x + m[5] * y + m[9] * z + m[13], m[2] * x + m[6] * y + m[10] * z + m[14]]);
      }
    }
  });
  return points;
}

/**
 * A copy of `doc` with collision for `shape`: `convex` adds a node `NAME-convcolonly` whose mesh is the
 * convex hull of every vertex (quickhull3d), in world space at the scene's root; `mesh` renames each
 * mesh node `…-col`, so Godot adds a triangle-mesh body of the same geometry and keeps the mesh.
 */
export async function withCollision(doc: Document, shape: Exclude<CollisionShape, 'none'>, name: string): Promise<Document> {
  const copy = cloneDocument(doc);
  const scene = copy.getRoot().getDefaultScene() ?? copy.getRoot().listScenes()[0];
  if (!scene) return copy;
  if (shape === 'mesh') {
    scene.traverse((node) => {
      if (node.getMesh()) node.setName(`${node.getName() || node.getMesh()!.getName() || name}${GODOT_COLLISION_SUFFIX.mesh}`);
    });
    return copy;
  }
  const points = worldPositions(copy);
  if (points.length < 4) return copy;
  const { default: quickhull } = await import('quickhull3d');
  const faces = quickhull(points);
  // Only the hull's corners, renumbered: the hull mesh carries no interior vertex.
  const used = new Map<number, number>();
  const positions: number[] = [];
  const indices: number[] = [];
  for (const face of faces) {
    for (let k = 1; k + 1 < face.length; k++) {
      for (const i of [face[0]!, face[k]!, face[k + 1]!]) {
        if (!used.has(i)) {
          used.set(i, used.size);
          positions.push(...points[i]!);
        }
        indices.push(used.get(i)!);
      }
    }
  }
  const buffer = copy.getRoot().listBuffers()[0] ?? copy.createBuffer();
  const prim = copy
    .createPrimitive()
    .setAttribute('POSITION', copy.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer))
    .setIndices(copy.createAccessor().setType('SCALAR').setArray(new Uint32Array(indices)).setBuffer(buffer));
  const hull: Node = copy.createNode(`${name}${GODOT_COLLISION_SUFFIX.convex}`).setMesh(copy.createMesh(`${name}${GODOT_COLLISION_SUFFIX.convex}`).addPrimitive(prim));
  scene.addChild(hull);
  return copy;
}

/** `NAME_LOD1.glb`, … at `ratios` of the copy's triangles, each simplified from the copy itself. */
export async function lodOutputs(doc: Document, ratios: readonly number[], write: (doc: Document) => Promise<Uint8Array>): Promise<OutputFile[]> {
  const full = triangleCount(doc);
  const out: OutputFile[] = [];
  for (const [i, ratio] of ratios.entries()) {
    const lod = cloneDocument(doc);
    await simplifyTowards(lod, full * ratio);
    out.push({ suffix: `_LOD${i + 1}.glb`, bytes: await write(lod) });
  }
  return out;
}
