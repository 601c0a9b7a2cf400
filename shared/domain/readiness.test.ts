import { describe, expect, it } from 'vitest';
import {
  checkReadiness,
  compressionFor,
  fixesFor,
  parseFixList,
  presetBudget,
  scaleIntoRange,
  unfixedFailures,
  type Budget,
  type CheckId,
  type CheckStatus,
  type FixId,
  type ModelFigures,
} from './readiness';

const budget: Budget = { target: 'mobile', triangles: 50_000, maxTextureSize: 1024, materials: 4, fileBytes: 10 * 1024 * 1024, minHeightM: 0.1, maxHeightM: 10, standOnBase: true };

/** A model that passes every line of `budget`. */
const clean: ModelFigures = {
  triangles: 20_000,
  largestTexture: 1024,
  textureCount: 1,
  materials: 1,
  fileBytes: 2 * 1024 * 1024,
  heightM: 1.5,
  baseM: 0,
  baseOffsetM: 0,
  texturedWithoutUv: 0,
  degenerateTriangles: 0,
  unusedVertices: 0,
  validatorErrors: 0,
  validatorWarnings: 0,
};

describe('checkReadiness', () => {
  it('passes every line of a model inside the budget', () => {
    const lines = checkReadiness(clean, budget);
    expect(lines.map((l) => l.id)).toEqual(['triangles', 'textures', 'materials', 'fileSize', 'height', 'pivot', 'uvs', 'cleanup', 'validator']);
    expect(lines.filter((l) => l.status !== 'pass')).toEqual([]);
  });

  const cases: { name: string; change: Partial<ModelFigures>; budget?: Partial<Budget>; compression?: 'draco' | 'meshopt' | 'none'; id: CheckId; status: CheckStatus; fix?: FixId; figure?: string; limit?: string }[] = [
    { name: 'too many triangles', change: { triangles: 179_000 }, id: 'triangles', status: 'fail', fix: 'simplify', figure: '179,000', limit: '50,000' },
    { name: 'triangles near the limit', change: { triangles: 48_000 }, id: 'triangles', status: 'warn' },
    { name: 'triangles exactly at the limit', change: { triangles: 50_000 }, id: 'triangles', status: 'warn' },
    { name: 'one triangle over', change: { triangles: 50_001 }, id: 'triangles', status: 'fail', fix: 'simplify' },
    { name: 'a 2048 px texture on a 1024 budget', change: { largestTexture: 2048 }, id: 'textures', status: 'fail', fix: 'resize-textures', figure: '2,048 px', limit: '1,024 px' },
    { name: 'no textures at all', change: { largestTexture: 0, textureCount: 0 }, id: 'textures', status: 'pass', figure: 'no textures' },
    { name: 'too many materials (no automatic fix)', change: { materials: 9 }, id: 'materials', status: 'fail', fix: undefined },
    { name: 'file too large, engine reads Draco', change: { fileBytes: 30 * 1024 * 1024 }, compression: 'draco', id: 'fileSize', status: 'fail', fix: 'compress', figure: '30.0 MB', limit: '10.0 MB' },
    { name: 'file too large, engine reads no compression, big textures', change: { fileBytes: 30 * 1024 * 1024, largestTexture: 2048 }, id: 'fileSize', status: 'fail', fix: 'resize-textures' },
    { name: 'file too large, nothing automatic helps', change: { fileBytes: 30 * 1024 * 1024, largestTexture: 512 }, id: 'fileSize', status: 'fail', fix: undefined },
    { name: 'too tall', change: { heightM: 40 }, id: 'height', status: 'fail', fix: 'scale-to-height', figure: '40.0 m', limit: '0.10 m – 10.0 m' },
    { name: 'too small', change: { heightM: 0.02 }, id: 'height', status: 'fail', fix: 'scale-to-height' },
    { name: 'floating above the ground', change: { baseM: 0.5 }, id: 'pivot', status: 'fail', fix: 'recentre-pivot' },
    { name: 'off centre', change: { baseOffsetM: 2 }, id: 'pivot', status: 'fail', fix: 'recentre-pivot' },
    { name: 'off by less than the tolerance', change: { baseM: 0.0005, baseOffsetM: 0.0005 }, id: 'pivot', status: 'pass' },
    { name: 'anywhere is fine when the budget does not ask', change: { baseM: 3 }, budget: { standOnBase: false }, id: 'pivot', status: 'pass' },
    { name: 'textured parts without UVs', change: { texturedWithoutUv: 2 }, id: 'uvs', status: 'fail', fix: undefined },
    { name: 'degenerate triangles', change: { degenerateTriangles: 12 }, id: 'cleanup', status: 'warn', fix: 'weld-prune', figure: '12 degenerate, 0 unused' },
    { name: 'unused vertices', change: { unusedVertices: 340 }, id: 'cleanup', status: 'warn', fix: 'weld-prune' },
    { name: 'duplicate triangles (twins in either winding)', change: { duplicateTriangles: 2 }, id: 'cleanup', status: 'warn', fix: 'weld-prune', figure: '0 degenerate, 2 duplicate, 0 unused' },
    { name: 'validator errors', change: { validatorErrors: 3 }, id: 'validator', status: 'fail' },
    { name: 'validator warnings only', change: { validatorWarnings: 3 }, id: 'validator', status: 'warn' },
  ];
  it.each(cases)('$name: $id is $status', (c) => {
    const line = checkReadiness({ ...clean, ...c.change }, { ...budget, ...c.budget }, c.compression ?? 'none').find((l) => l.id === c.id)!;
    expect(line.status).toBe(c.status);
    expect(line.fix).toBe(c.fix);
    if (c.figure) expect(line.figure).toBe(c.figure);
    if (c.limit) expect(line.limit).toBe(c.limit);
    if (c.status !== 'pass') expect(line.note).toBeTruthy();
  });
});

