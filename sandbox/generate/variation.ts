/**
 * A take's own variation. The real service gives a different result each time
 * it is asked the same thing; the sandbox derives results from the request, so
 * without this every take of one prompt would be byte-identical. Each job gets
 * a variation seeded by its id: the same job always makes the same asset (a
 * download again, or a restart, gives the same bytes), two jobs of one prompt
 * differ in proportions, surface, colour and triangle count.
 */
import { createRandom } from '../core/random';
import type { Part, Vec3 } from './mesh-builder';
import type { Rgb } from './prompt-words';

export interface Variation {
  /** Scale of the whole object per axis (x, y, z), each in [0.85, 1.15]. */
  proportions: Vec3;
  /** Per-part size factors, in order, each in [0.8, 1.2] (parts beyond the list take 1). */
  partScale: readonly number[];
  /** Added to superquadric exponents: rounder or boxier, in [-0.25, 0.25]. */
  roundness: number;
  /** Multiplies the requested triangle count, in [0.95, 1.05] (within the service's ±10%). */
  triangleFactor: number;
  /** Shifts colours' hue, in turns, in [-0.06, 0.06], and their lightness by a factor in [0.85, 1.15]. */
  hueShift: number;
  lightness: number;
  /** Seed for texture patterns and 2D layouts (a non-negative integer). */
  patternSeed: number;
}

/** No variation: the result depends on the request alone (used where there is no job). */
export const NO_VARIATION: Variation = {
  proportions: [1, 1, 1],
  partScale: [],
  roundness: 0,
  triangleFactor: 1,
  hueShift: 0,
  lightness: 1,
  patternSeed: 0,
};

const PARTS_VARIED = 16;

/** The variation of the job with this id (or any other seed). */
export function variationFor(seed: string): Variation {
  const r = createRandom(`variation:${seed}`);
  const range = (lo: number, hi: number) => lo + (hi - lo) * r.next();
  return {
    proportions: [range(0.85, 1.15), range(0.85, 1.15), range(0.85, 1.15)],
    partScale: Array.from({ length: PARTS_VARIED }, () => range(0.8, 1.2)),
    roundness: range(-0.25, 0.25),
    triangleFactor: range(0.95, 1.05),
    hueShift: range(-0.06, 0.06),
    lightness: range(0.85, 1.15),
    patternSeed: r.int(0, 1_000_000),
  };
}

const clampExp = (x: number) => Math.min(1.6, Math.max(0.1, x));

/**
 * The parts of a take: the whole object scaled by its proportions (still
 * standing on y = 0), each part resized around its own centre, superquadrics
 * rounder or boxier, colours shifted.
 */
export function varyParts(parts: readonly Part[], v: Variation): Part[] {
  const [sx, sy, sz] = v.proportions;
  return parts.map((part, i): Part => {
    const k = v.partScale[i] ?? 1;
    const center: Vec3 = [part.center[0] * sx, part.center[1] * sy, part.center[2] * sz];
    const colour = varyColour(part.colour, v);
    switch (part.kind) {
      case 'superquadric':
        return {
          ...part,
          center,
          colour,
          radii: [part.radii[0] * sx * k, part.radii[1] * sy * k, part.radii[2] * sz * k],
          e: clampExp(part.e + v.roundness),
          f: clampExp(part.f + v.roundness),
        };
      case 'lathe':
        return { ...part, center, colour, profile: part.profile.map(([radius, h]) => [radius * sx * k, h * sy * k] as [number, number]) };
      case 'torus':
        return { ...part, center, colour, major: part.major * sx * k, minor: part.minor * k };
    }
  });
}

/** The requested triangle count of a take (at least 1). */
export function varyTriangles(target: number, v: Variation): number {
  return Math.max(1, Math.round(target * v.triangleFactor));
}

function rgbToHsl([r, g, b]: Rgb): [number, number, number] {
  const R = r / 255;
  const G = g / 255;
  const B = b / 255;
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === R ? (G - B) / d + (G < B ? 6 : 0) : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return [h / 6, s, l];
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** A colour of a take: hue turned a little, lightness scaled (greys stay neutral). */
export function varyColour(c: Rgb, v: Variation): Rgb {
  if (v.hueShift === 0 && v.lightness === 1) return c;
  const [h, s, l] = rgbToHsl(c);
  const hue = (((h + v.hueShift) % 1) + 1) % 1;
  return hslToRgb(hue, s, Math.min(0.95, Math.max(0.04, l * v.lightness)));
}
