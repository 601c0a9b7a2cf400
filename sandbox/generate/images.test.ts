import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ASPECT_RATIOS } from '../../shared/api';
import { editImage, imageSize, spritesheet, spritesheetGrid, SPRITE_FRAME_LONG_SIDE, textToImage } from './images';
import { editSkybox, skybox } from './skybox';

async function rgb(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('text-to-image', () => {
  it.each(ASPECT_RATIOS)('honours aspectRatio %s with 1024 on the long side', async (ratio) => {
    const meta = await sharp(await textToImage('a red apple', ratio)).metadata();
    const [w, h] = ratio.split(':').map(Number) as [number, number];
    expect(Math.max(meta.width!, meta.height!)).toBe(1024);
    expect(Math.abs(meta.width! / meta.height! - w / h)).toBeLessThan(0.01);
    if (ratio !== '1:1') expect(meta.width).not.toBe(meta.height);
  });

  it('imageSize keeps portrait and landscape apart', () => {
    expect(imageSize('16:9')).toEqual({ width: 1024, height: 576 });
    expect(imageSize('9:16')).toEqual({ width: 576, height: 1024 });
  });

  it('image edit keeps the size and changes the pixels toward the prompt colour', async () => {
    const source = await textToImage('white cube', '4:3');
    const edited = await editImage(source, 'make it blue');
    const a = await rgb(source);
    const b = await rgb(edited);
    expect([b.width, b.height]).toEqual([a.width, a.height]);
    const blueShare = (d: Buffer) => {
      let blue = 0;
      let red = 0;
      for (let i = 0; i < d.length; i += 3) {
        red += d[i]!;
        blue += d[i + 2]!;
      }
      return blue / red;
    };
    expect(blueShare(b.data)).toBeGreaterThan(blueShare(a.data));
  });
});

describe('spritesheets', () => {
  it.each([1, 12, 16])('%i frames lie in a grid of frames that differ', async (frames) => {
    const grid = spritesheetGrid(frames);
    expect(grid.columns * grid.rows).toBe(frames);
    const { data, width, height } = await rgb(await spritesheet('green slime', '1:1', frames));
    expect(width).toBe(grid.columns * SPRITE_FRAME_LONG_SIDE);
    expect(height).toBe(grid.rows * SPRITE_FRAME_LONG_SIDE);
    if (frames > 1) {
      // The subject moves: the first two frames are not identical.
      let diff = 0;
      for (let y = 0; y < SPRITE_FRAME_LONG_SIDE; y++) {
        for (let x = 0; x < SPRITE_FRAME_LONG_SIDE; x++) {
          const a = (y * width + x) * 3;
          const b = (y * width + x + SPRITE_FRAME_LONG_SIDE) * 3;
          diff += Math.abs(data[a]! - data[b]!);
        }
      }
      expect(diff).toBeGreaterThan(0);
    }
  });
});

describe('skyboxes', () => {
  it('are 2:1 equirectangular images whose left and right edges meet without a seam', async () => {
    const { data, width, height } = await rgb(await skybox('sunset over snowy mountains'));
    expect(width).toBe(2 * height);
    let seam = 0;
    let neighbour = 0;
    for (let y = 0; y < height; y++) {
      for (let c = 0; c < 3; c++) {
        const left = data[y * width * 3 + c]!;
        const right = data[(y * width + width - 1) * 3 + c]!;
        const next = data[(y * width + 1) * 3 + c]!;
        seam += Math.abs(left - right);
        neighbour += Math.abs(left - next);
      }
    }
    const meanSeam = seam / (height * 3);
    // The seam differs no more than neighbouring columns do inside the image.
    expect(meanSeam).toBeLessThan(2);
    expect(meanSeam).toBeLessThanOrEqual(neighbour / (height * 3) + 1);
  });

  it('an edit keeps the size and the seamless wrap', async () => {
    const { data, width, height } = await rgb(await editSkybox(await skybox('night sky', undefined, 512), 'make it purple'));
    expect([width, height]).toEqual([512, 256]);
    let seam = 0;
    for (let y = 0; y < height; y++) seam += Math.abs(data[y * width * 3]! - data[(y * width + width - 1) * 3]!);
    expect(seam / height).toBeLessThan(3);
  });
});
