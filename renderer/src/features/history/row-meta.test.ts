import { describe, expect, it } from 'vitest';
import { rowWhere } from './row-meta';

describe("a row names where the job ran without repeating itself", () => {
  it.each<[string, string, string, string]>([
    ['the built-in sandbox: its key says both', 'Sandbox (built-in)', 'Sandbox key 1', 'Sandbox key 1'],
    ['a key named apart from its environment: both', 'Studio production', 'Main key', 'Studio production · Main key'],
    ['case does not matter', 'Staging', 'staging key B', 'staging key B'],
    ['a short first word is no evidence', 'EU prod', 'EU key', 'EU prod · EU key'],
    ['a shared first word is not the environment', 'Second sandbox', 'Second key', 'Second sandbox · Second key'],
    ['the whole name, not a note in brackets', 'Staging (EU)', 'Staging key 2', 'Staging key 2'],
    ['no key name: the environment', 'Staging', '', 'Staging'],
    ['no environment name: the key', '', 'Main key', 'Main key'],
  ])('%s', (_case, env, key, expected) => {
    expect(rowWhere(env, key)).toBe(expected);
  });
});
