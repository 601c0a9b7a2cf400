/** Where a submission goes: environment and key of a new request, key of a queued one under the cap. */
import { describe, expect, it } from 'vitest';
import type { Environment, KeyInfo } from '../../contracts';
import { chooseKey, resolveTarget } from './placement';

const key = (id: string, extra: Partial<KeyInfo> = {}): KeyInfo => ({ id, name: `Key ${id}`, clientId: `c-${id}`, earlyAccess: false, hasSecret: true, ...extra });
const env: Environment = { id: 'e1', name: 'Prod', baseUrl: 'https://x', storageUrl: 'https://s', builtin: false, keys: [key('a'), key('b', { earlyAccess: true }), key('c', { hasSecret: false })] };

describe('resolveTarget', () => {
  it.each<[string, { environmentId?: string; keyId?: string }, Environment | undefined, string]>([
    ['the active key', {}, env, 'ok:a'],
    ['a named key', { keyId: 'b' }, env, 'ok:b'],
    ['a key without a secret', { keyId: 'c' }, env, 'no-secret'],
    ['an unknown key', { keyId: 'zz' }, env, 'no-key'],
    ['no environment', {}, undefined, 'no-environment'],
    ['a removed environment', { environmentId: 'gone' }, undefined, 'no-environment'],
  ])('%s', (_what, args, environment, expected) => {
    const r = resolveTarget(args, environment, { environment: env, key: env.keys[0]! });
    expect(r.ok ? `ok:${r.value.keyId}` : r.problem.reason).toBe(expected);
  });
});

describe('chooseKey', () => {
  const counts = (m: Record<string, number>) => (id: string) => m[id] ?? 0;
  it.each<[string, { spreadAcrossKeys?: boolean; kind?: 'text-to-3d' | 'auto-rig' }, Record<string, number>, string | undefined]>([
    ['its own key with a free slot', {}, { a: 4 }, 'a'],
    ['its own key at the cap waits', {}, { a: 5, b: 0 }, undefined],
    ['spread: its own key first', { spreadAcrossKeys: true }, { a: 2, b: 0 }, 'a'],
    ['spread: the least loaded other key when its own is full', { spreadAcrossKeys: true }, { a: 5, b: 3 }, 'b'],
    ['spread: never a key without a secret', { spreadAcrossKeys: true }, { a: 5, b: 5 }, undefined],
    ['spread: coming-soon kinds only on early-access keys', { spreadAcrossKeys: true, kind: 'auto-rig' }, { a: 0, b: 1 }, 'b'],
  ])('%s', (_what, rec, active, expected) => {
    const got = chooseKey({ kind: rec.kind ?? 'text-to-3d', keyId: 'a', keyName: 'Key a', spreadAcrossKeys: rec.spreadAcrossKeys }, env.keys, counts(active));
    expect(got?.keyId).toBe(expected);
  });
});
