/**
 * One toast per set or batch: the jobs of a set of takes (Variants above 1)
 * or of a batch finish one by one, and a toast each covered the window (three
 * for three takes, eight for a batch). They now share one toast that counts
 * up ("8 of 8 done"), stays while the group is still running and fades a few
 * seconds after its last job. Pure: use-host-toasts.ts feeds it the host's
 * finished-job notices and the jobs it knows.
 */
import type { Toast } from '../../../../shared/ipc';
import type { ToastLevel } from './toast-stack';
import { toastDuration } from './toast-stack';

export type GroupKind = 'set' | 'batch';

/** How one job of a group ended, as its notice said. */
export type Outcome = 'done' | 'failed' | 'unknown';

export interface ToastGroup {
  /** The toast's id: one per set or batch. */
  id: string;
  kind: GroupKind;
  /** The set id or batch id. */
  groupId: string;
  /** What the toast's body names: the set's prompt, the batch's file. */
  name: string;
  /** Jobs in the group (a batch's rows, a set's takes). */
  total: number;
  /** Outcome per local id of the jobs that ended. */
  outcomes: Readonly<Record<string, Outcome>>;
}

/** Which group a job's notice belongs to (a batch row before a set), or none. */
export function groupKeyOf(job: { setId?: string; batchId?: string } | undefined): { kind: GroupKind; groupId: string; id: string } | undefined {
  if (job?.batchId) return { kind: 'batch', groupId: job.batchId, id: `group-batch-${job.batchId}` };
  if (job?.setId) return { kind: 'set', groupId: job.setId, id: `group-set-${job.setId}` };
  return undefined;
}

/** A notice's level as an outcome: success is done, a warning is the "outcome unknown" of a lost answer, an error a failure. */
export function outcomeOf(level: Toast['level']): Outcome {
  return level === 'error' ? 'failed' : level === 'warning' ? 'unknown' : 'done';
}

/** The group after one more job's notice (a job told twice, a download retried to the end, counts once, as its last word). */
export function withOutcome(group: ToastGroup, localId: string, outcome: Outcome): ToastGroup {
  const outcomes = { ...group.outcomes, [localId]: outcome };
  return { ...group, outcomes, total: Math.max(group.total, Object.keys(outcomes).length) };
}

export interface GroupToastView {
  id: string;
  level: ToastLevel;
  title: string;
  body: string;
  /** Every job of the group has ended. */
  complete: boolean;
  /** Milliseconds it stays: until the group ends, then as long as its level's toasts do. */
  duration: number;
  /** Local ids of the jobs that ended well (what Open shows). */
  done: string[];
}

/** What the group's toast says: "3 of 8 done", the name, and what failed or is unknown. */
export function groupToastView(group: ToastGroup): GroupToastView {
  const entries = Object.entries(group.outcomes);
  const count = (o: Outcome) => entries.filter(([, v]) => v === o).length;
  const failed = count('failed');
  const unknown = count('unknown');
  const ended = entries.length;
  const complete = ended >= group.total;
  // Failures make it a warning, not an error card of its own: the history says each reason, and the toast still fades.
  const level: ToastLevel = failed + unknown > 0 ? 'warning' : 'success';
  const notes = [failed ? `${failed} failed` : '', unknown ? `${unknown} with an unknown outcome` : ''].filter(Boolean);
  return {
    id: group.id,
    level,
    title: `${ended} of ${group.total} done`,
    body: [group.name, ...notes].filter(Boolean).join(' · '),
    complete,
    duration: complete ? toastDuration(level) : Number.POSITIVE_INFINITY,
    done: entries.filter(([, v]) => v === 'done').map(([id]) => id),
  };
}
