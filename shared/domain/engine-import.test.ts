import { describe, expect, it } from 'vitest';
import { engineLines, lodSuffixes, wantsLods } from './engine-import';

describe('wantsLods', () => {
  it.each([
    ['godot', 'auto', false, false],
    ['plain', 'auto', true, true],
    ['plain', 'auto', false, false],
    ['unity', 'auto', false, false],
    ['godot', 'on', false, true],
    ['plain', 'off', true, false],
  ] as const)('%s, %s, web %s → %s', (engine, choice, web, expected) => {
    expect(wantsLods(engine, choice, web)).toBe(expected);
  });
});

describe('engineLines', () => {
  it.each([
    ['godot', { collision: 'convex' }, 'collision', 'pass', 'Convex hull (one shape around the model), node suffix -convcolonly'],
    ['unity', { collision: 'convex' }, 'collision', 'warn', 'Convex hull (one shape around the model), node suffix -convcolonly'],
    ['godot', { collision: 'mesh', formats: ['obj'] }, 'collision', 'warn', 'Same as the mesh (exact, slower): not written'],
    ['godot', {}, 'lods', 'pass', 'made by Godot 4 on import'],
    ['plain', { web: true }, 'lods', 'pass', 'NAME_LOD1.glb at 50 %, NAME_LOD2.glb at 25 %'],
    ['plain', { web: true, lodRatios: [0.6, 0.3, 0.1] }, 'lods', 'pass', 'NAME_LOD1.glb at 60 %, NAME_LOD2.glb at 30 %, NAME_LOD3.glb at 10 %'],
    ['unreal', {}, 'lods', 'pass', 'not written'],
  ] as const)('%s %o: %s is %s', (engine, choice, id, status, figure) => {
    const line = engineLines(engine, choice).find((l) => l.id === id)!;
    expect({ status: line.status, figure: line.figure }).toEqual({ status, figure });
    if (id === 'lods') expect(line.about).toMatch(/^Godot 4 makes its own LODs on import/);
  });

  it('names files NAME_LOD1.glb, NAME_LOD2.glb', () => {
    expect(lodSuffixes([0.5, 0.25])).toEqual(['_LOD1.glb', '_LOD2.glb']);
  });
});
