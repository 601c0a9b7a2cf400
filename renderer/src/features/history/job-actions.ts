/**
 * What a history item offers: chaining actions by what the job produced, and
 * the state-specific fixes (resend/dismiss, retry download, error message).
 */
import type { GenerationKind } from '../../../../shared/api';
import type { JobRecord } from '../../../../shared/domain/job';
import { producesOf } from './history-model';

export interface ChainAction {
  label: string;
  kind: GenerationKind;
  /** Which option of the generate slice's `startFrom` carries this job's id. */
  as: 'sourceJobId' | 'imageJobId';
}

/** Follow-up requests that take this job's result as their source. */
export function chainActions(job: JobRecord): ChainAction[] {
  if (job.state !== 'success' || !job.jobId) return [];
  switch (producesOf(job.kind)) {
    case 'model':
      return [
        { label: 'Retexture', kind: 'retexture', as: 'sourceJobId' },
        { label: 'Split into parts', kind: 'split-to-parts', as: 'sourceJobId' },
      ];
    case 'image':
      return [
        { label: 'Edit image', kind: 'image-edit', as: 'sourceJobId' },
        { label: 'Image to 3D from this image', kind: 'image-to-3d', as: 'imageJobId' },
        { label: 'Skybox from this image', kind: 'skybox-from-image', as: 'imageJobId' },
      ];
    case 'skybox':
      return [{ label: 'Edit skybox', kind: 'skybox-edit', as: 'sourceJobId' }];
    default:
      return [];
  }
}

/** True when the job's asset is in the cache and the viewport can show it. */
export function canOpen(job: JobRecord): boolean {
  const produces = producesOf(job.kind);
  return job.state === 'success' && job.asset?.state === 'ready' && produces !== 'none';
}
