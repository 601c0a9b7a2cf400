/**
 * Objects the sandbox recognises in a prompt, each a few parametric parts.
 * Units are metres, Y up, standing on y = 0.
 */
import { hashString } from '../core/random';
import { humanoidParts } from './humanoid';
import type { Part, Vec3 } from './mesh-builder';
import { findWord, hasColourWord, promptColours, type Rgb } from './prompt-words';

export const SHAPE_NAMES = [
  'chair',
  'table',
  'tree',
  'car',
  'house',
  'sword',
  'cup',
  'rock',
  'lamp',
  'humanoid',
  'bottle',
  'crate',
  'mushroom',
  'rocket',
  'barrel',
  'blob',
] as const;
export type ShapeName = (typeof SHAPE_NAMES)[number];

/** Prompt words → shape. Plurals are folded by findWord. */
const VOCABULARY: Record<string, ShapeName> = {
  chair: 'chair',
  stool: 'chair',
  throne: 'chair',
  table: 'table',
  desk: 'table',
  tree: 'tree',
  pine: 'tree',
  car: 'car',
  truck: 'car',
  vehicle: 'car',
  house: 'house',
  cottage: 'house',
  hut: 'house',
  building: 'house',
  sword: 'sword',
  blade: 'sword',
  katana: 'sword',
  cup: 'cup',
  mug: 'cup',
  teacup: 'cup',
  rock: 'rock',
  boulder: 'rock',
  lamp: 'lamp',
  lantern: 'lamp',
  robot: 'humanoid',
  humanoid: 'humanoid',
  person: 'humanoid',
  character: 'humanoid',
  knight: 'humanoid',
  man: 'humanoid',
  woman: 'humanoid',
  warrior: 'humanoid',
  soldier: 'humanoid',
  astronaut: 'humanoid',
  bottle: 'bottle',
  potion: 'bottle',
  vase: 'bottle',
  crate: 'crate',
  box: 'crate',
  chest: 'crate',
  cube: 'crate',
  mushroom: 'mushroom',
  rocket: 'rocket',
  spaceship: 'rocket',
  barrel: 'barrel',
};

/** Words that also name a material ("stone house"): used only when no other object word is present. */
const MATERIAL_WORDS: Record<string, ShapeName> = { stone: 'rock', pebble: 'rock', wood: 'tree' };

export function shapeForPrompt(prompt: string, tPose = false): ShapeName {
  if (tPose) return 'humanoid';
  return findWord(prompt, VOCABULARY) ?? findWord(prompt, MATERIAL_WORDS) ?? 'blob';
}

const box = (name: string, colour: Rgb, center: Vec3, size: Vec3, weight = 1): Part => ({
  kind: 'superquadric',
  name,
  colour,
  center,
  radii: [size[0] / 2, size[1] / 2, size[2] / 2],
  e: 0.12,
  f: 0.12,
  weight,
});
const cylinder = (name: string, colour: Rgb, center: Vec3, radius: number, height: number, weight = 1, axis?: Vec3): Part => ({
  kind: 'superquadric',
  name,
  colour,
  center,
  radii: [radius, height / 2, radius],
  e: 0.12,
  f: 1,
  weight,
  ...(axis ? { axis } : {}),
});
const sphere = (name: string, colour: Rgb, center: Vec3, radii: Vec3, weight = 1): Part => ({
  kind: 'superquadric',
  name,
  colour,
  center,
  radii,
  e: 1,
  f: 1,
  weight,
});
const lathe = (name: string, colour: Rgb, center: Vec3, profile: [number, number][], weight = 1): Part => ({
  kind: 'lathe',
  name,
  colour,
  center,
  profile,
  weight,
});

function shade(c: Rgb, k: number): Rgb {
  return [Math.min(255, Math.round(c[0] * k)), Math.min(255, Math.round(c[1] * k)), Math.min(255, Math.round(c[2] * k))];
}

