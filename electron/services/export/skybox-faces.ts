/**
 * Cube faces and a Godot sky for a skybox export: the panorama decoded once
 * with sharp, each face pixel sampled (bilinear, wrapping around in longitude)
 * where shared/domain/cube-faces.ts says it looks, then encoded as PNG.
 */
import sharp from 'sharp';
import { ENGINE_SKIES, faceSizeFor, facePixelToPanorama, type SkyEngine } from '../../../shared/domain/cube-faces';

export interface Raster {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

export async function decodePanorama(png: Uint8Array): Promise<Raster> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data };
}

/** Bilinear sample at (u, v) in 0..1 (v from the top); u wraps, v clamps. Writes into `out` at `at`. */
export function sampleInto(src: Raster, u: number, v: number, out: Uint8Array, at: number): void {
  const { width, height, channels, data } = src;
  const x = u * width - 0.5;
  const y = Math.max(0, Math.min(height - 1, v * height - 0.5));
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const xa = ((x0 % width) + width) % width;
  const xb = (xa + 1) % width;
  const ya = y0;
  const yb = Math.min(height - 1, y0 + 1);
  for (let c = 0; c < channels; c++) {
    const top = data[(ya * width + xa) * channels + c]! * (1 - fx) + data[(ya * width + xb) * channels + c]! * fx;
    const bottom = data[(yb * width + xa) * channels + c]! * (1 - fx) + data[(yb * width + xb) * channels + c]! * fx;
    out[at + c] = Math.round(top * (1 - fy) + bottom * fy);
  }
}

/** One face's pixels (raw, the panorama's channel count). */
export function renderFace(src: Raster, engine: SkyEngine, axis: Parameters<typeof facePixelToPanorama>[1], size: number): Raster {
  const out = new Uint8Array(size * size * src.channels);
  for (let row = 0; row < size; row++) {
    const b = ((row + 0.5) / size) * 2 - 1;
    for (let col = 0; col < size; col++) {
      const a = ((col + 0.5) / size) * 2 - 1;
      const { u, v } = facePixelToPanorama(engine, axis, a, b);
      sampleInto(src, u, v, out, (row * size + col) * src.channels);
    }
  }
  return { width: size, height: size, channels: src.channels, data: out };
}

export interface FaceFile {
  suffix: string;
  label: string;
  bytes: Uint8Array;
}

/** The six faces as PNGs, named for the engine, in its order. */
export async function cubeFaces(panorama: Uint8Array, engine: SkyEngine, size?: number): Promise<FaceFile[]> {
  const src = await decodePanorama(panorama);
  const edge = size ?? faceSizeFor(src.width);
  const files: FaceFile[] = [];
  for (const face of ENGINE_SKIES[engine].faces) {
    const raster = renderFace(src, engine, face.axis, edge);
    const bytes = await sharp(raster.data, { raw: { width: edge, height: edge, channels: raster.channels as 3 } }).png().toBuffer();
    files.push({ suffix: `${face.suffix}.png`, label: face.label, bytes });
  }
  return files;
}
