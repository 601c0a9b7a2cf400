/**
 * The shadow and matcap textures are drawn, not fetched: the gradient asked for
 * fills the whole square canvas, and where a canvas cannot draw (no 2D context)
 * there is no texture rather than a blank one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { radialGradientTexture } from './gradient-texture';

afterEach(() => vi.restoreAllMocks());

function fakeContext() {
  const stops: [number, string][] = [];
  const gradient = { addColorStop: (at: number, colour: string) => stops.push([at, colour]) };
  const ctx = {
    fillStyle: null as unknown,
    createRadialGradient: vi.fn(() => gradient),
    fillRect: vi.fn(function (this: { fillStyle: unknown }) {
      expect(this.fillStyle).toBe(gradient);
    }),
  };
  return { ctx, stops };
}

describe('radial gradient texture', () => {
  it('fills the whole square canvas with the gradient asked for', () => {
    const { ctx, stops } = fakeContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
    const texture = radialGradientTexture({ from: [48, 40, 4], to: [64, 64, 72], stops: [[0, '#fff6ec'], [0.45, '#c9a38a'], [1, '#2e1e18']] }, 96);
    const canvas = texture!.image as HTMLCanvasElement;
    expect([canvas.width, canvas.height]).toEqual([96, 96]);
    expect(ctx.createRadialGradient).toHaveBeenCalledWith(48, 40, 4, 64, 64, 72);
    expect(stops).toEqual([[0, '#fff6ec'], [0.45, '#c9a38a'], [1, '#2e1e18']]);
    expect(ctx.fillRect).toHaveBeenCalledWith(0, 0, 96, 96);
  });

  it('gives no texture where the canvas has no 2D context', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    expect(radialGradientTexture({ from: [64, 64, 0], to: [64, 64, 64], stops: [[0, 'black']] })).toBeNull();
  });
});
