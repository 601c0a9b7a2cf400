/**
 * An estimate of what each key has spent, per day: the environment's rate
 * card applied to the ledger's jobs. It is an
 * estimate, and says so: the service publishes no prices and reports no spend,
 * so the figures are only as right as the card the user typed (or the one the
 * built-in sandbox handed over).
 *
 * What counts: a job the service accepted (it has an upstream job id), since
 * credits are charged on acceptance, whatever became of it afterwards (failed
 * and removed-from-history jobs were paid too). A queued job, or one refused
 * before acceptance (a 402, a 422), cost nothing. An image upload costs 0 (the
 * spec says so) whatever the card says.
 */
import { quoteRequest, type RateCard } from '../api/rate-card';
import type { JobRecord } from './job';

export type SpendJob = Pick<JobRecord, 'kind' | 'jobId' | 'environmentId' | 'environmentName' | 'keyId' | 'keyName' | 'request' | 'createdAt' | 'acceptedAt' | 'submittedAt'> & {
  /** How many jobs this entry stands for (the store's ledger read groups jobs of one key, day, kind and price inputs); 1 when absent. */
  count?: number;
};

export interface SpendDay {
  /** The day, as `dayOf` wrote it (YYYY-MM-DD by default, UTC). */
  day: string;
  /** Jobs the service accepted that day with this key. */
  jobs: number;
  /** The card's credits for the priced ones. */
  credits: number;
  /** Accepted jobs whose endpoint has no price on the card: not in `credits`. */
  unpriced: number;
}

export interface KeySpend {
  environmentId: string;
  environmentName: string;
  keyId: string;
  keyName: string;
  /** False when the environment has no rate card: only job counts are known. */
  priced: boolean;
  /** Newest day first. */
  days: SpendDay[];
  total: { jobs: number; credits: number; unpriced: number };
}

export const CREDITS_PER_USD = 75;

/** What an accepted job cost by the card: an image upload 0 (the spec says so), else the card's quote; undefined when the card has no price for it. */
export function jobPrice(job: Pick<SpendJob, 'kind' | 'request'>, card: RateCard | undefined): number | undefined {
  return job.kind === 'image-upload' ? 0 : quoteRequest(card, job.kind, job.request);
}

/** When a job was charged: on acceptance (the send's time or the record's, for older records). */
export function chargedAt(job: Pick<SpendJob, 'acceptedAt' | 'submittedAt' | 'createdAt'>): string {
  return job.acceptedAt ?? job.submittedAt ?? job.createdAt;
}

const utcDay = (iso: string): string => iso.slice(0, 10);

/** Groups the accepted jobs by key and day and prices them with each environment's card; keys newest-active first. */
export function estimateSpend(jobs: readonly SpendJob[], cards: Readonly<Record<string, RateCard | undefined>>, dayOf: (iso: string) => string = utcDay): KeySpend[] {
  const byKey = new Map<string, { spend: KeySpend; days: Map<string, SpendDay>; latest: string }>();
  for (const job of jobs) {
    if (!job.jobId) continue;
    const when = chargedAt(job);
    const card = cards[job.environmentId];
    const id = `${job.environmentId}\u0000${job.keyId}`;
    let entry = byKey.get(id);
    if (!entry) {
      entry = {
        spend: { environmentId: job.environmentId, environmentName: job.environmentName, keyId: job.keyId, keyName: job.keyName, priced: card !== undefined, days: [], total: { jobs: 0, credits: 0, unpriced: 0 } },
        days: new Map(),
        latest: when,
      };
      byKey.set(id, entry);
    }
    if (when > entry.latest) entry.latest = when;
    const dayKey = dayOf(when);
    let day = entry.days.get(dayKey);
    if (!day) {
      day = { day: dayKey, jobs: 0, credits: 0, unpriced: 0 };
      entry.days.set(dayKey, day);
    }
    const price = jobPrice(job, card);
    const n = job.count ?? 1;
    day.jobs += n;
    entry.spend.total.jobs += n;
    if (price === undefined) {
      day.unpriced += n;
      entry.spend.total.unpriced += n;
    } else {
      day.credits += price * n;
      entry.spend.total.credits += price * n;
    }
  }
  return [...byKey.values()]
    .sort((a, b) => (a.latest < b.latest ? 1 : a.latest > b.latest ? -1 : 0))
    .map(({ spend, days }) => ({ ...spend, days: [...days.values()].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0)) }));
}
