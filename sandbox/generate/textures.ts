/** Procedural textures (sharp writes the PNGs) and the texture-size rule of `textureResolution`. */
import sharp from 'sharp';
import type { Rgb } from './prompt-words';

/** Pixel size for each textureResolution value; `none` has no texture. `auto` picks 1024. */
export const TEXTURE_PIXELS: Record<string, number | null> = {
  '128': 128,
  '256': 256,
  '512': 512,
  '1k': 1024,
  '2k': 2048,
  '4k': 4096,
  auto: 1024,
  none: null,
};

export function texturePixels(resolution: unknown): number | null {
  if (typeof resolution !== 'string' || !(resolution in TEXTURE_PIXELS)) return 1024;
  return TEXTURE_PIXELS[resolution]!;
}

/**
 * An atlas of horizontal bands, one per part (matching the mesh builder's
 * atlas UVs), each a colour with a woven pattern so surfaces read as material.
 * Band k covers v in [k/n, (k+1)/n]; glTF's v runs downward in the image.
 */
export async function atlasTexture(size: number, colours: readonly Rgb[], seed = 0): Promise<Buffer> {
  const n = Math.max(1, colours.length);
  const raw = Buffer.alloc(size * size * 3);
  const freq = (2 * Math.PI * (6 + (seed % 5))) / size;
  for (let y = 0; y < size; y++) {
    const band = Math.min(n - 1, Math.floor((y / size) * n));
    const [r, g, b] = colours[band] ?? [128, 128, 128];
    const sy = Math.sin(y * freq);
    let o = y * size * 3;
    for (let x = 0; x < size; x++) {
      const shade = 0.85 + 0.15 * sy * Math.sin(x * freq * 1.3);
      raw[o++] = Math.min(255, r * shade);
      raw[o++] = Math.min(255, g * shade);
      raw[o++] = Math.min(255, b * shade);
    }
  }
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } }).png({ compressionLevel: 2 }).toBuffer();
}

/** An uploaded picture as a square texture of the requested size. */
export async function imageTexture(image: Buffer | string, size: number): Promise<Buffer> {
  return sharp(image).resize(size, size, { fit: 'fill' }).removeAlpha().png({ compressionLevel: 2 }).toBuffer();
}

/** Up to four views side by side in a 2×2 grid, as one square texture. */
export async function viewsTexture(images: readonly (Buffer | string)[], size: number): Promise<Buffer> {
  const half = Math.max(1, Math.floor(size / 2));
  const tiles = await Promise.all(images.slice(0, 4).map((img) => sharp(img).resize(half, half, { fit: 'fill' }).removeAlpha().png().toBuffer()));
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .composite(tiles.map((input, i) => ({ input, left: (i % 2) * half, top: Math.floor(i / 2) * half })))
    .png({ compressionLevel: 2 })
    .toBuffer();
}

/** The average colour of an image (used to tint things derived from an upload). */
export async function averageColour(image: Buffer | string): Promise<Rgb> {
  const stats = await sharp(image).stats();
  const [r, g, b] = stats.channels;
  return [Math.round(r?.mean ?? 128), Math.round(g?.mean ?? r?.mean ?? 128), Math.round(b?.mean ?? r?.mean ?? 128)];
}
