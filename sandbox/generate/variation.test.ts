import { describe, expect, it } from 'vitest';
import { getBounds } from '@gltf-transform/functions';
import sharp from 'sharp';
import { produceAsset } from '../assets/produce';
import { readGlb, triangles, validateGlb } from '../test/support';
import type { Part } from './mesh-builder';
import { NO_VARIATION, variationFor, varyColour, varyParts, varyTriangles } from './variation';

const job = (id: string, kind: string, genParams: Record<string, unknown>) => ({ id, kind, genParams, uploads: {} }) as never;
const produce = async (id: string, kind: string, genParams: Record<string, unknown>) =>
  (await produceAsset({ job: job(id, kind, genParams), upload: () => undefined, source: async () => Buffer.alloc(0) }))!.bytes;

describe('a take’s variation', () => {
  it('is the same for the same job and differs between jobs', () => {
    expect(variationFor('job-a')).toEqual(variationFor('job-a'));
    expect(variationFor('job-a')).not.toEqual(variationFor('job-b'));
  });

  it.each(['a', 'b', 'c', 'job_0001', 'x'.repeat(40)])('stays within its ranges (seed %s)', (seed) => {
    const v = variationFor(seed);
    for (const p of v.proportions) {
      expect(p).toBeGreaterThanOrEqual(0.85);
      expect(p).toBeLessThanOrEqual(1.15);
    }
    expect(v.triangleFactor).toBeGreaterThanOrEqual(0.95);
    expect(v.triangleFactor).toBeLessThanOrEqual(1.05);
    expect(Math.abs(v.hueShift)).toBeLessThanOrEqual(0.06);
  });

  it.each([
    [10_000, 1, 10_000],
    [10_000, 1.05, 10_500],
    [10_000, 0.95, 9_500],
    [1, 0.95, 1],
  ])('asks %i triangles × %f for %i', (target, factor, want) => {
    expect(varyTriangles(target, { ...NO_VARIATION, triangleFactor: factor })).toBe(want);
  });

  it('keeps the object standing on the ground and greys grey', () => {
    const part: Part = { kind: 'superquadric', name: 'p', colour: [128, 128, 128], center: [0, 0.5, 0], radii: [0.5, 0.5, 0.5], e: 1, f: 1, weight: 1 };
    const v = { ...variationFor('q'), proportions: [1.1, 0.9, 1] as [number, number, number], partScale: [1] };
    const [out] = varyParts([part], v);
    expect(out!.center[1] - (out as typeof part).radii[1]).toBeCloseTo(0, 6);
    const [r, g, b] = varyColour([128, 128, 128], v);
    expect(r).toBe(g);
    expect(g).toBe(b);
    expect(varyColour([200, 40, 40], NO_VARIATION)).toEqual([200, 40, 40]);
  });
});

describe('takes of one prompt', () => {
  const request = { prompt: 'a red wooden chair', targetFaceCount: 4_000, textureResolution: '256' };

  it('three text-to-3d jobs differ in shape, texture and triangle count, each within the service’s ±10%', async () => {
    const glbs = await Promise.all(['job-1', 'job-2', 'job-3'].map((id) => produce(id, 'text-to-3d', request)));
    const docs = await Promise.all(glbs.map((g) => readGlb(g)));
    const tris = docs.map(triangles);
    expect(new Set(tris).size).toBe(3);
    for (const t of tris) expect(Math.abs(t - 4_000) / 4_000).toBeLessThanOrEqual(0.1);
    const sizes = docs.map((d) => {
      const { min, max } = getBounds(d.getRoot().listScenes()[0]!);
      return (max[1] - min[1]).toFixed(3);
    });
    expect(new Set(sizes).size).toBe(3);
    const textures = docs.map((d) => Buffer.from(d.getRoot().listTextures()[0]!.getImage()!).toString('base64'));
    expect(new Set(textures).size).toBe(3);
    for (const g of glbs) expect((await validateGlb(g)).errors).toBe(0);
  });

  it('one job makes the same bytes every time (a restart or a download again)', async () => {
    expect((await produce('job-1', 'text-to-3d', request)).equals(await produce('job-1', 'text-to-3d', request))).toBe(true);
  });

  it('images and skyboxes of one prompt differ between jobs', async () => {
    for (const [kind, params] of [
      ['text-to-image', { prompt: 'a blue bird', aspectRatio: '1:1' }],
      ['text-to-worldbox', { prompt: 'sunset desert' }],
    ] as const) {
      const [a, b] = await Promise.all(['job-1', 'job-2'].map((id) => produce(id, kind, params)));
      const [ra, rb] = await Promise.all([a!, b!].map((x) => sharp(x).raw().toBuffer()));
      expect(ra!.length).toBe(rb!.length);
      expect(ra!.equals(rb!)).toBe(false);
    }
  });
});
