/** Reading other slices: early access from the settings snapshot, sources from the job cache. */
import { describe, expect, it } from 'vitest';
import type { StoreState } from '../../state/store';
import { imageLibrary, selectEarlyAccess, sourceJobsFor } from './selectors';
import { job } from './test-support';

const snapshot = (earlyAccess: boolean) => ({
  environments: [{ id: 'env', keys: [{ id: 'k0', earlyAccess: !earlyAccess }, { id: 'k1', earlyAccess }] }],
  active: { environmentId: 'env', keyId: 'k1' },
});

describe('selectEarlyAccess', () => {
  it("follows the active key's earlyAccess in the settings snapshot", () => {
    expect(selectEarlyAccess({ settings: snapshot(true) } as unknown as StoreState)).toBe(true);
    expect(selectEarlyAccess({ settings: snapshot(false) } as unknown as StoreState)).toBe(false);
    expect(selectEarlyAccess({ ...snapshot(true) } as unknown as StoreState)).toBe(true);
    expect(selectEarlyAccess({} as unknown as StoreState)).toBe(false);
  });
});

describe('source lists', () => {
  it('offer successful, visible jobs of the right kinds that have an upstream id, newest first', () => {
    const jobs = [
      job({ localId: 'a', kind: 'image-upload', jobId: 'u-a', createdAt: '2026-01-01T00:00:00Z' }),
      job({ localId: 'b', kind: 'image-upload', jobId: 'u-b', createdAt: '2026-02-01T00:00:00Z' }),
      job({ localId: 'c', kind: 'image-upload', state: 'running', jobId: 'u-c' }),
      job({ localId: 'd', kind: 'image-upload', hidden: true, jobId: 'u-d' }),
      job({ localId: 'e', kind: 'image-upload' }),
      job({ localId: 'f', kind: 'text-to-3d', jobId: 'u-f' }),
    ];
    expect(imageLibrary(jobs).map((j) => j.localId)).toEqual(['b', 'a']);
    expect(sourceJobsFor(jobs, { sourceKinds: ['text-to-3d'] }).map((j) => j.localId)).toEqual(['f']);
  });
});
