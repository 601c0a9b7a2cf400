/**
 * What the generate panel reads from slices it does not own: the job cache
 * (jobs slice) for source pickers and the image library, and the active
 * key's early-access flag (settings slice). Read defensively: those slices
 * may hold their data under a record or a list.
 */
import type { JobSummary } from '../../../../shared/domain/job';
import type { GenerationKind, JobRefField } from '../../../../shared/api';
import type { StoreState } from '../../state/store';
import { jobDisplayTitle } from '../../domain/history/job-title';

/** The jobs slice's record map (`jobsById`), or a `jobs` record/list. */
export function selectJobsState(state: StoreState): unknown {
  const s = state as unknown as { jobsById?: unknown; jobs?: unknown };
  return s.jobsById ?? s.jobs;
}

export function allJobs(state: StoreState): JobSummary[] {
  const raw = selectJobsState(state);
  if (Array.isArray(raw)) return raw as JobSummary[];
  if (raw && typeof raw === 'object') return Object.values(raw as Record<string, JobSummary>);
  return [];
}

/**
 * Jobs that fit a source field: the right kinds, finished successfully and
 * known upstream (a job-ref is an upstream id), not hidden; newest first.
 */
export function sourceJobsFor(jobs: readonly JobSummary[], field: Pick<JobRefField, 'sourceKinds'>): JobSummary[] {
  return jobs
    .filter((j) => field.sourceKinds.includes(j.kind) && j.state === 'success' && !!j.jobId && !j.hidden)
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}

/** The image library: successful uploads, which Image to 3D, Skybox from image and Text to image reuse. */
export function imageLibrary(jobs: readonly JobSummary[]): JobSummary[] {
  return sourceJobsFor(jobs, { sourceKinds: ['image-upload'] });
}

interface SnapshotLike {
  environments?: { id: string; keys?: { id: string; earlyAccess?: boolean }[] }[];
  active?: { environmentId: string; keyId: string } | null;
}

function activeKeyEarlyAccess(snapshot: unknown): boolean | undefined {
  const snap = snapshot as SnapshotLike | undefined;
  if (!snap || !Array.isArray(snap.environments) || !snap.active) return undefined;
  const env = snap.environments.find((e) => e.id === snap.active!.environmentId);
  return env?.keys?.find((k) => k.id === snap.active!.keyId)?.earlyAccess;
}

/**
 * Whether the active key may use coming-soon endpoints. The settings slice
 * holds the host's SettingsSnapshot (environments, keys with `earlyAccess`,
 * the active pair); a plain `earlyAccess` flag is accepted too.
 */
export function selectEarlyAccess(state: StoreState): boolean {
  const s = state as unknown as Record<string, unknown>;
  if (s.earlyAccess === true) return true;
  for (const key of ['settings', 'snapshot', 'settingsSnapshot']) {
    if (activeKeyEarlyAccess(s[key]) === true) return true;
  }
  return activeKeyEarlyAccess(s) === true;
}

/** The viewport slice's "inspect a local file" action, when the viewport offers one. */
export function selectOpenLocalFile(state: StoreState): ((file: File) => void) | undefined {
  const fn = (state as unknown as { openLocalFile?: unknown }).openLocalFile;
  return typeof fn === 'function' ? (fn as (file: File) => void) : undefined;
}

export function jobTitle(job: JobSummary): string {
  return jobDisplayTitle(job);
}

export type { GenerationKind };

/** The active environment's public storage URL (where finished assets are published), if known. */
export function selectStorageUrl(state: StoreState): string | undefined {
  const snap = (state as unknown as { settings?: { environments?: { id: string; storageUrl?: string }[]; active?: { environmentId: string } | null } }).settings;
  if (!snap?.active || !Array.isArray(snap.environments)) return undefined;
  return snap.environments.find((e) => e.id === snap.active!.environmentId)?.storageUrl;
}
