/**
 * What a history item offers: chaining actions whose target request accepts
 * this job as its source, and whether the job can be opened in the viewport.
 */
import { ENDPOINTS, jobRefFieldOf, type GenerationKind, type JobRefField } from '../../../../shared/api';
import type { JobSummary } from '../../../../shared/domain/job';
import { producesOf } from './history-model';

export interface ChainAction {
  label: string;
  kind: GenerationKind;
  /** Which option of the generate slice's `startFrom` carries this job's id. */
  as: 'sourceJobId' | 'imageJobId';
}

/** Every follow-up the history knows, in menu order; each is offered only where the catalogue accepts the job. */
export const CHAIN_ACTIONS: readonly ChainAction[] = [
  { label: 'Retexture', kind: 'retexture', as: 'sourceJobId' },
  { label: 'Split into parts', kind: 'split-to-parts', as: 'sourceJobId' },
  { label: 'Edit image', kind: 'image-edit', as: 'sourceJobId' },
  { label: 'Image to 3D from this image', kind: 'image-to-3d', as: 'imageJobId' },
  { label: 'Skybox from this image', kind: 'skybox-from-image', as: 'imageJobId' },
  { label: 'Edit skybox', kind: 'skybox-edit', as: 'sourceJobId' },
];

/** The job-ref field of `kind` that `startFrom` fills for `as` (the generate slice asks the same catalogue function). */
export function chainField(kind: GenerationKind, as: ChainAction['as']): JobRefField | undefined {
  return jobRefFieldOf(kind, as === 'sourceJobId' ? 'source' : 'image')?.spec;
}

/** True when `action`'s request takes `job` as its source, by the catalogue's `sourceKinds`. */
export function acceptsSource(action: ChainAction, job: Pick<JobSummary, 'kind'>): boolean {
  if (ENDPOINTS[action.kind].availability !== 'available') return false;
  return chainField(action.kind, action.as)?.sourceKinds.includes(job.kind) ?? false;
}

/** Follow-up requests that take this job's result as their source. */
export function chainActions(job: JobSummary): ChainAction[] {
  if (job.state !== 'success' || !job.jobId) return [];
  return CHAIN_ACTIONS.filter((action) => acceptsSource(action, job));
}

/** True when the job's asset is in the cache and the viewport can show it. */
export function canOpen(job: JobSummary): boolean {
  const produces = producesOf(job.kind);
  return job.state === 'success' && job.asset?.state === 'ready' && produces !== 'none';
}
