/**
 * Money at a glance, for the top bar: the active key's last known balance
 * (a 402 answer's `available`, or a figure the user typed from the
 * dashboard), less what the rate card says was spent since, and the
 * estimated spend of the last few days. The service reports neither balance
 * nor spend, so both figures are estimates and say so (see spend.ts for what
 * counts as spent).
 */
import type { RateCard } from '../api/rate-card';
import type { CreditsInfo } from '../ipc/settings';
import { chargedAt, jobPrice, type SpendJob } from './spend';

export interface SpendTotal {
  /** Jobs the service accepted in the span. */
  jobs: number;
  /** The card's credits for the priced ones. */
  credits: number;
  /** Accepted jobs the card has no price for (not in `credits`). */
  unpriced: number;
}

export interface BalanceEstimate {
  /** The figure as it was learnt. */
  known: number;
  /** When it was learnt (ISO 8601). */
  at: string;
  source: 'refusal' | 'typed';
  /** Spent with this key since the figure was learnt. */
  since: SpendTotal;
  /** The figure less the priced spend since (never below 0). */
  estimate: number;
}

export interface MoneyGlance {
  environmentId: string;
  keyId: string;
  /** Absent until a 402 tells it or the user types it. */
  balance?: BalanceEstimate;
  /** This key's estimated spend over the last `days` days. */
  period: SpendTotal & { days: number };
  /** The environment has a rate card: without one only job counts are known. */
  priced: boolean;
}

const DAY_MS = 86_400_000;

/** The accepted jobs of one key charged after `fromMs` (exclusive) and up to `toMs`, priced by the card. */
export function spendBetween(jobs: readonly SpendJob[], card: RateCard | undefined, key: { environmentId: string; keyId: string }, fromMs: number, toMs: number): SpendTotal {
  const total: SpendTotal = { jobs: 0, credits: 0, unpriced: 0 };
  for (const job of jobs) {
    if (!job.jobId || job.environmentId !== key.environmentId || job.keyId !== key.keyId) continue;
    const when = Date.parse(chargedAt(job));
    if (!(when > fromMs && when <= toMs)) continue;
    const price = jobPrice(job, card);
    total.jobs += 1;
    if (price === undefined) total.unpriced += 1;
    else total.credits += price;
  }
  return total;
}

/** The top bar's figures for one key at `now`. */
export function moneyGlance(input: {
  key: { environmentId: string; keyId: string };
  figure: CreditsInfo | undefined;
  jobs: readonly SpendJob[];
  card: RateCard | undefined;
  now: number;
  periodDays: number;
}): MoneyGlance {
  const { key, figure, jobs, card, now, periodDays } = input;
  const period = { days: periodDays, ...spendBetween(jobs, card, key, now - periodDays * DAY_MS, now) };
  const glance: MoneyGlance = { ...key, period, priced: card !== undefined };
  if (!figure) return glance;
  // Jobs charged up to the moment the figure was learnt are in it already; later ones (up to now, and any a clock put ahead) are not.
  const since = spendBetween(jobs, card, key, Date.parse(figure.at), Number.POSITIVE_INFINITY);
  return { ...glance, balance: { known: figure.available, at: figure.at, source: figure.source ?? 'refusal', since, estimate: Math.max(0, figure.available - since.credits) } };
}
