import { describe, expect, it } from 'vitest';
import { isLocalId } from './local-id';

describe('local ids', () => {
  it.each([
    ['an engine local id', 'mf1x2y3z4001a1b2c3d4', true],
    ['a batch id', 'b_AbCdEfGhIjKl', true],
    ['six characters', 'abc-12', true],
    ['64 characters', 'a'.repeat(64), true],
    ['five characters', 'abc12', false],
    ['65 characters', 'a'.repeat(65), false],
    ['a path', '../etc/passwd', false],
    ['a dot', 'job.abc123', false],
    ['a space', 'job abc123', false],
    ['not a string', 123456, false],
  ])('%s', (_what, value, expected) => {
    expect(isLocalId(value)).toBe(expected);
  });
});
