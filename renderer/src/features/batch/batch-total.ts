/**
 * What a batch costs before Start: the rows that will be sent (ready, not a
 * reused earlier result), priced by the active environment's rate card, in
 * one line ("8 rows × 20 credits = 160 credits"). Rows whose price is unknown
 * are named rather than counted as free.
 */
import { ENDPOINTS, isGenerationKind, quoteRequest, type RateCard } from '../../../../shared/api';
import type { BatchRow } from '../../../../shared/ipc';
import { creditsText } from '../../domain/generate/costs';

function rowsWord(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;
}

/** "rows 3, 5 and 7" (at most 8 named, then "and N more"). */
export function rowNumbers(rows: readonly number[]): string {
  const shown = rows.slice(0, 8).map(String);
  const more = rows.length - shown.length;
  if (more > 0) return `${rows.length === 1 ? 'row' : 'rows'} ${shown.join(', ')} and ${more.toLocaleString('en-US')} more`;
  if (shown.length === 1) return `row ${shown[0]}`;
  return `rows ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

export function batchTotal(rows: readonly BatchRow[], card: RateCard | undefined): string {
  const sent = rows.filter((r) => r.state === 'ready' && !(r.duplicateOf && (r.duplicateChoice ?? 'reuse') === 'reuse'));
  const reused = rows.filter((r) => r.state === 'ready' && r.duplicateOf && (r.duplicateChoice ?? 'reuse') === 'reuse').length;
  if (sent.length === 0) return reused ? `Nothing to pay: ${rowsWord(reused)} reuse earlier results.` : 'No row is ready to send.';
  const byPrice = new Map<number, number>();
  const unknown: number[] = [];
  const unknownKinds = new Set<string>();
  for (const row of sent) {
    const price = isGenerationKind(row.kind) ? quoteRequest(card, row.kind, row.fields) : undefined;
    if (price === undefined) {
      unknown.push(row.row);
      unknownKinds.add(isGenerationKind(row.kind) ? ENDPOINTS[row.kind].label : row.kind);
    } else byPrice.set(price, (byPrice.get(price) ?? 0) + 1);
  }
  const parts = [...byPrice.entries()].sort((a, b) => a[0] - b[0]).map(([price, n]) => `${rowsWord(n)} × ${creditsText(price)}`);
  const total = [...byPrice.entries()].reduce((sum, [price, n]) => sum + price * n, 0);
  const known = parts.length ? `${parts.join(' + ')} = ${creditsText(total)}` : '';
  const reuseNote = reused ? ` (${rowsWord(reused)} reuse earlier results at no cost)` : '';
  if (!unknown.length) return `${known}${reuseNote}.`;
  const why = card ? `no price is entered for ${[...unknownKinds].join(', ')}` : 'no prices are entered for this environment (Settings → Credits)';
  const unknownLine = `The price of ${rowNumbers(unknown)} is not known: ${why}.`;
  return known ? `${known}, plus ${rowsWord(unknown.length)} not priced${reuseNote}. ${unknownLine}` : unknownLine;
}
