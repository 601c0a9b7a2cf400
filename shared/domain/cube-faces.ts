/**
 * Six cube faces from an equirectangular panorama, named and oriented for each
 * target engine so that its six-face skybox shows what its own panorama sky
 * shows from the same PNG. Pure projection math (no pixels): the image code in
 * main (electron/services/export/skybox-faces.ts) samples with it.
 *
 * A face pixel is (a, b) in [-1, 1]: a grows to the right, b downwards, as the
 * image file is stored (row 0 at the top). Face layout is the cube-map
 * convention shared by Direct3D and OpenGL (RenderMan's, left-handed):
 * looking at a face from inside, +X's right edge is -Z and its bottom is -Y, and so on.
 *
 * Per engine (sources: each engine's own docs and shader code, see the README):
 * - unity: Skybox/6 Sided names its textures Front [+Z], Back [-Z], Left [+X],
 *   Right [-X], Up [+Y], Down [-Y] (Unity's labels; Left is +X). Unity is
 *   left-handed like the face convention, so a world direction is the cube
 *   direction. Skybox/Panoramic: u = 0.5 - atan2(z, x) / 2π, v = acos(y) / π from the top.
 * - godot: Cubemap layers X+, X-, Y+, Y-, Z+, Z- (its docs), sampled with the
 *   world direction; its PanoramaSkyMaterial: u = atan(x, -z) / 2π (wrapped to 0..1), v = acos(y) / π.
 * - web (three.js): CubeTextureLoader takes px, nx, py, ny, pz, nz; three.js is
 *   right-handed, so it mirrors x when sampling (world d reads cube (-x, y, z));
 *   its equirectangular mapping: u = atan2(z, x) / 2π + 0.5, v = acos(y) / π from the top.
 * - unreal: Z up, X forward, Y right (left-handed); a TextureCube is sampled
 *   with the world direction, faces +X, -X, +Y, -Y, +Z, -Z (as in a DDS cube).
 *   Its long-lat panorama puts +X at the centre and +Y a quarter to the right.
 */

export const SKY_ENGINES = ['unity', 'godot', 'unreal', 'web'] as const;
export type SkyEngine = (typeof SKY_ENGINES)[number];
export type Vec3 = readonly [number, number, number];
export type CubeAxis = 'px' | 'nx' | 'py' | 'ny' | 'pz' | 'nz';

/** Cube-convention direction of face pixel (a right, b down). */
export const CUBE_AXIS_DIRECTION: Record<CubeAxis, (a: number, b: number) => Vec3> = {
  px: (a, b) => [1, -b, -a],
  nx: (a, b) => [-1, -b, a],
  py: (a, b) => [a, 1, b],
  ny: (a, b) => [a, -1, -b],
  pz: (a, b) => [a, -b, 1],
  nz: (a, b) => [-a, -b, -1],
};

export interface FaceSpec {
  /** File name suffix after the panorama's base name (before `.png`). */
  suffix: string;
  /** Which cube face it is. */
  axis: CubeAxis;
  /** What the engine calls it, for the README and messages. */
  label: string;
}

export interface EngineSky {
  engine: SkyEngine;
  /** In the order the engine lists them. */
  faces: readonly FaceSpec[];
  /** World direction the engine samples for a cube-convention direction. */
  toWorld: (c: Vec3) => Vec3;
  /** The engine's panorama coordinates of a world direction: u, v in 0..1, v from the top. */
  panoramaUv: (d: Vec3) => { u: number; v: number };
  /** One line for the artist: how to use the faces. */
  howTo: string;
}

const TAU = Math.PI * 2;
const wrap01 = (u: number) => u - Math.floor(u);
const latitudeV = (y: number) => Math.acos(Math.max(-1, Math.min(1, y))) / Math.PI;
const same = (c: Vec3): Vec3 => c;

