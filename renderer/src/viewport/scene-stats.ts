/**
 * Numbers for the stats overlay, computed from a loaded glTF when the job
 * record carries none (dropped files, older records). Counted per glTF
 * definition like @gltf-transform does: a mesh used by several nodes counts
 * once (GLTFLoader shares its geometry).
 */
import { Box3, type Material, Mesh, Texture, Vector3, type Object3D } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { ModelStats } from '../../../shared/domain/job';

export interface TextureInfo {
  name: string;
  width: number;
  height: number;
  mimeType: string;
  bytes: number;
}

function imageSize(texture: Texture): { width: number; height: number } {
  const image = texture.image as { width?: number; height?: number } | undefined;
  const mip = (texture as { mipmaps?: { width?: number; height?: number }[] }).mipmaps?.[0];
  return { width: image?.width ?? mip?.width ?? 0, height: image?.height ?? mip?.height ?? 0 };
}

/** Textures referenced by materials in the scene, largest first. */
export function texturesOf(root: Object3D): TextureInfo[] {
  const seen = new Map<Texture, TextureInfo>();
  root.traverse((o) => {
    if (!(o instanceof Mesh)) return;
    const list = Array.isArray(o.material) ? o.material : [o.material];
    for (const m of list as Material[]) {
      for (const [slot, value] of Object.entries(m)) {
        if (!(value instanceof Texture) || seen.has(value)) continue;
        const { width, height } = imageSize(value);
        const mime = (value.userData as { mimeType?: string }).mimeType ?? '';
        seen.set(value, { name: value.name || slot, width, height, mimeType: mime, bytes: 0 });
      }
    }
  });
  return [...seen.values()].sort((a, b) => b.width * b.height - a.width * a.height);
}

export function computeModelStats(gltf: GLTF, fileBytes: number): ModelStats {
  const json = gltf.parser.json as {
    meshes?: { name?: string; primitives: { mode?: number; indices?: number; attributes: Record<string, number>; targets?: unknown[] }[] }[];
    accessors?: { count: number }[];
    materials?: unknown[];
    nodes?: unknown[];
    skins?: { joints: number[] }[];
    extensionsUsed?: string[];
  };
  // Counted from the file's own accessors: GLTFLoader shares one geometry
  // between meshes that reuse accessors, so the scene would undercount.
  let triangles = 0;
  let vertices = 0;
  const countOf = (i: number | undefined) => (i === undefined ? 0 : (json.accessors?.[i]?.count ?? 0));
  for (const mesh of json.meshes ?? []) {
    for (const prim of mesh.primitives) {
      const positions = countOf(prim.attributes.POSITION);
      vertices += positions;
      const mode = prim.mode ?? 4;
      if (mode === 4) triangles += Math.floor((prim.indices !== undefined ? countOf(prim.indices) : positions) / 3);
    }
  }
  const box = new Box3().setFromObject(gltf.scene);
  const size = box.isEmpty() ? new Vector3() : box.getSize(new Vector3());
  const meshes = json.meshes ?? [];
  return {
    triangles,
    vertices,
    meshes: meshes.length,
    primitives: meshes.reduce((n, m) => n + m.primitives.length, 0),
    materials: json.materials?.length ?? 0,
    textures: texturesOf(gltf.scene),
    animations: gltf.animations.map((a) => ({ name: a.name, duration: a.duration, channels: a.tracks.length })),
    skins: json.skins?.length ?? 0,
    joints: (json.skins ?? []).reduce((n, s) => n + s.joints.length, 0),
    morphTargets: meshes.reduce((n, m) => n + Math.max(0, ...m.primitives.map((p) => p.targets?.length ?? 0)), 0),
    nodes: json.nodes?.length ?? 0,
    boundingBox: box.isEmpty()
      ? { min: [0, 0, 0], max: [0, 0, 0], size: [0, 0, 0] }
      : { min: box.min.toArray(), max: box.max.toArray(), size: size.toArray() },
    fileBytes,
    extensionsUsed: json.extensionsUsed ?? [],
    meshNames: meshes.map((m, i) => m.name || `Mesh ${i + 1}`),
  };
}
