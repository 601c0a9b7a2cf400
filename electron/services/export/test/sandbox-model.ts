/** A sandbox model (the service's own generator) as a GLB, for export tests and the Blender check. */
import { modelDocument, toGlb } from '../../../../sandbox/generate/gltf';
import { buildMesh } from '../../../../sandbox/generate/mesh-builder';
import { shapeParts, type ShapeName } from '../../../../sandbox/generate/shapes';
import { atlasTexture } from '../../../../sandbox/generate/textures';

export async function sandboxModelGlb(shape: ShapeName, triangles: number, texture = 256): Promise<Uint8Array> {
  const built = buildMesh(shapeParts(shape, shape), triangles);
  const png = await atlasTexture(texture, built.parts.map((p) => p.colour));
  return toGlb(modelDocument(built, { name: shape, texturePng: png, extras: { shape } }));
}
