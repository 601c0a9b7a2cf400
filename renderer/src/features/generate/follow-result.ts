/**
 * "Results come to you": the job the user just submitted opens in the
 * viewport by itself when it finishes, unless the user opened something else
 * since (then it stays in History, and its toast offers Open). And the Generate
 * panel's status belongs to the environment and key it was sent with: after
 * switching, another key's 402 is not shown as if it were this one's (bug 11).
 * Pure decisions; the generate slice applies them.
 */
import { shownOfKind } from '../../../../shared/api';
import type { JobSummary } from '../../../../shared/domain/job';

export interface FollowedSubmission {
  localId: string;
  /** The viewport's target key when it was submitted (null: nothing open). */
  viewKey: string | null;
}

/** open: show it now; wait: not finished yet; drop: stop following (failed, unavailable, or the user opened something else). */
export type FollowStep = 'open' | 'wait' | 'drop';

export function followStep(followed: FollowedSubmission, job: JobSummary | undefined, viewKey: string | null): FollowStep {
  if (viewKey !== followed.viewKey) return 'drop';
  if (!job) return 'wait';
  if (job.hidden) return 'drop';
  switch (job.state) {
    case 'success': {
      if (shownOfKind(job.kind) === 'none') return 'drop';
      const asset = job.asset?.state;
      if (asset === 'ready') return 'open';
      if (asset === 'unavailable') return 'drop';
      return 'wait';
    }
    case 'error':
    case 'rejected':
    case 'dismissed':
    case 'uncertain':
      return 'drop';
    default:
      return 'wait';
  }
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
