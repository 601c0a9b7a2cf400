/** The layout at the window sizes the issue names: the viewport keeps at least half at 1024, and gets the extra room at 1920. */
import { describe, expect, it } from 'vitest';
import { GENERATE_PX, layoutMode, viewportWidth } from './layout-rules';

describe('layoutMode', () => {
  it.each([
    [1024, 'narrow'],
    [1199, 'narrow'],
    [1200, 'wide'],
    [1280, 'wide'],
    [1920, 'wide'],
  ] as const)('a %d px window is %s', (width, mode) => {
    expect(layoutMode(width)).toBe(mode);
  });
});

describe('viewportWidth', () => {
  it('keeps at least half of a 1024 px window', () => {
    expect(viewportWidth(1024, GENERATE_PX.default, 360)).toBeGreaterThanOrEqual(512);
  });
  it('gives a larger window’s extra room to the viewport, not the side panels', () => {
    const small = viewportWidth(1280, GENERATE_PX.default, 360);
    const large = viewportWidth(1920, GENERATE_PX.default, 360);
    expect(large - small).toBe(640);
  });
});
