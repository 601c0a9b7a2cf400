import { describe, expect, it } from 'vitest';
import { overLimitHint } from './char-limit';

describe('the over-the-limit hint reads as a sentence', () => {
  it.each<[string, number, number, string]>([
    ['one over: singular', 4097, 4096, 'Prompt is 1 character over the limit of 4,096 characters.'],
    ['two over: plural', 4098, 4096, 'Prompt is 2 characters over the limit of 4,096 characters.'],
    ['thousands over: separated', 6000, 4096, 'Prompt is 1,904 characters over the limit of 4,096 characters.'],
    ['a small limit', 1001, 600, 'Prompt is 401 characters over the limit of 600 characters.'],
  ])('%s', (_case, length, max, expected) => {
    expect(overLimitHint('Prompt', length, max)).toBe(expected);
  });
});
