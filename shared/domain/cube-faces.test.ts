import { describe, expect, it } from 'vitest';
import { CUBE_AXIS_DIRECTION, ENGINE_SKIES, directionToFace, faceSizeFor, facePixelToPanorama, skyEngineFor, type CubeAxis, type SkyEngine, type Vec3 } from './cube-faces';

describe('a known face pixel samples the panorama where the engine shows it', () => {
  // [engine, face, a, b, u, v]: (a, b) = (0, 0) is the face's centre; u, v in the panorama (v from the top).
  const cases: [SkyEngine, CubeAxis, number, number, number, number][] = [
    // Unity Skybox/Panoramic: u = 0.5 - atan2(z, x)/2π: +X at the centre, +Z (Front) a quarter to the left.
    ['unity', 'px', 0, 0, 0.5, 0.5],
    ['unity', 'pz', 0, 0, 0.25, 0.5],
    ['unity', 'nz', 0, 0, 0.75, 0.5],
    ['unity', 'nx', 0, 0, 0, 0.5],
    ['unity', 'py', 0, 0, 0.5, 0], // straight up: the top row (u is arbitrary there; atan2(0, 0) = 0)
    ['unity', 'pz', 1, 0, 0.375, 0.5], // Front's right edge: 45° towards +X
    ['unity', 'pz', 0, -1, 0.25, 0.25], // Front's top edge: 45° up
    // Godot PanoramaSkyMaterial: u = atan(x, -z)/2π: -Z (forward) at u = 0, +X a quarter in, +Z at the centre.
    ['godot', 'nz', 0, 0, 0, 0.5],
    ['godot', 'px', 0, 0, 0.25, 0.5],
    ['godot', 'pz', 0, 0, 0.5, 0.5],
    ['godot', 'nx', 0, 0, 0.75, 0.5],
    ['godot', 'ny', 0, 0, 0, 1], // straight down: the bottom row
    // three.js: world d reads cube (-x, y, z); equirect u = atan2(z, x)/2π + 0.5.
    ['web', 'nx', 0, 0, 0.5, 0.5], // cube -X is world +X: the panorama's centre
    ['web', 'pz', 0, 0, 0.75, 0.5],
    ['web', 'nz', 0, 0, 0.25, 0.5],
    ['web', 'px', 0, 0, 0, 0.5],
    // Unreal: Z up, +X forward at the centre, +Y (right) a quarter to the right.
    ['unreal', 'px', 0, 0, 0.5, 0.5],
    ['unreal', 'py', 0, 0, 0.75, 0.5],
    ['unreal', 'pz', 0, 0, 0.5, 0],
    ['unreal', 'nz', 0.2, 0, 0, 1 - Math.atan(0.2) / Math.PI], // 11° off straight down, towards -X (behind): u 0, v near the bottom
  ];
  it.each(cases)('%s %s (%d, %d) → u %d, v %d', (engine, axis, a, b, u, v) => {
    const got = facePixelToPanorama(engine, axis, a, b);
    expect(got.u).toBeCloseTo(u, 6);
    expect(got.v).toBeCloseTo(v, 6);
  });
});

describe('each engine shows the panorama unmirrored: turning right from forward moves right in the image', () => {
  // [engine, forward, right] in the engine's own world axes.
  const frames: [SkyEngine, Vec3, Vec3][] = [
    ['unity', [0, 0, 1], [1, 0, 0]],
    ['godot', [0, 0, -1], [1, 0, 0]],
    ['web', [0, 0, -1], [1, 0, 0]],
    ['unreal', [1, 0, 0], [0, 1, 0]],
  ];
  it.each(frames)('%s', (engine, f, r) => {
    const uv = (t: number) => ENGINE_SKIES[engine].panoramaUv([f[0] * Math.cos(t) + r[0] * Math.sin(t), f[1] * Math.cos(t) + r[1] * Math.sin(t), f[2] * Math.cos(t) + r[2] * Math.sin(t)]).u;
    let du = uv(0.2) - uv(0);
    if (du < -0.5) du += 1;
    expect(du).toBeCloseTo(0.2 / (2 * Math.PI), 6);
  });
});

describe('where the engine draws the face image itself (Unity 6 Sided, three.js after its x flip), the image reads unmirrored from inside', () => {
  // Moving right on a side face's image moves right around the horizon, so u grows.
  const cases: [SkyEngine, CubeAxis][] = [
    ['unity', 'pz'],
    ['unity', 'px'],
    ['unity', 'nz'],
    ['unity', 'nx'],
    ['web', 'pz'],
    ['web', 'px'],
    ['web', 'nz'],
    ['web', 'nx'],
  ];
  it.each(cases)('%s %s', (engine, axis) => {
    let du = facePixelToPanorama(engine, axis, 0.1, 0).u - facePixelToPanorama(engine, axis, -0.1, 0).u;
    if (du < -0.5) du += 1;
    expect(du).toBeGreaterThan(0);
  });
});

describe('directionToFace inverts each face', () => {
  const axes = Object.keys(CUBE_AXIS_DIRECTION) as CubeAxis[];
  const points: [number, number][] = [
    [0, 0],
    [0.5, -0.25],
    [-0.9, 0.7],
    [0.99, 0.99],
  ];
  for (const axis of axes) {
    it.each(points)(`${axis} (%d, %d)`, (a, b) => {
      const back = directionToFace(CUBE_AXIS_DIRECTION[axis](a, b));
      expect(back.axis).toBe(axis);
      expect(back.a).toBeCloseTo(a, 9);
      expect(back.b).toBeCloseTo(b, 9);
    });
  }
});

describe('names', () => {
  it.each([
    ['unity', ['_Front', '_Back', '_Left', '_Right', '_Up', '_Down']],
    ['godot', ['_px', '_nx', '_py', '_ny', '_pz', '_nz']],
    ['web', ['_px', '_nx', '_py', '_ny', '_pz', '_nz']],
    ['unreal', ['_PosX', '_NegX', '_PosY', '_NegY', '_PosZ', '_NegZ']],
  ] as const)('%s faces in the engine’s order', (engine, suffixes) => {
    expect(ENGINE_SKIES[engine].faces.map((f) => f.suffix)).toEqual(suffixes);
    expect(new Set(ENGINE_SKIES[engine].faces.map((f) => f.axis)).size).toBe(6);
  });
  it.each([
    ['unity', 'unity'],
    ['godot', 'godot'],
    ['unreal', 'unreal'],
    ['plain', 'web'],
  ] as const)('a %s folder gets %s faces', (project, engine) => expect(skyEngineFor(project)).toBe(engine));
});

describe('faceSizeFor', () => {
  it.each([
    [4096, 1024],
    [2048, 512],
    [1000, 128],
    [100, 64],
    [16384, 2048],
    [3000, 512],
  ])('a %d px wide panorama gets %d px faces', (w, size) => expect(faceSizeFor(w)).toBe(size));
});
