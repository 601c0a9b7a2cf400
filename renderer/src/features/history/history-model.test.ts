import { describe, expect, it } from 'vitest';
import { durationEstimates, progressOf, selectHistory, statusGroup, statusLabel } from './history-model';
import { chainActions } from './job-actions';
import { record } from './test-host';

const filterAll = { status: 'all' as const, kind: 'all' as const, query: '' };

describe('history selection', () => {
  const jobs = {
    a: record({ localId: 'a', createdAt: '2026-01-01T10:00:00Z', prompt: 'a wooden chair', jobId: 'up-111' }),
    b: record({ localId: 'b', createdAt: '2026-01-03T10:00:00Z', prompt: 'stone dragon', kind: 'text-to-image', jobId: 'up-222' }),
    c: record({ localId: 'c', createdAt: '2026-01-02T10:00:00Z', prompt: 'red robot', state: 'running' }),
    d: record({ localId: 'd', createdAt: '2026-01-04T10:00:00Z', prompt: 'hidden', hidden: true }),
    e: record({ localId: 'e', createdAt: '2026-01-05T10:00:00Z', prompt: 'lost', asset: { state: 'unavailable', format: 'glb', attempts: 5 } }),
  };

  it('lists newest first and leaves hidden records out', () => {
    expect(selectHistory(jobs, filterAll).map((j) => j.localId)).toEqual(['e', 'b', 'c', 'a']);
  });

  it('filters by status group, by kind, and searches prompts and job ids case-insensitively', () => {
    expect(selectHistory(jobs, { ...filterAll, status: 'active' }).map((j) => j.localId)).toEqual(['c']);
    expect(selectHistory(jobs, { ...filterAll, status: 'unavailable' }).map((j) => j.localId)).toEqual(['e']);
    expect(selectHistory(jobs, { ...filterAll, status: 'finished' }).map((j) => j.localId)).toEqual(['b', 'a']);
    expect(selectHistory(jobs, { ...filterAll, kind: 'text-to-image' }).map((j) => j.localId)).toEqual(['b']);
    expect(selectHistory(jobs, { ...filterAll, query: 'DRAGON' }).map((j) => j.localId)).toEqual(['b']);
    expect(selectHistory(jobs, { ...filterAll, query: 'up-111' }).map((j) => j.localId)).toEqual(['a']);
  });

  it('keeps queued, uncertain, failed and asset-unavailable states apart', () => {
    const labels = [
      record({ localId: 'q', state: 'queued', queue: { reason: 'cap', attempts: 0 } }),
      record({ localId: 'u', state: 'uncertain' }),
      record({ localId: 'f', state: 'error', problem: { message: 'boom' } }),
      jobs.e,
    ].map((j) => [statusGroup(j), statusLabel(j)]);
    expect(labels).toEqual([
      ['queued', 'Queued (local limit)'],
      ['uncertain', 'Uncertain'],
      ['failed', 'Failed'],
      ['unavailable', 'Asset unavailable'],
    ]);
  });
});

describe('progress', () => {
  it('names the current stage, counts the stages before it as done, and estimates from past jobs of the kind', () => {
    const past = [
      record({ localId: 'p1', acceptedAt: '2026-01-01T10:00:00Z', finishedAt: '2026-01-01T10:01:00Z' }),
      record({ localId: 'p2', acceptedAt: '2026-01-01T11:00:00Z', finishedAt: '2026-01-01T11:03:00Z' }),
      record({ localId: 'p3', acceptedAt: '2026-01-01T12:00:00Z', finishedAt: '2026-01-01T12:02:00Z' }),
      record({ localId: 'img', kind: 'text-to-image', acceptedAt: '2026-01-01T12:00:00Z', finishedAt: '2026-01-01T12:00:10Z' }),
    ];
    const estimates = durationEstimates(past);
    expect(estimates['text-to-3d']).toBe(120_000);
    expect(estimates['text-to-image']).toBe(10_000);
    const running = record({
      localId: 'r',
      state: 'running',
      acceptedAt: '2026-01-02T10:00:00Z',
      fragments: [
        { name: 'queue', displayName: 'Queued upstream' },
        { name: 'mesh', displayName: 'Building mesh' },
      ],
    });
    const p = progressOf(running, Date.parse('2026-01-02T10:00:45Z'), estimates['text-to-3d']);
    expect(p).toEqual({ stage: 'Building mesh', stagesDone: 1, stagesKnown: 2, elapsedMs: 45_000, remainingMs: 75_000 });
  });
});

describe('chaining actions', () => {
  it('offers follow-ups by what the job produced, only once it has an upstream id and succeeded', () => {
    expect(chainActions(record({ localId: 'm', jobId: 'up-m' })).map((a) => a.kind)).toEqual(['retexture', 'split-to-parts']);
    expect(chainActions(record({ localId: 'i', jobId: 'up-i', kind: 'text-to-image' })).map((a) => a.kind)).toEqual([
      'image-edit',
      'image-to-3d',
      'skybox-from-image',
    ]);
    expect(chainActions(record({ localId: 's', jobId: 'up-s', kind: 'text-to-worldbox' })).map((a) => a.kind)).toEqual(['skybox-edit']);
    expect(chainActions(record({ localId: 'x', jobId: 'up-x', state: 'running' }))).toEqual([]);
  });
});