export const ENGINE_SKIES: Record<SkyEngine, EngineSky> = {
  unity: {
    engine: 'unity',
    faces: [
      { suffix: '_Front', axis: 'pz', label: 'Front [+Z]' },
      { suffix: '_Back', axis: 'nz', label: 'Back [-Z]' },
      { suffix: '_Left', axis: 'px', label: 'Left [+X]' },
      { suffix: '_Right', axis: 'nx', label: 'Right [-X]' },
      { suffix: '_Up', axis: 'py', label: 'Up [+Y]' },
      { suffix: '_Down', axis: 'ny', label: 'Down [-Y]' },
    ],
    toWorld: same,
    panoramaUv: ([x, y, z]) => ({ u: wrap01(0.5 - Math.atan2(z, x) / TAU), v: latitudeV(y) }),
    howTo: 'In Unity, make a material with the Skybox/6 Sided shader and drop each face on the slot with its name (set the textures to Clamp).',
  },
  godot: {
    engine: 'godot',
    faces: [
      { suffix: '_px', axis: 'px', label: 'X+' },
      { suffix: '_nx', axis: 'nx', label: 'X-' },
      { suffix: '_py', axis: 'py', label: 'Y+' },
      { suffix: '_ny', axis: 'ny', label: 'Y-' },
      { suffix: '_pz', axis: 'pz', label: 'Z+' },
      { suffix: '_nz', axis: 'nz', label: 'Z-' },
    ],
    toWorld: same,
    panoramaUv: ([x, y, z]) => ({ u: wrap01(Math.atan2(x, -z) / TAU), v: latitudeV(y) }),
    howTo: 'In Godot, the sky resource (.tres) is ready for a WorldEnvironment; the faces are the Cubemap layers X+, X-, Y+, Y-, Z+, Z- for a sky shader.',
  },
  unreal: {
    engine: 'unreal',
    faces: [
      { suffix: '_PosX', axis: 'px', label: '+X (forward)' },
      { suffix: '_NegX', axis: 'nx', label: '-X' },
      { suffix: '_PosY', axis: 'py', label: '+Y (right)' },
      { suffix: '_NegY', axis: 'ny', label: '-Y' },
      { suffix: '_PosZ', axis: 'pz', label: '+Z (up)' },
      { suffix: '_NegZ', axis: 'nz', label: '-Z' },
    ],
    toWorld: same,
    panoramaUv: ([x, y, z]) => ({ u: wrap01(0.5 + Math.atan2(y, x) / TAU), v: latitudeV(z) }),
    howTo: 'Unreal imports a cube map as one DDS file: assemble the faces in this order (+X, -X, +Y, -Y, +Z, -Z), or import the panorama.',
  },
  web: {
    engine: 'web',
    faces: [
      { suffix: '_px', axis: 'px', label: 'px' },
      { suffix: '_nx', axis: 'nx', label: 'nx' },
      { suffix: '_py', axis: 'py', label: 'py' },
      { suffix: '_ny', axis: 'ny', label: 'ny' },
      { suffix: '_pz', axis: 'pz', label: 'pz' },
      { suffix: '_nz', axis: 'nz', label: 'nz' },
    ],
    toWorld: ([x, y, z]) => [-x, y, z],
    panoramaUv: ([x, y, z]) => ({ u: wrap01(Math.atan2(z, x) / TAU + 0.5), v: latitudeV(y) }),
    howTo: "In three.js, CubeTextureLoader().load([px, nx, py, ny, pz, nz]) as scene.background shows what the panorama shows as an equirectangular background.",
  },
};

function normalize([x, y, z]: Vec3): Vec3 {
  const l = Math.hypot(x, y, z);
  return [x / l, y / l, z / l];
}

/** Panorama coordinates (u, v in 0..1, v from the top) a face pixel shows. */
export function facePixelToPanorama(engine: SkyEngine, axis: CubeAxis, a: number, b: number): { u: number; v: number } {
  const sky = ENGINE_SKIES[engine];
  return sky.panoramaUv(normalize(sky.toWorld(CUBE_AXIS_DIRECTION[axis](a, b))));
}

/** The face and pixel (a, b) a cube-convention direction falls on (the inverse of CUBE_AXIS_DIRECTION). */
export function directionToFace([x, y, z]: Vec3): { axis: CubeAxis; a: number; b: number } {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const az = Math.abs(z);
  if (ax >= ay && ax >= az) return x > 0 ? { axis: 'px', a: -z / ax, b: -y / ax } : { axis: 'nx', a: z / ax, b: -y / ax };
  if (ay >= az) return y > 0 ? { axis: 'py', a: x / ay, b: z / ay } : { axis: 'ny', a: x / ay, b: -z / ay };
  return z > 0 ? { axis: 'pz', a: x / az, b: -y / az } : { axis: 'nz', a: -x / az, b: -y / az };
}

/** Face edge length for a panorama width: a quarter of it (a face spans 90°), a power of two, 64 to 2048. */
export function faceSizeFor(panoramaWidth: number): number {
  const quarter = Math.max(64, Math.min(2048, Math.floor(panoramaWidth / 4)));
  return 2 ** Math.floor(Math.log2(quarter));
}

/** The engine whose conventions a project folder gets: a plain folder gets three.js's (web). */
export function skyEngineFor(projectEngine: 'unity' | 'godot' | 'unreal' | 'plain'): SkyEngine {
  return projectEngine === 'plain' ? 'web' : projectEngine;
}
