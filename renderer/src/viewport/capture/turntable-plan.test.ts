import { describe, expect, it } from 'vitest';
import { frameAzimuth, frameTiming, gifDelayMs, outputSize, pickCodec } from './turntable-plan';

describe('outputSize', () => {
  it.each([
    [{ width: 614, height: 500 }, 640, { width: 614, height: 500 }],
    [{ width: 1229, height: 1001 }, 640, { width: 640, height: 522 }],
    [{ width: 615, height: 501 }, 1920, { width: 616, height: 502 }],
    [{ width: 1000, height: 700 }, 360, { width: 360, height: 252 }],
    [{ width: 4, height: 2 }, 640, { width: 16, height: 16 }],
  ])('%o at most %d wide → %o', (view, max, size) => expect(outputSize(view, max)).toEqual(size));
});

describe('frameAzimuth', () => {
  it.each([
    [0, 72, 0],
    [18, 72, Math.PI / 2],
    [36, 72, Math.PI],
    [71, 72, (2 * Math.PI * 71) / 72],
  ])('frame %d of %d turns %f', (i, n, a) => expect(frameAzimuth(i, n)).toBeCloseTo(a, 12));
  it('never repeats the first view at the end of the loop', () => expect(frameAzimuth(71, 72)).toBeLessThan(2 * Math.PI - 0.01));
});

it.each([
  [0, 24, 0],
  [72, 24, 3],
])('frame %d at %d fps starts at %d s', (i, fps, t) => expect(frameTiming(i, fps).timestamp).toBeCloseTo(t, 12));

it.each([
  [24, 40],
  [25, 40],
  [10, 100],
  [60, 20],
])('GIF delay at %d fps is %d ms (hundredths of a second)', (fps, ms) => expect(gifDelayMs(fps)).toBe(ms));

describe('pickCodec', () => {
  it.each([
    ['webm', ['vp9', 'vp8', 'avc'], 'vp9'],
    ['webm', ['vp8'], 'vp8'],
    ['webm', ['avc'], undefined],
    ['mp4', ['vp9', 'vp8', 'avc'], 'avc'],
    ['mp4', ['vp9', 'vp8'], undefined], // Chromium built without H.264: MP4 is not offered
  ] as const)('%s with %j encodable → %s', (format, encodable, codec) => expect(pickCodec(format, new Set(encodable))).toBe(codec));
});