/** The parts of a shape, coloured from the prompt (the first colour word is the main colour). */
export function shapeParts(shape: ShapeName, prompt: string, options: { tPose?: boolean } = {}): Part[] {
  const colours = promptColours(prompt);
  const main = colours[0]!;
  const second = colours[1] ?? shade(main, 0.6);
  const grey: Rgb = [110, 110, 115];
  switch (shape) {
    case 'chair':
      return [
        box('seat', main, [0, 0.45, 0], [0.5, 0.06, 0.5], 2),
        box('backrest', main, [0, 0.8, -0.22], [0.5, 0.6, 0.06], 2),
        ...([
          [-0.21, -0.21],
          [0.21, -0.21],
          [-0.21, 0.21],
          [0.21, 0.21],
        ] as const).map(([x, z], i) => cylinder(`leg-${i + 1}`, second, [x, 0.21, z], 0.025, 0.42, 0.6)),
      ];
    case 'table':
      return [
        box('top', main, [0, 0.74, 0], [1.4, 0.05, 0.8], 3),
        ...([
          [-0.62, -0.32],
          [0.62, -0.32],
          [-0.62, 0.32],
          [0.62, 0.32],
        ] as const).map(([x, z], i) => box(`leg-${i + 1}`, second, [x, 0.36, z], [0.06, 0.72, 0.06], 0.7)),
      ];
    case 'tree': {
      const leaves = colours.length > 1 ? colours[0]! : ([50, 130, 60] as Rgb);
      return [
        cylinder('trunk', [110, 75, 45], [0, 0.75, 0], 0.15, 1.5, 1.5),
        lathe('canopy-low', leaves, [0, 1.2, 0], [[0, 0], [1.1, 0.15], [0, 1.3]], 2),
        lathe('canopy-high', shade(leaves, 1.15), [0, 2.0, 0], [[0, 0], [0.8, 0.1], [0, 1.1]], 1.5),
      ];
    }
    case 'car':
      return [
        box('body', main, [0, 0.55, 0], [1.8, 0.5, 4.0], 3),
        box('cabin', shade(main, 0.85), [0, 1.0, -0.2], [1.6, 0.45, 2.0], 2),
        ...([
          [-0.9, 1.3],
          [0.9, 1.3],
          [-0.9, -1.3],
          [0.9, -1.3],
        ] as const).map(([x, z], i) => cylinder(`wheel-${i + 1}`, [30, 30, 30], [x, 0.35, z], 0.35, 0.25, 1, [1, 0, 0])),
      ];
    case 'house':
      return [
        box('walls', main, [0, 1.25, 0], [5, 2.5, 4], 3),
        { kind: 'superquadric', name: 'roof', colour: second, center: [0, 3.2, 0], radii: [3, 1.2, 2.4], e: 0.12, f: 0.12, weight: 2, axis: [0, 1, 0] },
        box('door', [90, 60, 35], [0, 0.9, 2.0], [0.9, 1.8, 0.1], 0.5),
        box('chimney', grey, [1.6, 3.6, 0.8], [0.5, 1.4, 0.5], 0.5),
      ];
    case 'sword':
      return [
        box('blade', colours.length > 1 ? main : ([200, 205, 215] as Rgb), [0, 0.75, 0], [0.07, 1.0, 0.012], 2),
        box('guard', second, [0, 0.22, 0], [0.3, 0.05, 0.05], 1),
        cylinder('grip', [70, 45, 30], [0, 0.1, 0], 0.02, 0.2, 0.8),
        sphere('pommel', second, [0, -0.02, 0], [0.035, 0.035, 0.035], 0.5),
      ];
    case 'cup':
      return [
        lathe('body', main, [0, 0, 0], [[0, 0], [0.04, 0], [0.045, 0.1], [0.04, 0.1], [0, 0.01]], 3),
        { kind: 'torus', name: 'handle', colour: main, center: [0.055, 0.05, 0], major: 0.028, minor: 0.007, arc: 1, weight: 1 },
      ];
    case 'rock': {
      const h = hashString(prompt);
      return [
        { kind: 'superquadric', name: 'rock', colour: hasColourWord(prompt) ? main : [120, 115, 105], center: [0, 0.35, 0], radii: [0.6 + (h % 7) / 30, 0.4, 0.5], e: 0.7, f: 0.6, weight: 1 },
      ];
    }
    case 'lamp':
      return [
        cylinder('base', grey, [0, 0.02, 0], 0.15, 0.04, 0.7),
        cylinder('stem', grey, [0, 0.3, 0], 0.015, 0.56, 0.7),
        lathe('shade', main, [0, 0.5, 0], [[0.2, 0], [0.1, 0.25], [0.095, 0.25], [0.19, 0.005]], 2),
        sphere('bulb', [255, 240, 200], [0, 0.55, 0], [0.05, 0.06, 0.05], 0.6),
      ];
    case 'humanoid':
      return humanoidParts(colours, options.tPose ?? false);
    case 'bottle':
      return [lathe('bottle', main, [0, 0, 0], [[0, 0], [0.08, 0], [0.085, 0.2], [0.03, 0.28], [0.03, 0.33], [0, 0.33]], 2), cylinder('cork', [160, 120, 80], [0, 0.34, 0], 0.028, 0.04, 0.4)];
    case 'crate':
      return [box('crate', colours.length ? main : ([150, 110, 60] as Rgb), [0, 0.5, 0], [1, 1, 1], 2), box('lid', second, [0, 1.02, 0], [1.04, 0.05, 1.04], 0.5)];
    case 'mushroom':
      return [
        cylinder('stem', [235, 225, 200], [0, 0.2, 0], 0.08, 0.4, 1),
        { kind: 'superquadric', name: 'cap', colour: main, center: [0, 0.4, 0], radii: [0.3, 0.16, 0.3], e: 0.7, f: 1, weight: 2 },
      ];
    case 'rocket':
      return [
        cylinder('hull', colours.length > 1 ? main : ([220, 220, 225] as Rgb), [0, 1.5, 0], 0.4, 3, 3),
        lathe('nose', second, [0, 3.0, 0], [[0.4, 0], [0.3, 0.5], [0, 1.0]], 1.5),
        ...[0, 1, 2].map((i) => {
          const a = (i * 2 * Math.PI) / 3;
          return box(`fin-${i + 1}`, second, [Math.cos(a) * 0.5, 0.35, Math.sin(a) * 0.5], [0.05, 0.7, 0.4], 0.5);
        }),
      ];
    case 'barrel':
      return [
        lathe('staves', colours.length ? main : ([130, 85, 45] as Rgb), [0, 0, 0], [[0, 0], [0.28, 0], [0.33, 0.45], [0.28, 0.9], [0, 0.9]], 3),
        { kind: 'torus', name: 'hoop', colour: grey, center: [0, 0.45, 0], major: 0.335, minor: 0.012, weight: 1, axis: [0, 0, 1] },
      ];
    case 'blob': {
      const h = hashString(prompt);
      return [
        { kind: 'superquadric', name: 'body', colour: main, center: [0, 0.5, 0], radii: [0.5, 0.5, 0.45], e: 0.8 + (h % 5) / 10, f: 0.8 + ((h >> 3) % 5) / 10, weight: 3 },
        sphere('knob', second, [0, 1.05, 0], [0.15, 0.15, 0.15], 1),
      ];
    }
  }
}

/** Triangles used when targetFaceCount is 0 (the pipeline picks). */
export const DEFAULT_FACE_COUNT = 10_000;

export function targetTriangles(targetFaceCount: unknown): number {
  const n = typeof targetFaceCount === 'number' ? targetFaceCount : Number(targetFaceCount);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_FACE_COUNT;
}
