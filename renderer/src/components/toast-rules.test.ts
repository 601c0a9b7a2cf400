/** How long each level of toast stays: errors wait to be read. */
import { describe, expect, it } from 'vitest';
import { toastDuration } from './toast-rules';

describe('toastDuration', () => {
  it.each([
    ['info', 6000],
    ['success', 6000],
    ['warning', 10000],
    ['error', Number.POSITIVE_INFINITY],
  ] as const)('%s stays %d ms', (level, ms) => {
    expect(toastDuration(level)).toBe(ms);
  });
});
