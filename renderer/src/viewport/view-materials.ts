/**
 * Materials for the inspection modes (normals, UV checker, matcap) and the
 * PBR channel view. The model's own materials are kept in
 * `userData.originalMaterial` and put back when the mode is "shaded".
 */
import {
  Color,
  DataTexture,
  type Material,
  Mesh,
  MeshBasicMaterial,
  MeshMatcapMaterial,
  MeshNormalMaterial,
  type MeshStandardMaterial,
  NearestFilter,
  RepeatWrapping,
  SRGBColorSpace,
  type Object3D,
  type Texture,
} from 'three';
import type { PbrChannel, ViewMode } from '../state/slices/viewport';
import { radialGradientTexture } from './gradient-texture';

let checker: DataTexture | null = null;
/** An 8×8 checker with a coloured corner, so flipped or rotated UVs show. */
function checkerTexture(): DataTexture {
  if (checker) return checker;
  const size = 64;
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const on = (Math.floor(x / 8) + Math.floor(y / 8)) % 2 === 0;
      const corner = x < 8 && y < 8;
      const i = (y * size + x) * 4;
      data[i] = corner ? 230 : on ? 235 : 40;
      data[i + 1] = corner ? 60 : on ? 235 : 40;
      data[i + 2] = corner ? 60 : on ? 235 : 40;
      data[i + 3] = 255;
    }
  }
  checker = new DataTexture(data, size, size);
  checker.wrapS = checker.wrapT = RepeatWrapping;
  checker.magFilter = NearestFilter;
  checker.colorSpace = SRGBColorSpace;
  checker.needsUpdate = true;
  return checker;
}

let matcap: Texture | null = null;
/** A clay matcap drawn once on a canvas (nothing fetched). */
function matcapTexture(): Texture | null {
  if (matcap) return matcap;
  matcap = radialGradientTexture({
    from: [48, 40, 4],
    to: [64, 64, 72],
    stops: [
      [0, '#fff6ec'],
      [0.45, '#c9a38a'],
      [1, '#2e1e18'],
    ],
  });
  if (matcap) matcap.colorSpace = SRGBColorSpace;
  return matcap;
}

const CHANNEL_SLOTS: Record<PbrChannel, keyof MeshStandardMaterial> = {
  baseColor: 'map',
  metallic: 'metalnessMap',
  roughness: 'roughnessMap',
  normal: 'normalMap',
  emissive: 'emissiveMap',
  occlusion: 'aoMap',
};

/** glTF packs metallic in blue and roughness in green of one texture; occlusion reads red. */
const CHANNEL_SWIZZLE: Partial<Record<PbrChannel, string>> = { metallic: 'bbb', roughness: 'ggg', occlusion: 'rrr' };

export interface ChannelInfo {
  channel: PbrChannel;
  /** Resolutions of the textures in that slot across the model's materials. */
  resolutions: string[];
}

function channelMaterial(original: Material, channel: PbrChannel): Material {
  const std = original as MeshStandardMaterial;
  const texture = std[CHANNEL_SLOTS[channel]] as Texture | null | undefined;
  const material = new MeshBasicMaterial();
  if (texture) {
    material.map = texture;
    const swizzle = CHANNEL_SWIZZLE[channel];
    if (swizzle) {
      material.onBeforeCompile = (shader) => {
        shader.fragmentShader = shader.fragmentShader.replace(
          '#include <map_fragment>',
          `#ifdef USE_MAP\n  diffuseColor.rgb = texture2D( map, vMapUv ).${swizzle};\n#endif`,
        );
      };
      material.customProgramCacheKey = () => `channel-${swizzle}`;
    }
  } else {
    // No texture in the slot: show the factor as a flat value.
    const factor =
      channel === 'baseColor'
        ? (std.color ?? new Color(1, 1, 1))
        : channel === 'metallic'
          ? new Color().setScalar(std.metalness ?? 0)
          : channel === 'roughness'
            ? new Color().setScalar(std.roughness ?? 1)
            : channel === 'emissive'
              ? (std.emissive ?? new Color(0, 0, 0))
              : channel === 'normal'
                ? new Color(0.5, 0.5, 1)
                : new Color(1, 1, 1);
    material.color.copy(factor);
  }
  return material;
}

/**
 * Applies a view mode or channel to every mesh and returns the materials made
 * for it (to dispose on the next change). Shared textures (checker, matcap,
 * the model's own maps) are not owned by these materials.
 */
export function applyViewMaterials(root: Object3D, mode: ViewMode, channel: PbrChannel | null): Material[] {
  const made: Material[] = [];
  root.traverse((o) => {
    if (!(o instanceof Mesh)) return;
    if (!o.userData.originalMaterial) o.userData.originalMaterial = o.material;
    const originals = o.userData.originalMaterial as Material | Material[];
    const map = (m: Material): Material => {
      if ('wireframe' in m) (m as MeshStandardMaterial).wireframe = mode === 'wireframe';
      if (channel) return channelMaterial(m, channel);
      switch (mode) {
        case 'shaded':
        case 'wireframe':
          return m;
        case 'normals':
          return new MeshNormalMaterial();
        case 'uv-checker':
          return new MeshBasicMaterial({ map: checkerTexture() });
        case 'matcap':
          return new MeshMatcapMaterial({ matcap: matcapTexture() ?? undefined });
      }
    };
    const next = Array.isArray(originals) ? originals.map(map) : map(originals);
    for (const m of Array.isArray(next) ? next : [next]) {
      if (!(Array.isArray(originals) ? originals.includes(m) : originals === m)) made.push(m);
    }
    o.material = next;
  });
  return made;
}

/** Detaches the view-mode materials' shared textures so disposing them leaves the model's maps intact. */
export function disposeViewMaterials(materials: Material[]): void {
  for (const m of materials) m.dispose();
}

export function channelInfo(root: Object3D, channel: PbrChannel): ChannelInfo {
  const sizes = new Set<string>();
  root.traverse((o) => {
    if (!(o instanceof Mesh)) return;
    const originals = (o.userData.originalMaterial ?? o.material) as Material | Material[];
    for (const m of Array.isArray(originals) ? originals : [originals]) {
      const t = (m as MeshStandardMaterial)[CHANNEL_SLOTS[channel]] as Texture | null | undefined;
      const image = t?.image as { width?: number; height?: number } | undefined;
      if (image?.width) sizes.add(`${image.width}×${image.height}`);
    }
  });
  return { channel, resolutions: [...sizes] };
}
