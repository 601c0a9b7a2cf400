/** Where a submission goes: environment and key of a new request, key of a queued one under the cap. */
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../../shared/domain/job';
import type { Environment, KeyInfo } from '../../contracts';
import { jobRecord } from '../../../../shared/domain/test/job-record';
import { chooseKey, keyLoad, resolveTarget } from './placement';

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

describe('keyLoad', () => {
  const on = (keyId: string, state: JobRecord['state'], environmentId = 'e1') => jobRecord({ localId: `${keyId}-${state}-${environmentId}`, keyId, environmentId, state });
  it.each<[string, JobRecord[], { environmentId: string; keyId: string; active: number; queued: number }[]]>([
    ['nothing being worked on', [], []],
    ['pending, running and being sent count as upstream; queued apart', [on('a', 'pending'), on('a', 'running'), on('a', 'submitting'), on('a', 'queued')], [{ environmentId: 'e1', keyId: 'a', active: 3, queued: 1 }]],
    ['per key and environment', [on('a', 'running'), on('b', 'queued'), on('a', 'running', 'e2')], [
      { environmentId: 'e1', keyId: 'a', active: 1, queued: 0 },
      { environmentId: 'e1', keyId: 'b', active: 0, queued: 1 },
      { environmentId: 'e2', keyId: 'a', active: 1, queued: 0 },
    ]],
    ['a key whose jobs are only finishing (downloads, uncertain) is left out', [on('a', 'success'), on('a', 'uncertain')], []],
  ])('%s', (_what, records, expected) => {
    expect(keyLoad(records)).toEqual(expected);
  });
});
