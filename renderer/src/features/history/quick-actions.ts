/** Which one-click actions a history row offers (see QuickActions). */
import { shownOfKind } from '../../../../shared/api';
import type { JobSummary } from '../../../../shared/domain/job';

export type QuickAction = 'retry' | 'generate-again' | 'make-model' | 'make-skybox';

export function quickActionsFor(job: Pick<JobSummary, 'kind' | 'state' | 'asset' | 'batchId'>): QuickAction[] {
  // A tracked or uploaded job has no request of the user's to send again.
  const resendable = job.kind !== 'image-upload';
  if (job.state === 'error' || job.state === 'rejected') return resendable ? ['retry'] : [];
  if (job.state !== 'success') return [];
  const out: QuickAction[] = [];
  if (shownOfKind(job.kind) === 'image' && job.asset?.state === 'ready') out.push('make-model', 'make-skybox');
  if (resendable) out.push('generate-again');
  return out;
}
