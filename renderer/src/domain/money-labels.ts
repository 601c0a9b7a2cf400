/**
 * The top bar's words for money (figures from shared/domain/money.ts): the
 * balance as an estimate, with where its figure came from and how old it
 * is, and the spend of the last days. Pure; BalanceBadge shows them.
 */
import type { MoneyGlance, SpendTotal } from '../../../shared/domain/money';

const n = (x: number) => x.toLocaleString('en-US');
const credits = (x: number) => `${n(x)} credit${x === 1 ? '' : 's'}`;
const jobs = (x: number) => `${n(x)} job${x === 1 ? '' : 's'}`;

/** How long ago an instant was, in words: "just now", "5 min ago", "3 h ago", "2 days ago". */
export function ageText(at: string, now: number): string {
  const ms = Math.max(0, now - Date.parse(at));
  const min = Math.round(ms / 60_000);
  if (ms < 60_000) return 'just now';
  if (min < 60) return `${min} min ago`;
  if (min < 48 * 60) return `${Math.round(min / 60)} h ago`;
  return `${Math.round(min / 1440)} days ago`;
}

export interface MoneyLine {
  /** The figure, short enough for the top bar. */
  main: string;
  /** Where it comes from (or how to learn it), under the figure. */
  detail: string;
  /** The whole story, for the tooltip and screen readers. */
  title: string;
}

/** The balance: "Balance ≈ 860 credits" over "estimate · 880 when a request was refused, 5 min ago, less 20 spent since". */
export function balanceLine(glance: MoneyGlance | null | undefined, now: number): MoneyLine {
  const balance = glance?.balance;
  if (!balance) {
    return {
      main: 'Balance: not known yet',
      // No "Settings" in the button's words: the top bar has a button of that name, and the two must not be confused.
      detail: 'Click to type it from your dashboard',
      title: 'The service tells a balance only when it refuses a request for lack of credits. Type the balance your dashboard shows in Settings → Credits, and the top bar keeps an estimate from it.',
    };
  }
  const origin = balance.source === 'typed' ? `${n(balance.known)} typed by you` : `${n(balance.known)} when a request was refused`;
  const less = [balance.since.credits > 0 ? `less ${n(balance.since.credits)} spent since` : '', balance.since.unpriced > 0 ? `and ${jobs(balance.since.unpriced)} with no price` : ''].filter(Boolean).join(' ');
  const detail = `estimate · ${origin} ${ageText(balance.at, now)}${less ? `, ${less}` : ''}`;
  const main = `Balance ≈ ${credits(balance.estimate)}${balance.since.unpriced > 0 ? ' or less' : ''}`;
  return {
    main,
    detail,
    title: `${main}: an estimate. The last known balance was ${credits(balance.known)} (${balance.source === 'typed' ? 'typed in Settings' : "the service's answer when a request was refused for lack of credits"}, ${ageText(balance.at, now)}); the rate card's price of every job accepted since is taken off. Open Settings → Credits to type a newer figure.`,
  };
}

/** The spend of the period: "Spent ≈ 140 credits" over "last 7 days · estimate". */
export function spendLine(period: SpendTotal & { days: number }, priced: boolean): MoneyLine {
  const span = period.days === 1 ? 'last 24 hours' : `last ${period.days} days`;
  if (!priced) {
    return { main: `${jobs(period.jobs)} paid`, detail: `${span} · no prices known`, title: `${jobs(period.jobs)} accepted by the service in the ${span}. Type the prices your dashboard lists in Settings → Credits to see them in credits.` };
  }
  const main = `Spent ≈ ${credits(period.credits)}${period.unpriced > 0 ? ` + ${jobs(period.unpriced)}` : ''}`;
  return {
    main,
    detail: `${span} · estimate`,
    title: `${main} in the ${span}: an estimate, the rate card applied to the ${jobs(period.jobs)} the service accepted${period.unpriced > 0 ? ` (${jobs(period.unpriced)} with no price on the card)` : ''}. The period can be changed in Settings → Credits.`,
  };
}
