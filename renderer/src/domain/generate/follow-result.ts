/**
 * "Results come to you": the job the user just submitted opens in the
 * viewport by itself when it finishes, and a set of variants in the compare
 * view once all its takes have, unless the user opened something else since
 * (then it stays in History, and its toast offers Open). And the Generate
 * panel's status belongs to the environment and key it was sent with: after
 * switching, another key's 402 is not shown as if it were this one's.
 * Pure decisions; the generate slice applies them.
 */
import { shownOfKind } from '../../../../shared/api';
import type { JobSummary } from '../../../../shared/domain/job';

/**
 * What is open: the viewport's item and the compare view, by the keys they
 * get anew at each opening (null: nothing open there).
 */
export interface Opened {
  viewKey: string | null;
  compareKey: string | null;
}

/**
 * The user opened something else since `then`: another item in the viewport,
 * or a compare view. Closing the compare view opens nothing (the viewport
 * shows again what it showed).
 */
export function openedSince(then: Opened, now: Opened): boolean {
  return now.viewKey !== then.viewKey || (now.compareKey !== null && now.compareKey !== then.compareKey);
}

/** The submission being followed: one job, or the takes of a set (Variants above 1), and what was open when it was sent. */
export interface FollowedSubmission {
  localIds: string[];
  setId?: string;
  opened: Opened;
}

/** One job's part in it: ready to show, not yet, or never (failed, refused, removed, nothing to show, file unavailable). */
export type TakeOutcome = 'ready' | 'pending' | 'gone';

export function takeOutcome(job: JobSummary | undefined): TakeOutcome {
  if (!job) return 'pending';
  if (job.hidden) return 'gone';
  switch (job.state) {
    case 'success': {
      if (shownOfKind(job.kind) === 'none') return 'gone';
      const asset = job.asset?.state;
      if (asset === 'ready') return 'ready';
      if (asset === 'unavailable') return 'gone';
      return 'pending';
    }
    case 'error':
    case 'rejected':
    case 'dismissed':
    case 'uncertain':
      return 'gone';
    default:
      return 'pending';
  }
}

/**
 * wait: not all finished yet; drop: stop following (nothing to show, or the
 * user opened something else since it was sent); open: show this job in the
 * viewport; compare: open these takes of the set in the compare view.
 */
export type FollowStep = { step: 'wait' } | { step: 'drop' } | { step: 'open'; localId: string } | { step: 'compare'; localIds: string[]; setId: string };

/**
 * "When the job you just submitted finishes, it opens in the viewport, unless
 * you have opened something else since (a set of variants opens in the
 * compare view instead)". One rule for a job and a set: a set waits for all
 * its takes; two or more finished open side by side, a single one that
 * finished (the others failed) opens like a job alone.
 */
export function followStep(followed: FollowedSubmission, jobs: readonly (JobSummary | undefined)[], now: Opened): FollowStep {
  if (openedSince(followed.opened, now)) return { step: 'drop' };
  const outcomes = jobs.map(takeOutcome);
  if (outcomes.includes('pending')) return { step: 'wait' };
  const ready = followed.localIds.filter((_, i) => outcomes[i] === 'ready');
  if (followed.setId && ready.length >= 2) return { step: 'compare', localIds: ready, setId: followed.setId };
  if (ready.length >= 1) return { step: 'open', localId: ready[0]! };
  return { step: 'drop' };
}

export interface EnvironmentKeyPair {
  environmentId: string;
  keyId: string;
}

/** Whether a kind's last submission still belongs on the panel: it was made with the environment and key active now. */
export function submissionBelongs(sentWith: EnvironmentKeyPair | undefined, active: EnvironmentKeyPair | undefined): boolean {
  if (!sentWith) return true;
  if (!active) return false;
  return sentWith.environmentId === active.environmentId && sentWith.keyId === active.keyId;
}
