/** Where an image chosen from the history goes among Multi-image to 3D's views. */
import { describe, expect, it } from 'vitest';
import { firstFreeView } from './multi-image';

describe('firstFreeView', () => {
  it.each([
    ['nothing filled: the front', [], 'frontImage'],
    ['front filled: the left', ['frontImage'], 'leftImage'],
    ['front and left filled: the back', ['frontImage', 'leftImage'], 'backImage'],
    ['a gap is filled before later views', ['leftImage', 'backImage'], 'frontImage'],
    ['all four filled: none', ['frontImage', 'leftImage', 'backImage', 'rightImage'], undefined],
  ] as const)('%s', (_case, filled, expected) => {
    expect(firstFreeView((f) => (filled as readonly string[]).includes(f))).toBe(expected);
  });
});
