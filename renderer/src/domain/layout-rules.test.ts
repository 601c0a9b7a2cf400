/** The layout at the window sizes the issue names: the viewport keeps at least half at 1024, and gets the extra room at 1920. */
import { describe, expect, it } from 'vitest';
import { drawerClosesAfterPick, GENERATE_PX, layoutMode, viewportWidth } from './layout-rules';

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

describe('drawerClosesAfterPick', () => {
  it.each([
    ['a job opened from an empty viewport', null, 'view-1', true],
    ['another job opened over one on screen', 'view-1', 'view-2', true],
    ['a compare started', 'view-1', 'compare-3', true],
    ['a click that opened nothing (a filter, a menu, Ctrl-click to select)', 'view-1', 'view-1', false],
    ['nothing shown before or after', null, null, false],
    ['the viewport closed', 'view-1', null, false],
  ])('%s', (_what, before, after, closes) => {
    expect(drawerClosesAfterPick(before, after)).toBe(closes);
  });
});
