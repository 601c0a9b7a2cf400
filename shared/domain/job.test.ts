/** What the history's listing keeps of a job: everything a row of a job in progress shows, and less of a finished one. */
import { describe, expect, it } from 'vitest';
import { listedRecord, newestFirst, upstreamDurationMs, type JobRecord } from './job';

const base: JobRecord = {
  localId: 'job000001',
  kind: 'image-to-3d',
  state: 'running',
  environmentId: 'sandbox',
  environmentName: 'Sandbox (built-in)',
  keyId: 'k1',
  keyName: 'Key 1',
  request: { file: { name: 'chair.png', path: '/data/staging/abc', sha256: 'f'.repeat(64), size: 1000, mime: 'image/png' }, seed: 4 },
  title: '',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:30.000Z',
  submittedAt: '2026-11-20T10:00:00.500Z',
  acceptedAt: '2026-11-20T10:00:01.000Z',
  fragments: [{ name: 'geometry', displayName: 'Generating geometry' }],
  genParams: { seed: 4 },
  asset: { state: 'none', format: 'glb', attempts: 0 },
};

describe('listedRecord', () => {
  it('keeps what a job in progress shows: its stages, times, ids and the names of its files', () => {
    const listed = listedRecord(base);
    expect(listed).toMatchObject({ environmentId: 'sandbox', keyId: 'k1', updatedAt: base.updatedAt, acceptedAt: base.acceptedAt, fragments: base.fragments });
    expect(listed.request).toEqual({ file: { name: 'chair.png' } });
    expect(listed.asset).toEqual({ state: 'none', format: 'glb', attempts: 0 });
    expect(listed.submittedAt).toBeUndefined();
    expect(listed.genParams).toBeUndefined();
  });

  it("keeps a finished job's file names and duration, and leaves out its ids, times, stages and counters", () => {
    const finished: JobRecord = { ...base, state: 'success', finishedAt: '2026-11-20T10:00:41.000Z', asset: { state: 'ready', format: 'glb', attempts: 1, bytes: 500, sha256: 'a'.repeat(64) } };
    const listed = listedRecord(finished);
    expect(listed.durationMs).toBe(40_000);
    expect(upstreamDurationMs(listed)).toBe(upstreamDurationMs(finished));
    expect(listed.request).toEqual({ file: { name: 'chair.png' } });
    expect(listed.asset).toEqual({ state: 'ready', format: 'glb', bytes: 500 });
    for (const left of ['environmentId', 'keyId', 'updatedAt', 'submittedAt', 'acceptedAt', 'finishedAt', 'fragments'] as const) expect(listed[left]).toBeUndefined();
    // A finished text prompt names no file: no request is sent at all.
    expect(listedRecord({ ...finished, request: { prompt: 'a chair' } }).request).toBeUndefined();
    // The style it asked for stays: the style picker offers the styles used before.
    expect(listedRecord({ ...finished, request: { prompt: 'a chair', genStyleId: 'ink-wash' } }).request).toEqual({ genStyleId: 'ink-wash' });
    expect(listedRecord({ ...finished, request: { prompt: 'a chair', genStyleId: '' } }).request).toBeUndefined();
  });
});

describe('newestFirst (the order the host lists and the history shows)', () => {
  it('puts the newest first whatever form the time is in, and breaks ties by the newest local id', () => {
    const jobs = [
      { localId: '0a', createdAt: '2026-01-01T00:00:00.000Z' },
      { localId: '0c', createdAt: '2026-01-02T00:00:00.000Z' },
      // Written without milliseconds, or with an offset: compared as times, not as text.
      { localId: '0b', createdAt: '2026-01-01T12:00:00Z' },
      { localId: '0e', createdAt: '2026-01-02T01:00:00+02:00' },
      { localId: '0d', createdAt: '2026-01-02T00:00:00.000Z' },
    ];
    expect([...jobs].sort(newestFirst).map((j) => j.localId)).toEqual(['0d', '0c', '0e', '0b', '0a']);
  });
});
