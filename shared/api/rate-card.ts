/**
 * Rate cards: what an environment charges per request, in credits. The spec
 * publishes no prices (only that uploads cost 0 and that quad topology and
 * high-poly output cost extra), so a card comes from the environment: the
 * built-in sandbox hands over its own, a real one is entered by the user from
 * their dashboard. A quote is the card's price for the endpoint plus the
 * catalogue's surcharges that apply to the request, the same sum the sandbox
 * charges.
 */
import { z } from 'zod';
import { ENDPOINTS, GENERATION_KINDS, type EndpointSpec, type GenerationKind } from './catalogue';

export interface RateCard {
  /** Credits per request, by endpoint; an endpoint left out has no known price. */
  perKind: Partial<Record<GenerationKind, number>>;
  /** Added when `topology` is `quads`. */
  quads: number;
  /** Added for high face counts (the catalogue's high-poly surcharge). */
  highFaceCount: number;
}

const credits = z.number().int().min(0).max(1_000_000);
export const rateCardSchema = z
  .object({
    perKind: z.partialRecord(z.enum(GENERATION_KINDS as [GenerationKind, ...GenerationKind[]]), credits),
    quads: credits,
    highFaceCount: credits,
  })
  .strict();

/** Credits the request would cost with this card, or undefined when the card has no price for the endpoint. */
export function quoteRequest(card: RateCard | undefined, kind: GenerationKind, values: Record<string, unknown>): number | undefined {
  const base = card?.perKind[kind];
  if (card === undefined || base === undefined) return undefined;
  let total = base;
  for (const s of (ENDPOINTS[kind] as EndpointSpec).surcharges ?? []) {
    if (s.when(values[s.field])) total += s.field === 'topology' ? card.quads : card.highFaceCount;
  }
  return total;
}
