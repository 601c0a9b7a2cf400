import { describe, expect, it } from 'vitest';
import type { RateCard } from '../api/rate-card';
import type { CreditsInfo } from '../ipc/settings';
import { moneyGlance, type MoneyGlance } from './money';
import type { SpendJob } from './spend';

const card: RateCard = { perKind: { 'text-to-3d': 20, 'text-to-image': 5 }, quads: 10, highFaceCount: 10 };
const key = { environmentId: 'env-a', keyId: 'key-1' };
const NOW = Date.parse('2026-11-27T12:00:00.000Z');

function job(acceptedAt: string, over: Partial<SpendJob> = {}): SpendJob {
  return { kind: 'text-to-3d', jobId: `up-${acceptedAt}`, ...key, environmentName: 'Production', keyName: 'Studio key', request: { prompt: 'a chair' }, createdAt: acceptedAt, acceptedAt, ...over };
}
const figure = (available: number, at: string, source?: CreditsInfo['source']): CreditsInfo => ({ ...key, available, at, ...(source ? { source } : { required: 30 }) });

describe('moneyGlance: the top bar figures for the active key', () => {
  it.each<{ case: string; figure?: CreditsInfo; jobs: SpendJob[]; card?: RateCard; periodDays?: number; balance?: Partial<NonNullable<MoneyGlance['balance']>>; period: Partial<MoneyGlance['period']> }>([
    { case: 'nothing known, nothing spent', jobs: [], card, balance: undefined, period: { days: 7, jobs: 0, credits: 0, unpriced: 0 } },
    {
      case: "a 402's figure with no job since: the figure itself, from a refusal",
      figure: figure(880, '2026-11-27T11:00:00.000Z'),
      jobs: [job('2026-11-27T10:59:00.000Z')],
      card,
      balance: { known: 880, source: 'refusal', estimate: 880, since: { jobs: 0, credits: 0, unpriced: 0 } },
      period: { jobs: 1, credits: 20 },
    },
    {
      case: 'a typed figure less the two jobs accepted after it',
      figure: figure(500, '2026-11-27T09:00:00.000Z', 'typed'),
      jobs: [job('2026-11-27T08:00:00.000Z'), job('2026-11-27T09:30:00.000Z'), job('2026-11-27T11:30:00.000Z', { kind: 'text-to-image', request: { prompt: 'x' } })],
      card,
      balance: { known: 500, source: 'typed', estimate: 475, since: { jobs: 2, credits: 25, unpriced: 0 } },
      period: { jobs: 3, credits: 45 },
    },
    {
      case: "a queued job (not accepted) and another key's job cost this key nothing",
      figure: figure(100, '2026-11-27T09:00:00.000Z', 'typed'),
      jobs: [job('2026-11-27T10:00:00.000Z', { jobId: undefined }), job('2026-11-27T10:00:00.000Z', { keyId: 'key-2' })],
      card,
      balance: { estimate: 100, since: { jobs: 0, credits: 0, unpriced: 0 } },
      period: { jobs: 0 },
    },
    {
      case: 'no rate card: the jobs since are counted, not priced',
      figure: figure(100, '2026-11-27T09:00:00.000Z'),
      jobs: [job('2026-11-27T10:00:00.000Z')],
      card: undefined,
      balance: { estimate: 100, since: { jobs: 1, credits: 0, unpriced: 1 } },
      period: { jobs: 1, credits: 0, unpriced: 1 },
    },
    { case: 'spent more than the figure: 0, not below', figure: figure(10, '2026-11-27T09:00:00.000Z'), jobs: [job('2026-11-27T10:00:00.000Z')], card, balance: { estimate: 0 }, period: {} },
    {
      case: 'the period is the last N days: an 8-day-old job is out of 7, in 30',
      jobs: [job('2026-11-19T11:00:00.000Z'), job('2026-11-26T12:00:00.000Z')],
      card,
      periodDays: 30,
      period: { days: 30, jobs: 2, credits: 40 },
    },
    { case: '... and out of the default 7', jobs: [job('2026-11-19T11:00:00.000Z'), job('2026-11-26T12:00:00.000Z')], card, period: { days: 7, jobs: 1, credits: 20 } },
  ])('$case', ({ figure: f, jobs, card: c, periodDays = 7, balance, period }) => {
    const glance = moneyGlance({ key, figure: f, jobs, card: c, now: NOW, periodDays });
    if (balance === undefined) expect(glance.balance).toBeUndefined();
    else expect(glance.balance).toMatchObject(balance);
    expect(glance.period).toMatchObject(period);
    expect(glance.priced).toBe(c !== undefined);
  });
});
