import { describe, expect, it } from 'vitest';
import type { RateCard } from '../api/rate-card';
import { estimateSpend, type SpendJob } from './spend';

const card: RateCard = { perKind: { 'text-to-3d': 20, 'text-to-image': 5, 'image-upload': 7 }, quads: 10, highFaceCount: 10 };

function job(over: Partial<SpendJob>): SpendJob {
  return {
    kind: 'text-to-3d',
    jobId: 'up-1',
    environmentId: 'env-a',
    environmentName: 'Production',
    keyId: 'key-1',
    keyName: 'Studio key',
    request: { prompt: 'a chair' },
    createdAt: '2026-11-20T10:00:00.000Z',
    acceptedAt: '2026-11-20T10:00:01.000Z',
    ...over,
  };
}

describe('estimateSpend: the rate card applied to the ledger, per key and day', () => {
  it.each([
    { case: 'one accepted job: its price', jobs: [job({})], days: [{ day: '2026-11-20', jobs: 1, credits: 20, unpriced: 0 }] },
    { case: 'a queued job (no upstream id) cost nothing', jobs: [job({ jobId: undefined })], days: [] },
    { case: 'quad topology adds the card surcharge', jobs: [job({ request: { prompt: 'x', topology: 'quads' } })], days: [{ day: '2026-11-20', jobs: 1, credits: 30, unpriced: 0 }] },
    { case: 'an image upload is 0 credits whatever the card says (the spec)', jobs: [job({ kind: 'image-upload', request: {} })], days: [{ day: '2026-11-20', jobs: 1, credits: 0, unpriced: 0 }] },
    { case: 'an endpoint the card has no price for is counted, not priced', jobs: [job({ kind: 'retexture' })], days: [{ day: '2026-11-20', jobs: 1, credits: 0, unpriced: 1 }] },
    {
      case: 'two days, newest first; the day is when the service accepted the job',
      jobs: [job({}), job({ jobId: 'up-2', kind: 'text-to-image', createdAt: '2026-11-20T23:59:59.000Z', acceptedAt: '2026-11-21T00:00:02.000Z' }), job({ jobId: 'up-3' })],
      days: [
        { day: '2026-11-21', jobs: 1, credits: 5, unpriced: 0 },
        { day: '2026-11-20', jobs: 2, credits: 40, unpriced: 0 },
      ],
    },
  ])('$case', ({ jobs, days }) => {
    const [spend] = estimateSpend(jobs, { 'env-a': card });
    if (days.length === 0) {
      expect(spend).toBeUndefined();
      return;
    }
    expect(spend!.days).toEqual(days);
    expect(spend!.total.credits).toBe(days.reduce((s, d) => s + d.credits, 0));
    expect(spend!.total.jobs).toBe(days.reduce((s, d) => s + d.jobs, 0));
  });

  it('keeps each key apart, the most recently used first, and says when an environment has no card', () => {
    const spend = estimateSpend(
      [job({}), job({ jobId: 'b1', keyId: 'key-2', keyName: 'Second', acceptedAt: '2026-11-22T09:00:00.000Z' }), job({ jobId: 'c1', environmentId: 'env-b', environmentName: 'Staging', acceptedAt: '2026-11-19T09:00:00.000Z' })],
      { 'env-a': card },
    );
    expect(spend.map((s) => [s.environmentName, s.keyName, s.priced, s.total.credits, s.total.unpriced])).toEqual([
      ['Production', 'Second', true, 20, 0],
      ['Production', 'Studio key', true, 20, 0],
      ['Staging', 'Studio key', false, 0, 1],
    ]);
  });

  it('groups by the day function it is given (the local day in the app)', () => {
    const spend = estimateSpend([job({ acceptedAt: '2026-11-20T23:30:00.000Z' })], { 'env-a': card }, () => 'local-day');
    expect(spend[0]!.days.map((d) => d.day)).toEqual(['local-day']);
  });
});
