/** Edit image's references in one click: which results have an address, and how one is added. */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../../../shared/domain/job';
import { addReference, referenceCandidates } from './references';

const URL_A = 'https://storage.example/jobs/a.png';

describe('addReference', () => {
  it.each([
    ['to none: one row with the default role', [], [{ url: URL_A, kind: 'style' }]],
    ['after another', [{ url: 'https://x/b.png', kind: 'pose' }], [{ url: 'https://x/b.png', kind: 'pose' }, { url: URL_A, kind: 'style' }]],
    ['into an empty row, keeping its role', [{ kind: 'base' }], [{ url: URL_A, kind: 'base' }]],
    ['into an empty row with no role', [{}], [{ url: URL_A, kind: 'style' }]],
    ['already there: unchanged', [{ url: URL_A, kind: 'pose' }], [{ url: URL_A, kind: 'pose' }]],
  ] as const)('%s', (_case, items, expected) => {
    expect(addReference(items as never, URL_A)).toEqual(expected);
  });
});

describe('referenceCandidates', () => {
  const job = (patch: Partial<JobSummary>): JobSummary =>
    ({ localId: 'l1', kind: 'text-to-image', state: 'success', jobId: 'j 1', prompt: 'a red kite', createdAt: '2026-01-01T00:00:00.000Z', ...patch }) as JobSummary;
  it('gives finished image results their published address, newest first', () => {
    const list = referenceCandidates(
      [job({}), job({ localId: 'l2', jobId: 'j2', kind: 'image-edit', createdAt: '2026-02-01T00:00:00.000Z' })],
      'https://storage.example/',
    );
    expect(list.map((c) => c.url)).toEqual(['https://storage.example/jobs/j2.png', 'https://storage.example/jobs/j%201.png']);
  });
  it.each([
    ['an image upload (not published)', job({ kind: 'image-upload' })],
    ['a model', job({ kind: 'text-to-3d' })],
    ['a failed image', job({ state: 'error' })],
    ['a hidden image', job({ hidden: true })],
  ])('leaves out %s', (_case, j) => {
    expect(referenceCandidates([j], 'https://storage.example')).toEqual([]);
  });
  it('offers nothing without a storage address', () => {
    expect(referenceCandidates([job({})], undefined)).toEqual([]);
  });
});
