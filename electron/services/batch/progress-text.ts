/** Words and lines about a batch's progress, shared by the CLI and tests. */
import { formatDuration, type Batch, type BatchCounts } from '../../../shared/ipc';

export { formatDuration };

/** Rows that were meant to be sent (neither invalid nor skipped). */
export function validRows(counts: BatchCounts): number {
  return counts.total - counts.invalid - counts.skipped;
}

/** One line: `[#####-----] 12/50 done · 1 failed · 5 running · 32 queued · 0:42 elapsed · ~1:10 left`. */
export function progressLine(batch: Batch, now: number, width = 20): string {
  const c = batch.counts;
  const valid = Math.max(1, validRows(c));
  const filled = Math.round(((c.done + c.failed + c.cancelled) / valid) * width);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(Math.max(0, width - filled))}]`;
  const parts = [`${bar} ${c.done}/${validRows(c)} done`];
  if (c.failed) parts.push(`${c.failed} failed`);
  parts.push(`${c.running} running`, `${c.queued} queued`);
  if (c.cancelled) parts.push(`${c.cancelled} cancelled`);
  if (batch.startedAt) parts.push(`${formatDuration((batch.finishedAt ? Date.parse(batch.finishedAt) : now) - Date.parse(batch.startedAt))} elapsed`);
  if (batch.estimateMs !== undefined && batch.estimateMs > 0 && batch.state === 'running') parts.push(`~${formatDuration(batch.estimateMs)} left`);
  if (batch.state === 'paused') parts.push(batch.pauseReason === 'credits' ? 'paused: not enough credits' : 'paused');
  return parts.join(' · ');
}

/** Why a batch did not fully succeed, in a sentence; undefined when every valid row is done. */
export function failureReason(batch: Batch): string | undefined {
  const c = batch.counts;
  if (batch.state === 'paused' && batch.pauseReason === 'credits') {
    const credits = batch.credits ? ` (available ${batch.credits.available}, required ${batch.credits.required})` : '';
    return `The service answered 402: not enough credits${credits}. ${c.queued} row(s) are still queued; top up and run the same command again to continue.`;
  }
  if (batch.state === 'paused') return `The batch is paused with ${c.queued} row(s) queued; run the same command again to continue.`;
  if (batch.state === 'cancelled') return `The batch was cancelled: ${c.cancelled} row(s) were not sent.`;
  if (c.failed) {
    const first = batch.rows.find((r) => r.state === 'failed');
    const why = (first?.error ?? 'no reason given').replace(/\.+$/, '');
    return `${c.failed} row(s) failed${first ? `; row ${first.row}: ${why}` : ''}.`;
  }
  if (c.done < validRows(c)) return `${validRows(c) - c.done} row(s) did not finish.`;
  return undefined;
}
