import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../../../shared/domain/job';
import { followStep, openedSince, submissionBelongs, type FollowedSubmission, type FollowStep, type Opened } from './follow-result';

const job = (patch: Partial<JobSummary>): JobSummary =>
  ({ localId: 'job001', kind: 'text-to-3d', state: 'running', title: '', environmentName: 'Sandbox', keyName: 'Key 1', createdAt: '2026-01-01T00:00:00.000Z', ...patch }) as JobSummary;

const ready = (patch: Partial<JobSummary> = {}) => job({ state: 'success', asset: { state: 'ready', format: 'glb' }, ...patch });
const take = (localId: string, patch: Partial<JobSummary>) => job({ localId, setId: 'set-aaaaaa', ...patch });

/** What was open at submit time: item view-3 in the viewport, no compare view. */
const atSubmit: Opened = { viewKey: 'view-3', compareKey: null };
const same = atSubmit;
const otherItem: Opened = { viewKey: 'view-4', compareKey: null };
const aCompare: Opened = { viewKey: 'view-3', compareKey: 'compare-7' };

describe('the submitted job opens by itself', () => {
  const followed: FollowedSubmission = { localIds: ['job001'], opened: atSubmit };
  it.each<[string, JobSummary | undefined, Opened, FollowStep]>([
    ['still running', job({ state: 'running' }), same, { step: 'wait' }],
    ['not in the cache yet', undefined, same, { step: 'wait' }],
    ['finished, asset still downloading', job({ state: 'success', asset: { state: 'downloading', format: 'glb' } }), same, { step: 'wait' }],
    ['finished and downloaded', ready(), same, { step: 'open', localId: 'job001' }],
    ['finished, but the user opened another item since', ready(), otherItem, { step: 'drop' }],
    ['finished, but the user opened a compare view since', ready(), aCompare, { step: 'drop' }],
    ['the user opened something else while it ran', job({ state: 'running' }), otherItem, { step: 'drop' }],
    ['failed', job({ state: 'error' }), same, { step: 'drop' }],
    ['refused', job({ state: 'rejected' }), same, { step: 'drop' }],
    ['asset unavailable', job({ state: 'success', asset: { state: 'unavailable', format: 'glb' } }), same, { step: 'drop' }],
    ['removed from history', ready({ hidden: true }), same, { step: 'drop' }],
  ])('%s', (_case, record, now, expected) => {
    expect(followStep(followed, [record], now)).toEqual(expected);
  });

  it('an empty viewport at submit time counts as "nothing opened since"', () => {
    const empty: Opened = { viewKey: null, compareKey: null };
    expect(followStep({ localIds: ['job001'], opened: empty }, [job({ state: 'success', asset: { state: 'ready', format: 'png' }, kind: 'text-to-image' })], empty)).toEqual({ step: 'open', localId: 'job001' });
  });
});

describe('a set of variants opens in the compare view, by the same rule', () => {
  const followed: FollowedSubmission = { localIds: ['t1', 't2', 't3'], setId: 'set-aaaaaa', opened: atSubmit };
  const done = (id: string) => take(id, { state: 'success', asset: { state: 'ready', format: 'glb' } });
  it.each<[string, (JobSummary | undefined)[], Opened, FollowStep]>([
    ['two finished, one still running: wait for the whole set', [done('t1'), take('t2', { state: 'running' }), done('t3')], same, { step: 'wait' }],
    ['all three finished: compare them', [done('t1'), done('t2'), done('t3')], same, { step: 'compare', localIds: ['t1', 't2', 't3'], setId: 'set-aaaaaa' }],
    ['one failed: compare the two that finished', [done('t1'), take('t2', { state: 'error' }), done('t3')], same, { step: 'compare', localIds: ['t1', 't3'], setId: 'set-aaaaaa' }],
    ['only one finished: it opens in the viewport like a job alone', [take('t1', { state: 'error' }), done('t2'), take('t3', { state: 'rejected' })], same, { step: 'open', localId: 't2' }],
    ['none finished: nothing opens', [take('t1', { state: 'error' }), take('t2', { state: 'error' }), take('t3', { state: 'error' })], same, { step: 'drop' }],
    ['the user opened another item since: the set stays in History', [done('t1'), done('t2'), done('t3')], otherItem, { step: 'drop' }],
    ['the user opened a compare view since: the set stays in History', [done('t1'), done('t2'), done('t3')], aCompare, { step: 'drop' }],
    ['the user opened something while it ran', [done('t1'), take('t2', { state: 'running' }), done('t3')], otherItem, { step: 'drop' }],
  ])('%s', (_case, takes, now, expected) => {
    expect(followStep(followed, takes, now)).toEqual(expected);
  });
});

describe('what counts as opening something else', () => {
  it.each<[string, Opened, Opened, boolean]>([
    ['nothing changed', atSubmit, atSubmit, false],
    ['another item in the viewport', atSubmit, otherItem, true],
    ['a compare view opened', atSubmit, aCompare, true],
    ['the compare view open at submit time was closed (opening nothing)', aCompare, atSubmit, false],
    ['another compare view replaced the one open at submit time', aCompare, { viewKey: 'view-3', compareKey: 'compare-8' }, true],
    ['the same compare view still open', aCompare, aCompare, false],
  ])('%s: %s', (_case, then, now, expected) => {
    expect(openedSince(then, now)).toBe(expected);
  });
});

describe("the panel's status belongs to the key it was sent with", () => {
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
