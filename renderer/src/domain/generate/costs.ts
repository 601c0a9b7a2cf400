/**
 * Costs you can see: the quote for the form as it stands (from the active
 * environment's rate card), what to do after a 402, and how old the last
 * known balance is. Pure; the components read them.
 */
import { quoteRequest, type GenerationKind, type RateCard } from '../../../../shared/api';
import type { CreditsInfo, SettingsSnapshot } from '../../../../shared/ipc';
import { ageText } from '../money-labels';
import type { DraftValues } from './draft';
import { toRequestValues } from './draft';

/** The active environment's rate card, if it has one. */
export function activeRateCard(snapshot: SettingsSnapshot | null | undefined): RateCard | undefined {
  if (!snapshot?.active) return undefined;
  return snapshot.environments.find((e) => e.id === snapshot.active!.environmentId)?.rateCard;
}

/** Credits the draft would cost, or undefined when no price is known. */
export function quoteDraft(card: RateCard | undefined, kind: GenerationKind, draft: DraftValues): number | undefined {
  return quoteRequest(card, kind, toRequestValues(kind, draft));
}

export function creditsText(n: number): string {
  return `${n.toLocaleString('en-US')} credit${n === 1 ? '' : 's'}`;
}

/**
 * What the Generate panel says after a 402: the figures, and what to do now
 * (the service's own sentence speaks of resuming a batch, which means nothing here).
 */
export function creditAdvice(credits: { required: number; available: number }, where: { builtin: boolean; otherKeys: number }): string[] {
  const lines = [`This request needs ${creditsText(credits.required)}; the key's balance is ${creditsText(credits.available)}.`];
  if (where.builtin) {
    lines.push("The built-in sandbox's credits are pretend: switch to another sandbox key in the top bar, or start the sandbox again with more (npm run cli -- sandbox --credits N).");
    return lines;
  }
  lines.push('Buy credits (or turn on auto-replenish) in your account dashboard, then press Generate again: nothing was charged for this attempt.');
  if (where.otherKeys > 0) lines.push('Or choose another key with credits in the top bar.');
  lines.push('Options marked as costing extra (quad topology, high face counts) make a request cheaper when turned off.');
  return lines;
}

/** The last known balance of a key and how long ago it was learnt, e.g. "880 credits · 5 min ago". */
export function balanceLabel(info: Pick<CreditsInfo, 'available' | 'at'>, now: number): string {
  return `${creditsText(info.available)} · ${ageText(info.at, now)}`;
}
