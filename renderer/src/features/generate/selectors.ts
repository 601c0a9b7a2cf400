/**
 * What the generate panel reads from slices it does not own: the job cache
 * (jobs slice) for source pickers and the image library, and the active
 * key's early-access flag (settings slice). Read defensively: those slices
 * may hold their data under a record or a list.
 */
import type { JobRecord } from '../../../../shared/domain/job';
import type { GenerationKind, JobRefField } from '../../../../shared/api';
import type { StoreState } from '../../state/store';

export function allJobs(state: StoreState): JobRecord[] {
  const raw = (state as unknown as { jobs?: unknown }).jobs;
  if (Array.isArray(raw)) return raw as JobRecord[];
  if (raw && typeof raw === 'object') return Object.values(raw as Record<string, JobRecord>);
  return [];
}

/**
 * Jobs that fit a source field: the right kinds, finished successfully and
 * known upstream (a job-ref is an upstream id), not hidden; newest first.
 */
export function sourceJobsFor(jobs: readonly JobRecord[], field: Pick<JobRefField, 'sourceKinds'>): JobRecord[] {
  return jobs
    .filter((j) => field.sourceKinds.includes(j.kind) && j.state === 'success' && !!j.jobId && !j.hidden)
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}

/** The image library: successful uploads, which Image to 3D, Skybox from image and Text to image reuse. */
export function imageLibrary(jobs: readonly JobRecord[]): JobRecord[] {
  return sourceJobsFor(jobs, { sourceKinds: ['image-upload'] });
}

/** Whether the active key may use coming-soon endpoints. */
export function selectEarlyAccess(state: StoreState): boolean {
  const s = state as unknown as Record<string, unknown>;
  const candidates: unknown[] = [
    s.earlyAccess,
    (s.activeKey as { earlyAccess?: unknown } | undefined)?.earlyAccess,
    (s.settings as { activeKey?: { earlyAccess?: unknown } } | undefined)?.activeKey?.earlyAccess,
  ];
  const fn = s.activeKeyEarlyAccess;
  if (typeof fn === 'function') candidates.push((fn as () => unknown)());
  return candidates.some((c) => c === true);
}

/** The viewport slice's "inspect a local file" action, when the viewport offers one. */
export function selectOpenLocalFile(state: StoreState): ((file: File) => void) | undefined {
  const fn = (state as unknown as { openLocalFile?: unknown }).openLocalFile;
  return typeof fn === 'function' ? (fn as (file: File) => void) : undefined;
}

export function jobTitle(job: JobRecord): string {
  return job.title || job.prompt || (job.request?.file as { name?: string } | undefined)?.name || job.kind;
}

export type { GenerationKind };
