/**
 * 360° skyboxes: 2:1 equirectangular PNGs. Every pixel is a function of
 * latitude and of sin/cos of longitude only, so column 0 and the last column
 * are neighbours on the sphere and the image wraps without a seam.
 */
import sharp from 'sharp';
import { hashString } from '../core/random';
import { promptColours, type Rgb } from './prompt-words';
import { NO_VARIATION, varyColour, type Variation } from './variation';

export const SKYBOX_WIDTH = 2048;
export const SKYBOX_HEIGHT = 1024;

export interface SkyPalette {
  zenith: Rgb;
  horizon: Rgb;
  ground: Rgb;
  sun: Rgb;
}

export function paletteFor(prompt: string, base?: Rgb): SkyPalette {
  const colours = promptColours(prompt);
  const night = /\b(night|space|stars?|dark)\b/i.test(prompt);
  const named = colours[0]!;
  const horizon = base ?? named;
  return {
    zenith: night ? [10, 12, 40] : [60, 110, 200],
    horizon,
    ground: colours[1] ?? [Math.round(horizon[0] * 0.4), Math.round(horizon[1] * 0.45), Math.round(horizon[2] * 0.35)],
    sun: night ? [230, 230, 255] : [255, 240, 200],
  };
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

export async function skybox(prompt: string, base?: Rgb, width = SKYBOX_WIDTH, v: Variation = NO_VARIATION): Promise<Buffer> {
  const height = width / 2;
  const named = paletteFor(prompt, base);
  const pal = { ...named, horizon: varyColour(named.horizon, v), ground: varyColour(named.ground, v) };
  // A take's own skyline and sun: the phases come from the prompt and the variation.
  const h = (hashString(prompt) ^ v.patternSeed) >>> 0;
  const phases = [0, 1, 2, 3].map((k) => ((h >> (k * 8)) & 255) / 40);
  const sunLon = phases[0]!;
  const raw = Buffer.alloc(width * height * 3);
  // Longitude runs over the full circle; x + 0.5 samples pixel centres.
  const cosL = new Float64Array(width);
  const sinL = new Float64Array(width);
  const ridge = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const lon = (2 * Math.PI * (x + 0.5)) / width;
    cosL[x] = Math.cos(lon);
    sinL[x] = Math.sin(lon);
    ridge[x] = 0.06 + 0.04 * Math.sin(3 * lon + phases[1]!) + 0.025 * Math.sin(7 * lon + phases[2]!) + 0.012 * Math.sin(17 * lon + phases[3]!);
  }
  const sunDir = [Math.cos(sunLon) * Math.cos(0.35), Math.sin(0.35), Math.sin(sunLon) * Math.cos(0.35)];
  for (let y = 0; y < height; y++) {
    const lat = Math.PI / 2 - (Math.PI * (y + 0.5)) / height;
    const sLat = Math.sin(lat);
    const cLat = Math.cos(lat);
    let o = y * width * 3;
    for (let x = 0; x < width; x++) {
      let c: Rgb;
      const horizonHeight = ridge[x]!;
      if (sLat > horizonHeight) {
        const t = Math.min(1, (sLat - horizonHeight) * 1.6);
        c = [lerp(pal.horizon[0], pal.zenith[0], t), lerp(pal.horizon[1], pal.zenith[1], t), lerp(pal.horizon[2], pal.zenith[2], t)];
        const dot = cLat * cosL[x]! * sunDir[0]! + sLat * sunDir[1]! + cLat * sinL[x]! * sunDir[2]!;
        const glow = Math.pow(Math.max(0, dot), 64);
        c = [lerp(c[0], pal.sun[0], glow), lerp(c[1], pal.sun[1], glow), lerp(c[2], pal.sun[2], glow)];
      } else {
        const t = Math.min(1, (horizonHeight - sLat) * 2);
        c = [lerp(pal.ground[0], pal.ground[0] * 0.5, t), lerp(pal.ground[1], pal.ground[1] * 0.5, t), lerp(pal.ground[2], pal.ground[2] * 0.5, t)];
      }
      raw[o++] = c[0];
      raw[o++] = c[1];
      raw[o++] = c[2];
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 3 }).toBuffer();
}

/** Edits a skybox: a per-pixel colour change only, so the wrap stays seamless. */
export async function editSkybox(source: Buffer | string, prompt: string, v: Variation = NO_VARIATION): Promise<Buffer> {
  const c = varyColour(promptColours(prompt)[0]!, v);
  const meta = await sharp(source).metadata();
  const overlay = await sharp({ create: { width: meta.width ?? 1, height: meta.height ?? 1, channels: 4, background: { r: c[0], g: c[1], b: c[2], alpha: 0.3 } } })
    .png()
    .toBuffer();
  return sharp(source).removeAlpha().composite([{ input: overlay, blend: 'over' }]).png().toBuffer();
}
