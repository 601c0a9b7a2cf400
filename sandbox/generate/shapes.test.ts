import { describe, expect, it } from 'vitest';
import { buildMesh, triangleCount } from './mesh-builder';
import { SHAPE_NAMES, shapeForPrompt, shapeParts, targetTriangles, DEFAULT_FACE_COUNT } from './shapes';
import { modelDocument, toGlb } from './gltf';
import { atlasTexture, texturePixels } from './textures';
import { readGlb, textureSizes, triangles, validateGlb } from '../test/support';

describe('shapes from prompts', () => {
  it('recognises at least ten objects by the words of a prompt, and falls back to a blob', () => {
    const prompts: Record<string, string> = {
      'a red wooden chair': 'chair',
      'oak dining table': 'table',
      'a tall pine tree': 'tree',
      'sports car': 'car',
      'small cottage in the woods': 'house',
      'a katana': 'sword',
      'coffee mug': 'cup',
      'mossy boulder': 'rock',
      'a stone house': 'house',
      'a smooth stone': 'rock',
      'desk lamp': 'lamp',
      'a sword on a table': 'sword',
      'a friendly robot': 'humanoid',
      'potion bottle': 'bottle',
      'treasure chest': 'crate',
      'red mushroom': 'mushroom',
      'rocket ship': 'rocket',
      'old barrel': 'barrel',
      'something abstract': 'blob',
    };
    for (const [prompt, shape] of Object.entries(prompts)) expect(shapeForPrompt(prompt), prompt).toBe(shape);
    expect(new Set(Object.values(prompts)).size).toBeGreaterThanOrEqual(11);
  });

  it('tPose always gives the humanoid', () => {
    expect(shapeForPrompt('a chair', true)).toBe('humanoid');
  });

  it('different objects have different part lists', () => {
    const names = SHAPE_NAMES.map((s) => shapeParts(s, 'grey').map((p) => p.name).join(','));
    expect(new Set(names).size).toBe(SHAPE_NAMES.length);
  });
});

describe('triangle budget', () => {
  it.each([
    ['chair', 100],
    ['chair', 1_000],
    ['humanoid', 3_000],
    ['tree', 12_345],
    ['car', 50_000],
    ['cup', 250],
    ['blob', 77],
  ] as const)('%s at %i triangles lands within 10%%', (shape, target) => {
    const mesh = buildMesh(shapeParts(shape, 'blue'), target);
    expect(Math.abs(triangleCount(mesh) - target) / target).toBeLessThanOrEqual(0.1);
  });

  it('0 lets the sandbox pick a sensible default', () => {
    expect(targetTriangles(0)).toBe(DEFAULT_FACE_COUNT);
    expect(DEFAULT_FACE_COUNT).toBeGreaterThanOrEqual(5_000);
    expect(DEFAULT_FACE_COUNT).toBeLessThanOrEqual(20_000);
  });

  it('builds 500k triangles quickly and writes a valid GLB', async () => {
    const t0 = performance.now();
    const mesh = buildMesh(shapeParts('tree', 'green'), 500_000);
    const glb = await toGlb(modelDocument(mesh, { name: 'tree', texturePng: null }));
    const ms = performance.now() - t0;
    expect(Math.abs(triangleCount(mesh) - 500_000) / 500_000).toBeLessThanOrEqual(0.1);
    expect(ms).toBeLessThan(3_000);
    const report = await validateGlb(glb);
    expect(report.messages).toEqual([]);
    expect(report.errors).toBe(0);
  });

  it('normals are unit length and every index is in range', () => {
    const mesh = buildMesh(shapeParts('lamp', 'white'), 2_000);
    for (let i = 0; i < mesh.normals.length; i += 3) {
      expect(Math.abs(Math.hypot(mesh.normals[i]!, mesh.normals[i + 1]!, mesh.normals[i + 2]!) - 1)).toBeLessThan(1e-5);
    }
    expect(Math.max(...mesh.indices)).toBeLessThan(mesh.positions.length / 3);
  });
});

describe('textures', () => {
  it('maps each textureResolution to its size, none to no texture and auto to 1024', () => {
    expect(texturePixels('128')).toBe(128);
    expect(texturePixels('256')).toBe(256);
    expect(texturePixels('512')).toBe(512);
    expect(texturePixels('1k')).toBe(1024);
    expect(texturePixels('2k')).toBe(2048);
    expect(texturePixels('4k')).toBe(4096);
    expect(texturePixels('auto')).toBe(1024);
    expect(texturePixels('none')).toBeNull();
  });

  it('a textured model carries one texture of the requested size and passes the validator', async () => {
    const mesh = buildMesh(shapeParts('chair', 'red'), 800);
    const glb = await toGlb(modelDocument(mesh, { name: 'chair', texturePng: await atlasTexture(512, mesh.parts.map((p) => p.colour)) }));
    const doc = await readGlb(glb);
    expect(await textureSizes(doc)).toEqual([{ width: 512, height: 512 }]);
    expect(triangles(doc)).toBe(triangleCount(mesh));
    expect((await validateGlb(glb)).errors).toBe(0);
  });

  it('the colour words of the prompt colour the texture', async () => {
    const sharp = (await import('sharp')).default;
    const red = await sharp(await atlasTexture(64, shapeParts('crate', 'red').map((p) => p.colour))).stats();
    const blue = await sharp(await atlasTexture(64, shapeParts('crate', 'blue').map((p) => p.colour))).stats();
    expect(red.channels[0]!.mean).toBeGreaterThan(red.channels[2]!.mean);
    expect(blue.channels[2]!.mean).toBeGreaterThan(blue.channels[0]!.mean);
  });
});
