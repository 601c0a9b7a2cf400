import { describe, expect, it } from 'vitest';
import { durationEstimates, filterHistory, orderHistory, progressOf, selectHistory, statusGroup, statusLabel } from './history-model';
import type { JobRecord } from '../../../../shared/domain/job';
import { chainActions } from './job-actions';
import { record } from '../../features/history/test-host';

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

  it('sorts once and filters the sorted list: no filter gives that list back, a search keeps its order', () => {
    const ordered = orderHistory(jobs);
    expect(ordered.map((j) => j.localId)).toEqual(['e', 'b', 'c', 'a']);
    expect(filterHistory(ordered, filterAll)).toBe(ordered);
    expect(filterHistory(ordered, { ...filterAll, query: '  R ' }).map((j) => j.localId)).toEqual(['b', 'c', 'a']);
  });

  it('searches the current text of a record after it is replaced after it is replaced (titles arrive later)', () => {
    const before = { a: jobs.a };
    expect(selectHistory(before, { ...filterAll, query: 'throne' })).toEqual([]);
    const after = { a: { ...jobs.a, title: 'Carved Throne' } };
    expect(selectHistory(after, { ...filterAll, query: 'throne' }).map((j) => j.localId)).toEqual(['a']);
  });

  it('orders records with the same creation time by local id, newest id first', () => {
    const same = '2026-02-01T00:00:00Z';
    const tied = { x1: record({ localId: 'x1', createdAt: same }), x3: record({ localId: 'x3', createdAt: same }), x2: record({ localId: 'x2', createdAt: same }) };
    expect(orderHistory(tied).map((j) => j.localId)).toEqual(['x3', 'x2', 'x1']);
  });

  it('orders a listing the host already sorted as it came, and sorts records that arrive out of order, whatever form their time is in', () => {
    const listed = {
      n3: record({ localId: 'n3', createdAt: '2026-03-01T00:00:02.000Z' }),
      n2: record({ localId: 'n2', createdAt: '2026-03-01T00:00:01.000Z' }),
      n1: record({ localId: 'n1', createdAt: '2026-03-01T00:00:00.000Z' }),
    };
    expect(orderHistory(listed).map((j) => j.localId)).toEqual(['n3', 'n2', 'n1']);
    // A pushed job lands last in the cache; a time without milliseconds still compares as a time.
    const pushed = { ...listed, n4: record({ localId: 'n4', createdAt: '2026-03-01T00:00:03Z' }), n0: record({ localId: 'n0', createdAt: '2026-03-01T00:00:01.500Z' }) };
    expect(orderHistory(pushed).map((j) => j.localId)).toEqual(['n4', 'n3', 'n0', 'n2', 'n1']);
  });

  it.each<[string, JobRecord['asset'], string]>([
    ['downloading', { state: 'downloading', format: 'glb', attempts: 0 }, 'Downloading'],
    ['a failed attempt retried', { state: 'retrying', format: 'glb', attempts: 2, failure: 'incomplete', problem: 'cut short' }, 'Download retrying (attempt 3)'],
    ['ready', { state: 'ready', format: 'glb', attempts: 1 }, 'Finished'],
  ])('a finished job whose asset is %s says so on its badge', (_what, asset, label) => {
    expect(statusLabel(record({ localId: 'x', ...(asset ? { asset } : {}) }))).toBe(label);
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
    // Listed summaries carry the duration alone; they count the same as whole records.
    const { acceptedAt: _a, finishedAt: _f, ...listed } = record({ localId: 'p4' });
    expect(durationEstimates([...past, { ...listed, durationMs: 240_000 }, { ...listed, localId: 'p5', durationMs: 300_000 }])['text-to-3d']).toBe(180_000);
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
  const kinds = (partial: Partial<JobRecord>) => chainActions(record({ localId: 'j', jobId: 'up-j', ...partial })).map((a) => a.label);

  it('offers each follow-up only for the source kinds its request accepts in the catalogue', () => {
    expect(kinds({ kind: 'text-to-3d' })).toEqual(['Retexture', 'Split into parts']);
    expect(kinds({ kind: 'retexture' })).toEqual(['Retexture', 'Split into parts']);
    // Generated images can be edited, but the spec's imageJobId must be an image upload.
    expect(kinds({ kind: 'text-to-image' })).toEqual(['Edit image']);
    expect(kinds({ kind: 'image-edit' })).toEqual(['Edit image']);
    expect(kinds({ kind: 'image-upload' })).toEqual(['Edit image', 'Image to 3D from this image', 'Skybox from this image']);
    expect(kinds({ kind: 'text-to-worldbox' })).toEqual(['Edit skybox']);
    // A split result is not a model source for retexture or another split.
    expect(kinds({ kind: 'split-to-parts' })).toEqual([]);
  });

  it('offers nothing before the job succeeded with an upstream id', () => {
    expect(kinds({ kind: 'image-upload', state: 'running' })).toEqual([]);
    expect(kinds({ kind: 'text-to-3d', state: 'error' })).toEqual([]);
    expect(kinds({ kind: 'text-to-3d', jobId: undefined })).toEqual([]);
  });
});
