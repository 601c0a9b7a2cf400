/**
 * The rate-card form's decisions: what the typed figures mean (a blank price
 * is "not known", not 0), what is wrong with them in plain words, and how an
 * estimate reads. Pure, so the component only lays them out.
 */
import { ENDPOINTS, GENERATION_KINDS, type GenerationKind } from '../../../../shared/api/catalogue';
import type { RateCard } from '../../../../shared/api/rate-card';
import { CREDITS_PER_USD, type SpendDay } from '../../../../shared/domain/spend';

/** The kinds a user can price: every endpoint but the image upload, which the spec says is free. */
export const PRICED_KINDS: GenerationKind[] = GENERATION_KINDS.filter((k) => k !== 'image-upload');

export type RateCardDraft = Record<string, string>;

export function draftOf(card: RateCard | undefined): RateCardDraft {
  const draft: RateCardDraft = { quads: card ? String(card.quads) : '', highFaceCount: card ? String(card.highFaceCount) : '' };
  for (const k of PRICED_KINDS) draft[k] = card?.perKind[k] !== undefined ? String(card.perKind[k]) : '';
  return draft;
}

export type DraftResult = { ok: true; card: RateCard } | { ok: false; errors: Record<string, string> };

const WHOLE = /^\d+$/;

function figure(text: string | undefined): number | undefined | 'bad' {
  const t = (text ?? '').trim();
  if (t === '') return undefined;
  if (!WHOLE.test(t)) return 'bad';
  const n = Number(t);
  return n <= 1_000_000 ? n : 'bad';
}

/** A blank price is left off the card (its jobs count as "no price"); a blank surcharge is 0. */
export function parseDraft(draft: RateCardDraft): DraftResult {
  const errors: Record<string, string> = {};
  const perKind: RateCard['perKind'] = {};
  for (const k of PRICED_KINDS) {
    const n = figure(draft[k]);
    if (n === 'bad') errors[k] = 'A whole number of credits, like 20.';
    else if (n !== undefined) perKind[k] = n;
  }
  const extra = (field: 'quads' | 'highFaceCount'): number => {
    const n = figure(draft[field]);
    if (n === 'bad') {
      errors[field] = 'A whole number of credits, like 10.';
      return 0;
    }
    return n ?? 0;
  };
  const quads = extra('quads');
  const highFaceCount = extra('highFaceCount');
  if (Object.keys(errors).length) return { ok: false, errors };
  if (Object.keys(perKind).length === 0) return { ok: false, errors: { form: 'Type the price of at least one kind of job, as your dashboard shows it.' } };
  return { ok: true, card: { perKind, quads, highFaceCount } };
}

export function kindLabel(kind: GenerationKind): string {
  return ENDPOINTS[kind].label;
}

/** "120 credits (about $1.60)", "3 jobs with no price on the card" added when some were not priced. */
export function spendLabel(d: Pick<SpendDay, 'credits' | 'unpriced'>, priced: boolean): string {
  if (!priced) return 'no rate card';
  const usd = (d.credits / CREDITS_PER_USD).toFixed(2);
  const base = `${d.credits.toLocaleString('en')} credits (about $${usd})`;
  if (d.unpriced === 0) return base;
  return `${base} + ${d.unpriced} ${d.unpriced === 1 ? 'job' : 'jobs'} with no price on the card`;
}
