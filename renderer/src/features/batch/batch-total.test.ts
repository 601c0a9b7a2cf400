/** The total a batch shows before Start, from the rows that will be sent and the active rate card. */
import { describe, expect, it } from 'vitest';
import type { RateCard } from '../../../../shared/api';
import type { BatchRow } from '../../../../shared/ipc';
import { batchTotal } from './batch-total';

const card: RateCard = { perKind: { 'text-to-3d': 20, 'text-to-image': 5 }, quads: 10, highFaceCount: 10 };

function row(n: number, extra: Partial<BatchRow> = {}): BatchRow {
  return { row: n, kind: 'text-to-3d', fields: { prompt: `prop ${n}` }, problems: [], skip: false, state: 'ready', ...extra };
}
const eight = Array.from({ length: 8 }, (_, i) => row(i + 1));

describe('batchTotal', () => {
  it.each<[string, BatchRow[], RateCard | undefined, string]>([
    ['eight prompt rows of Text to 3D', eight, card, '8 rows × 20 credits = 160 credits.'],
    ['one row', [row(1)], card, '1 row × 20 credits = 20 credits.'],
    ['mixed prices, surcharges counted', [row(1), row(2, { fields: { prompt: 'x', topology: 'quads' } }), row(3, { kind: 'text-to-image' })], card, '1 row × 5 credits + 1 row × 20 credits + 1 row × 30 credits = 55 credits.'],
    ['skipped, invalid and reused rows cost nothing', [row(1), row(2, { state: 'skipped', skip: true }), row(3, { state: 'invalid' }), row(4, { duplicateOf: { localId: 'l', state: 'success' } })], card, '1 row × 20 credits = 20 credits (1 row reuse earlier results at no cost).'],
    ['a reused row set to generate again is paid', [row(1, { duplicateOf: { localId: 'l', state: 'success' }, duplicateChoice: 'generate' })], card, '1 row × 20 credits = 20 credits.'],
    ['rows of a kind the card does not price are named', [row(1), row(2, { kind: 'text-to-solidbox' }), row(5, { kind: 'text-to-solidbox' })], card, '1 row × 20 credits = 20 credits, plus 2 rows not priced. The price of rows 2 and 5 is not known: no price is entered for Text to solid box.'],
    ['no rate card at all', eight.slice(0, 2), undefined, 'The price of rows 1 and 2 is not known: no prices are entered for this environment (Settings → Credits).'],
    ['many unpriced rows are named up to eight', Array.from({ length: 12 }, (_, i) => row(i + 1)), undefined, 'The price of rows 1, 2, 3, 4, 5, 6, 7, 8 and 4 more is not known: no prices are entered for this environment (Settings → Credits).'],
    ['nothing ready', [row(1, { state: 'invalid' })], card, 'No row is ready to send.'],
  ])('%s', (_case, rows, rateCard, expected) => {
    expect(batchTotal(rows, rateCard)).toBe(expected);
  });
});
