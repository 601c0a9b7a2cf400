import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../../../shared/domain/job';
import { followStep, submissionBelongs, type FollowStep } from './follow-result';

const job = (patch: Partial<JobSummary>): JobSummary =>
  ({ localId: 'job001', kind: 'text-to-3d', state: 'running', title: '', environmentName: 'Sandbox', keyName: 'Key 1', createdAt: '2026-01-01T00:00:00.000Z', ...patch }) as JobSummary;

describe('the submitted job opens by itself', () => {
  const followed = { localId: 'job001', viewKey: 'view-3' };
  it.each<[string, JobSummary | undefined, string | null, FollowStep]>([
    ['still running', job({ state: 'running' }), 'view-3', 'wait'],
    ['not in the cache yet', undefined, 'view-3', 'wait'],
    ['finished, asset still downloading', job({ state: 'success', asset: { state: 'downloading', format: 'glb' } }), 'view-3', 'wait'],
    ['finished and downloaded', job({ state: 'success', asset: { state: 'ready', format: 'glb' } }), 'view-3', 'open'],
    ['finished, but the user opened something else since', job({ state: 'success', asset: { state: 'ready', format: 'glb' } }), 'view-4', 'drop'],
    ['the user opened something else while it ran', job({ state: 'running' }), 'view-4', 'drop'],
    ['failed', job({ state: 'error' }), 'view-3', 'drop'],
    ['refused', job({ state: 'rejected' }), 'view-3', 'drop'],
    ['asset unavailable', job({ state: 'success', asset: { state: 'unavailable', format: 'glb' } }), 'view-3', 'drop'],
    ['removed from history', job({ state: 'success', hidden: true, asset: { state: 'ready', format: 'glb' } }), 'view-3', 'drop'],
  ])('%s', (_case, record, viewKey, expected) => {
    expect(followStep(followed, record, viewKey)).toBe(expected);
  });

  it('an empty viewport at submit time counts as "nothing opened since"', () => {
    expect(followStep({ localId: 'job001', viewKey: null }, job({ state: 'success', asset: { state: 'ready', format: 'png' }, kind: 'text-to-image' }), null)).toBe('open');
  });
});

describe("the panel's status belongs to the key it was sent with (bug 11)", () => {
  const a = { environmentId: 'sandbox', keyId: 'k1' };
  it.each([
    ['same pair', a, a, true],
    ['another key', a, { environmentId: 'sandbox', keyId: 'k2' }, false],
    ['another environment', a, { environmentId: 'prod', keyId: 'k1' }, false],
    ['no key active now', a, undefined, false],
    ['a refusal made before any key was known', undefined, a, true],
  ] as const)('%s', (_case, sent, active, expected) => {
    expect(submissionBelongs(sent, active)).toBe(expected);
  });
});
