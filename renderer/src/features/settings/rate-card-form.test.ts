import { describe, expect, it } from 'vitest';
import { draftOf, parseDraft, spendLabel } from './rate-card-form';

describe('the rate-card form', () => {
  it.each([
    { case: 'prices typed: a card with those, blank surcharges are 0', draft: { 'text-to-3d': '20', 'text-to-image': ' 5 ' }, result: { ok: true, card: { perKind: { 'text-to-3d': 20, 'text-to-image': 5 }, quads: 0, highFaceCount: 0 } } },
    { case: 'surcharges typed', draft: { 'text-to-3d': '20', quads: '10', highFaceCount: '15' }, result: { ok: true, card: { perKind: { 'text-to-3d': 20 }, quads: 10, highFaceCount: 15 } } },
    { case: 'a price that is not a whole number', draft: { 'text-to-3d': '2.5' }, result: { ok: false, errors: { 'text-to-3d': 'A whole number of credits, like 20.' } } },
    { case: 'a negative surcharge', draft: { 'text-to-3d': '20', quads: '-1' }, result: { ok: false, errors: { quads: 'A whole number of credits, like 10.' } } },
    { case: 'nothing typed', draft: {}, result: { ok: false, errors: { form: 'Type the price of at least one kind of job, as your dashboard shows it.' } } },
  ])('$case', ({ draft, result }) => {
    expect(parseDraft(draft as Record<string, string>)).toEqual(result);
  });

  it('round-trips a card through the form', () => {
    const card = { perKind: { 'text-to-3d': 20, retexture: 10 }, quads: 10, highFaceCount: 5 };
    expect(parseDraft(draftOf(card))).toEqual({ ok: true, card });
  });

  it.each([
    { d: { credits: 150, unpriced: 0 }, priced: true, label: '150 credits (about $2.00)' },
    { d: { credits: 20, unpriced: 1 }, priced: true, label: '20 credits (about $0.27) + 1 job with no price on the card' },
    { d: { credits: 0, unpriced: 3 }, priced: false, label: 'no rate card' },
  ])('reads $label', ({ d, priced, label }) => {
    expect(spendLabel(d, priced)).toBe(label);
  });
});
