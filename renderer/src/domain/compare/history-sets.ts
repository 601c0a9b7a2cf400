/**
 * The history's rows with sets grouped: the takes of one set become one row
 * (where the set's first-listed take stood), followed by its takes when the
 * set is expanded. Jobs outside a set, and a set with one take left in view
 * (filtered or removed), stay plain rows.
 */
import type { JobSummary } from '../../../../shared/domain/job';
import { orderTakes, type KeptTakes } from '../../../../shared/domain/sets';

export type HistoryEntry =
  | { type: 'job'; job: JobSummary }
  | { type: 'set'; setId: string; takes: JobSummary[]; keptLocalId?: string; expanded: boolean }
  | { type: 'take'; job: JobSummary; setId: string; kept: boolean };

export function entryKey(entry: HistoryEntry): string {
  return entry.type === 'set' ? entry.setId : entry.job.localId;
}

export function groupSets(rows: readonly JobSummary[], kept: KeptTakes, expanded: ReadonlySet<string>): HistoryEntry[] {
  const bySet = new Map<string, JobSummary[]>();
  for (const job of rows) {
    if (!job.setId) continue;
    const list = bySet.get(job.setId);
    if (list) list.push(job);
    else bySet.set(job.setId, [job]);
  }
  if (bySet.size === 0) return rows.map((job) => ({ type: 'job', job }));
  const out: HistoryEntry[] = [];
  const placed = new Set<string>();
  for (const job of rows) {
    const takes = job.setId ? bySet.get(job.setId) : undefined;
    if (!job.setId || !takes || takes.length < 2) {
      out.push({ type: 'job', job });
      continue;
    }
    if (placed.has(job.setId)) continue;
    placed.add(job.setId);
    const keptLocalId = takes.some((t) => t.localId === kept[job.setId!]) ? kept[job.setId] : undefined;
    const ordered = orderTakes(takes, keptLocalId);
    const open = expanded.has(job.setId);
    out.push({ type: 'set', setId: job.setId, takes: ordered, ...(keptLocalId ? { keptLocalId } : {}), expanded: open });
    if (open) for (const t of ordered) out.push({ type: 'take', job: t, setId: job.setId, kept: t.localId === keptLocalId });
  }
  return out;
}
