/** The program keeper: one material per compiled program stays, bounded, and the rest are disposed. */
import { BoxGeometry, Group, Mesh, MeshBasicMaterial, MeshStandardMaterial, Texture, type Material, type WebGLRenderer } from 'three';
import { describe, expect, it } from 'vitest';
import { disposeObject } from './dispose';
import { KEPT_PROGRAMS, keptProgramCount, parkMaterials } from './program-keeper';

/** A renderer stand-in: which program three.js last drew each material with. */
function fakeRenderer(drawnWith: Map<Material, object>, uniforms = new Map<Material, Record<string, { value: unknown }>>()): WebGLRenderer {
  return { properties: { get: (m: Material) => ({ currentProgram: drawnWith.get(m), uniforms: uniforms.get(m) }) } } as unknown as WebGLRenderer;
}

function watched(material: Material): { material: Material; disposed: () => boolean } {
  let disposed = false;
  material.addEventListener('dispose', () => (disposed = true));
  return { material, disposed: () => disposed };
}

describe('program keeper', () => {
  it('keeps one material per program, and disposes materials that share it or were never drawn', () => {
    const programA = {};
    const first = watched(new MeshStandardMaterial());
    const second = watched(new MeshStandardMaterial());
    const neverDrawn = watched(new MeshBasicMaterial());
    const gl = fakeRenderer(new Map<Material, object>([[first.material, programA], [second.material, programA]]));
    parkMaterials(gl, [first.material, second.material, neverDrawn.material]);
    expect(keptProgramCount(gl)).toBe(1);
    expect(first.disposed()).toBe(false);
    expect(second.disposed()).toBe(true);
    expect(neverDrawn.disposed()).toBe(true);
  });

  it('lets go of the textures a kept material and its last uniforms point to (a panorama lighting it holds its pixels)', () => {
    const map = new Texture();
    const panorama = new Texture();
    const material = new MeshStandardMaterial({ map, envMap: panorama });
    const lastUniforms = { map: { value: map as unknown }, envMap: { value: panorama as unknown }, roughness: { value: 0.5 as unknown } };
    parkMaterials(fakeRenderer(new Map([[material, {}]]), new Map([[material, lastUniforms]])), [material]);
    expect(material.map).toBeNull();
    expect(material.envMap).toBeNull();
    expect(lastUniforms.map.value).toBeNull();
    expect(lastUniforms.envMap.value).toBeNull();
    expect(lastUniforms.roughness.value).toBe(0.5);
  });

  it('holds at most KEPT_PROGRAMS programs, letting go of the least recently used first', () => {
    const drawnWith = new Map<Material, object>();
    const gl = fakeRenderer(drawnWith);
    const programs = Array.from({ length: KEPT_PROGRAMS + 2 }, () => ({}));
    const holders = programs.map((program) => {
      const w = watched(new MeshStandardMaterial());
      drawnWith.set(w.material, program);
      return w;
    });
    parkMaterials(gl, holders.slice(0, KEPT_PROGRAMS).map((w) => w.material));
    // The oldest program is used again by a newer model: it becomes the most recent.
    const again = watched(new MeshStandardMaterial());
    drawnWith.set(again.material, programs[0]!);
    parkMaterials(gl, [again.material]);
    parkMaterials(gl, holders.slice(KEPT_PROGRAMS).map((w) => w.material));
    expect(keptProgramCount(gl)).toBe(KEPT_PROGRAMS);
    expect(holders[0]!.disposed()).toBe(false);
    expect(holders[1]!.disposed()).toBe(true);
    expect(holders[2]!.disposed()).toBe(true);
    expect(holders[3]!.disposed()).toBe(false);
  });

  it("is handed a disposed model's materials with their textures already disposed", () => {
    const texture = new Texture();
    let textureDisposed = false;
    texture.addEventListener('dispose', () => (textureDisposed = true));
    const material = new MeshStandardMaterial({ map: texture });
    const geometry = new BoxGeometry();
    let geometryDisposed = false;
    geometry.addEventListener('dispose', () => (geometryDisposed = true));
    const root = new Group().add(new Mesh(geometry, material));
    let handed: Material[] = [];
    disposeObject(root, [], (materials) => (handed = materials));
    expect(handed).toEqual([material]);
    expect(textureDisposed).toBe(true);
    expect(geometryDisposed).toBe(true);
  });
});
