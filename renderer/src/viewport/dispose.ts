/**
 * Frees everything an asset put on the GPU: geometries, materials, every
 * texture slot of every material, and the ImageBitmaps behind textures
 * (GLTFLoader decodes images to ImageBitmap, which holds memory until closed).
 */
import { type Material, Mesh, Texture, type Object3D } from 'three';

export function disposeTexture(texture: Texture): void {
  texture.dispose();
  const data = texture.source?.data as { close?: () => void } | undefined;
  if (data && typeof data.close === 'function') data.close();
}

/** Disposes every texture a material holds (each once across calls sharing `seen`); the material itself stays. */
export function disposeMaterialTextures(material: Material, seen = new Set<Texture>()): void {
  for (const value of Object.values(material)) {
    if (value instanceof Texture && !seen.has(value)) {
      seen.add(value);
      disposeTexture(value);
    }
  }
  // Uniforms of shader materials may hold textures too.
  const uniforms = (material as { uniforms?: Record<string, { value: unknown }> }).uniforms;
  if (uniforms) {
    for (const u of Object.values(uniforms)) {
      if (u?.value instanceof Texture && !seen.has(u.value)) {
        seen.add(u.value);
        disposeTexture(u.value);
      }
    }
  }
}

export function disposeMaterial(material: Material, seen = new Set<Texture>()): void {
  disposeMaterialTextures(material, seen);
  material.dispose();
}

/**
 * Disposes a loaded subtree, plus any extra materials made for view modes.
 * With `park`, the materials' textures are disposed and the materials
 * themselves handed to it (see program-keeper.ts) instead of disposed.
 */
export function disposeObject(root: Object3D, extraMaterials: Iterable<Material> = [], park?: (materials: Material[]) => void): void {
  const textures = new Set<Texture>();
  const materials = new Set<Material>(extraMaterials);
  root.traverse((object) => {
    if (object instanceof Mesh) {
      object.geometry?.dispose();
      const m = object.material as Material | Material[];
      for (const material of Array.isArray(m) ? m : [m]) if (material) materials.add(material);
      const original = object.userData.originalMaterial as Material | Material[] | undefined;
      if (original) for (const material of Array.isArray(original) ? original : [original]) materials.add(material);
    }
  });
  if (!park) {
    for (const material of materials) disposeMaterial(material, textures);
    return;
  }
  for (const material of materials) disposeMaterialTextures(material, textures);
  park([...materials]);
}
