/**
 * A square canvas texture filled with one radial gradient, drawn here (nothing is
 * fetched). The ground's soft shadow and the clay matcap are each one; this is the
 * drawing they share, each keeping its own texture once made.
 */
import { CanvasTexture } from 'three';

export interface RadialGradient {
  /** The start circle and the end circle, each [x, y, radius] in canvas pixels. */
  from: readonly [number, number, number];
  to: readonly [number, number, number];
  /** [offset 0..1, CSS colour] in order. */
  stops: readonly (readonly [number, string])[];
}

/** The gradient on a `size` px square canvas, as a texture; null where there is no DOM or no 2D context (tests, workers). */
export function radialGradientTexture(gradient: RadialGradient, size = 128): CanvasTexture | null {
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const g = ctx.createRadialGradient(...gradient.from, ...gradient.to);
  for (const [offset, colour] of gradient.stops) g.addColorStop(offset, colour);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, size, size);
  return new CanvasTexture(canvas);
}
