import { describe, expect, it } from 'vitest';
import { glRect, gridFor, viewRects } from './layout';

describe('compare layout', () => {
  it.each([
    [2, { columns: 2, rows: 1 }],
    [3, { columns: 3, rows: 1 }],
    [4, { columns: 2, rows: 2 }],
  ])('%i views in %j', (n, grid) => {
    expect(gridFor(n)).toEqual(grid);
  });

  it.each([2, 3, 4])('%i side-by-side views cover the canvas once, each with its own scissor', (n) => {
    const rects = viewRects(n, 901, 600, 'side-by-side');
    expect(rects).toHaveLength(n);
    const area = rects.reduce((a, r) => a + r.scissor.w * r.scissor.h, 0);
    expect(area).toBe(901 * 600);
    for (const r of rects) expect(r.viewport).toEqual(r.scissor);
    // Views of one grid have the same size within a pixel: one camera suits them all.
    expect(Math.max(...rects.map((r) => r.viewport.w)) - Math.min(...rects.map((r) => r.viewport.w))).toBeLessThanOrEqual(1);
  });

  it.each([
    [0.5, 400],
    [0, 0],
    [1, 800],
    [1.7, 800],
  ])('a wipe at %f splits at x = %i, both takes projected on the whole canvas', (wipe, split) => {
    const [before, after] = viewRects(2, 800, 500, 'wipe', wipe);
    expect(before!.viewport).toEqual({ x: 0, y: 0, w: 800, h: 500 });
    expect(after!.viewport).toEqual(before!.viewport);
    expect(before!.scissor).toEqual({ x: 0, y: 0, w: split, h: 500 });
    expect(after!.scissor).toEqual({ x: split, y: 0, w: 800 - split, h: 500 });
  });

  it('turns a top-left rectangle into the renderer’s bottom-left one', () => {
    expect(glRect({ x: 10, y: 0, w: 100, h: 50 }, 200)).toEqual({ x: 10, y: 150, w: 100, h: 50 });
  });
});
