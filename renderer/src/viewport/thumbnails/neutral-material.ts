/**
 * A glTF primitive with no material gets the format's default material, which
 * GLTFLoader builds as the spec says: white, fully metallic, fully rough. With
 * nothing to reflect (the thumbnail has no environment map) a fully metallic
 * surface renders black, so a material-less model became a black silhouette.
 * Here such meshes get a neutral grey, non-metallic material
 * instead. A material that came from the file keeps its look: the loader records
 * it (and any clone it made of it) in `parser.associations` with its index.
 */
import { type Material, Mesh, MeshStandardMaterial, type Object3D } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';

/** True for a material the file declared; false for the loader's stand-in default. */
export function isFileMaterial(material: Material, associations: Map<object, { materials?: number } | undefined>): boolean {
  return associations.get(material)?.materials !== undefined;
}

/** Swaps the loader's default material for a neutral one on every mesh of the scene; returns how many meshes changed. */
export function applyNeutralDefaultMaterial(gltf: Pick<GLTF, 'scene' | 'parser'>): number {
  const associations = gltf.parser.associations as Map<object, { materials?: number } | undefined>;
  let neutral: MeshStandardMaterial | undefined;
  let changed = 0;
  gltf.scene.traverse((object: Object3D) => {
    if (!(object instanceof Mesh)) return;
    const swap = (material: Material): Material => {
      if (isFileMaterial(material, associations)) return material;
      const withVertexColours = (material as MeshStandardMaterial).vertexColors === true;
      neutral ??= new MeshStandardMaterial({
        color: 0xb8b8b8,
        metalness: 0,
        roughness: 0.65,
        name: 'Neutral default',
      });
      changed += 1;
      if (!withVertexColours) return neutral;
      const coloured = neutral.clone();
      coloured.vertexColors = true;
      return coloured;
    };
    object.material = Array.isArray(object.material) ? object.material.map(swap) : swap(object.material as Material);
  });
  return changed;
}