describe('fixesFor and unfixedFailures', () => {
  it('lists each needed fix once, in the order they are applied', () => {
    const lines = checkReadiness({ ...clean, triangles: 179_000, largestTexture: 2048, fileBytes: 30 * 1024 * 1024, baseM: 1, unusedVertices: 5 }, budget, 'none');
    expect(fixesFor(lines)).toEqual(['weld-prune', 'simplify', 'resize-textures', 'recentre-pivot']);
    expect(unfixedFailures(lines).map((l) => l.id)).toEqual(['triangles', 'textures', 'fileSize', 'pivot']);
  });
  it('needs nothing for a clean model', () => {
    expect(fixesFor(checkReadiness(clean, budget))).toEqual([]);
  });
});

describe('presets and compression', () => {
  it.each([
    ['unity', 'mobile', 50_000, 1024, 'draco'],
    ['godot', 'desktop', 300_000, 4096, 'none'],
    ['unreal', 'desktop', 500_000, 4096, 'none'],
    ['plain', 'web', 100_000, 2048, 'meshopt'],
    ['plain', 'mobile', 50_000, 1024, 'none'],
  ] as const)('%s %s: %i triangles, %i px, %s', (engine, target, triangles, px, compression) => {
    const b = presetBudget(engine, target);
    expect(b).toMatchObject({ target, triangles, maxTextureSize: px, standOnBase: true });
    expect(compressionFor(engine, target)).toBe(compression);
  });
});

describe('scaleIntoRange', () => {
  it.each([
    [40, 0.25],
    [0.02, 5],
    [1.5, 1],
    [0, 1],
  ])('height %f m scales by %f', (h, s) => {
    expect(scaleIntoRange(h, budget)).toBeCloseTo(s, 6);
  });
});

describe('parseFixList', () => {
  it.each([
    ['all', 'all'],
    ['simplify,resize-textures', ['simplify', 'resize-textures']],
    ['compress, weld-prune', ['weld-prune', 'compress']],
  ] as const)('%s', (text, expected) => {
    expect(parseFixList(text)).toEqual({ ok: true, fixes: expected });
  });
  it('refuses an unknown name with the list of known ones', () => {
    const res = parseFixList('simplify,shrink');
    expect(res.ok).toBe(false);
    expect(!res.ok && res.message).toContain('"shrink"');
    expect(!res.ok && res.message).toContain('resize-textures');
  });
});
