/** 2D images: text-to-image (honouring aspectRatio), sketch-to-image, image edit and spritesheets. */
import sharp from 'sharp';
import { hashString } from '../core/random';
import { promptColours, type Rgb } from './prompt-words';
import { NO_VARIATION, varyColour, type Variation } from './variation';

/** The long side of generated images. */
export const IMAGE_LONG_SIDE = 1024;

/** Pixel size for an aspect ratio such as `16:9`: the long side is IMAGE_LONG_SIDE. */
export function imageSize(aspectRatio: unknown, longSide = IMAGE_LONG_SIDE): { width: number; height: number } {
  const m = typeof aspectRatio === 'string' ? /^(\d+):(\d+)$/.exec(aspectRatio) : null;
  const w = m ? Number(m[1]) : 1;
  const h = m ? Number(m[2]) : 1;
  return w >= h ? { width: longSide, height: Math.round((longSide * h) / w) } : { width: Math.round((longSide * w) / h), height: longSide };
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Draws a scene: a gradient background and a round subject in the prompt's colours. */
function paint(raw: Buffer, width: number, height: number, x0: number, y0: number, stride: number, colours: readonly Rgb[], seed: number, phase = 0, v: Variation = NO_VARIATION): void {
  const subject = varyColour(colours[0]!, v);
  const back = colours[1] ? varyColour(colours[1], v) : mix(subject, [245, 245, 250], 0.7);
  // A take's own framing: the subject sits a little elsewhere (none without a variation).
  const dx = v.patternSeed ? ((v.patternSeed % 21) - 10) / 100 : 0;
  const dy = v.patternSeed ? (((v.patternSeed >> 5) % 11) - 5) / 100 : 0;
  const cx = width * (0.5 + dx + 0.15 * Math.sin(phase * 2 * Math.PI));
  const cy = height * (0.55 + dy - 0.1 * Math.abs(Math.sin(phase * 2 * Math.PI)));
  const r = Math.min(width, height) * (0.28 + (seed % 7) / 100);
  for (let y = 0; y < height; y++) {
    const bg = mix(back, mix(back, [20, 20, 30], 0.5), y / height);
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - cx, y - cy) / r;
      let c = bg;
      if (d < 1) c = mix(subject, [255, 255, 255], Math.max(0, 0.35 - d * 0.35) + 0.1 * Math.sin((x + y) * 0.05));
      else if (d < 1.08) c = mix(subject, [0, 0, 0], 0.6);
      const o = ((y0 + y) * stride + x0 + x) * 3;
      raw[o] = Math.max(0, Math.min(255, c[0]));
      raw[o + 1] = Math.max(0, Math.min(255, c[1]));
      raw[o + 2] = Math.max(0, Math.min(255, c[2]));
    }
  }
}

export async function textToImage(prompt: string, aspectRatio: unknown, v: Variation = NO_VARIATION): Promise<Buffer> {
  const { width, height } = imageSize(aspectRatio);
  const raw = Buffer.alloc(width * height * 3);
  paint(raw, width, height, 0, 0, width, promptColours(prompt), hashString(prompt) + v.patternSeed, 0, v);
  return sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 3 }).toBuffer();
}

/** Colours a sketch: keeps its lines and floods the page with the style's colours. */
export async function sketchToImage(sketch: Buffer | string, genStyleId: string): Promise<Buffer> {
  const [c] = promptColours(genStyleId);
  return sharp(sketch)
    .resize(IMAGE_LONG_SIDE, IMAGE_LONG_SIDE, { fit: 'inside' })
    .removeAlpha()
    .greyscale()
    .normalise()
    .tint({ r: c![0], g: c![1], b: c![2] })
    .png()
    .toBuffer();
}

/** Edits an image: same size, tinted toward the prompt's colour and brightened or darkened by its words. */
export async function editImage(source: Buffer | string, prompt: string, v: Variation = NO_VARIATION): Promise<Buffer> {
  const c = varyColour(promptColours(prompt || 'edit')[0]!, v);
  const brightness = /\b(dark|night|shadow)/i.test(prompt) ? 0.7 : /\b(bright|light|sunny)/i.test(prompt) ? 1.3 : 1;
  const meta = await sharp(source).metadata();
  const overlay = await sharp({ create: { width: meta.width ?? 1, height: meta.height ?? 1, channels: 4, background: { r: c[0], g: c[1], b: c[2], alpha: 0.35 } } })
    .png()
    .toBuffer();
  return sharp(source).removeAlpha().modulate({ brightness }).composite([{ input: overlay, blend: 'over' }]).png().toBuffer();
}

/** Grid of a spritesheet: 1 → 1×1, 12 → 4×3, 16 → 4×4. */
export function spritesheetGrid(frameCount: number): { columns: number; rows: number } {
  if (frameCount <= 1) return { columns: 1, rows: 1 };
  const columns = 4;
  return { columns, rows: Math.ceil(frameCount / columns) };
}

export const SPRITE_FRAME_LONG_SIDE = 256;

/** `frameCount` frames in a grid, each a frame of the subject moving through one cycle. */
export async function spritesheet(prompt: string, aspectRatio: unknown, frameCount: number, v: Variation = NO_VARIATION): Promise<Buffer> {
  const frame = imageSize(aspectRatio, SPRITE_FRAME_LONG_SIDE);
  const { columns, rows } = spritesheetGrid(frameCount);
  const width = frame.width * columns;
  const height = frame.height * rows;
  const raw = Buffer.alloc(width * height * 3, 255);
  const colours = promptColours(prompt);
  for (let i = 0; i < frameCount; i++) {
    paint(raw, frame.width, frame.height, (i % columns) * frame.width, Math.floor(i / columns) * frame.height, width, colours, hashString(prompt) + v.patternSeed, i / frameCount, v);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 3 }).toBuffer();
}
