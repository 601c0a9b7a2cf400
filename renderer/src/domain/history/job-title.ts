/**
 * A job's title for lists (history rows, pickers, the image library): the
 * service's title unless it only names the kind ("Upload image"), else the
 * prompt, else the file it was made from, and only then the kind.
 */
import { ENDPOINTS } from '../../../../shared/api';
import type { JobSummary } from '../../../../shared/domain/job';

function firstFileName(request: Record<string, unknown> | undefined): string | undefined {
  for (const value of Object.values(request ?? {})) {
    const name = (value as { name?: unknown } | null)?.name;
    if (typeof name === 'string' && name) return name;
  }
  return undefined;
}

export function jobDisplayTitle(job: Pick<JobSummary, 'title' | 'prompt' | 'kind' | 'request'>): string {
  const label = ENDPOINTS[job.kind]?.label ?? job.kind;
  const title = job.title && job.title !== label ? job.title : undefined;
  return title || job.prompt || firstFileName(job.request) || job.title || label;
}

type Titled = Pick<JobSummary, 'title' | 'prompt' | 'kind' | 'request'>;

/**
 * A history row's title, never just the kind (ten "Image to 3D" rows cannot be
 * told apart): the title, prompt or file name as above; else what it was made
 * from ("Retexture of Bronze helmet"); else the kind with the start of the
 * job's id, the one thing that tells two such rows apart.
 */
export function rowTitle(job: Titled & Pick<JobSummary, 'jobId' | 'localId'>, source?: Titled): string {
  const label = ENDPOINTS[job.kind]?.label ?? job.kind;
  const own = jobDisplayTitle(job);
  if (own !== label) return own;
  if (source) {
    const from = jobDisplayTitle(source);
    if (from !== (ENDPOINTS[source.kind]?.label ?? source.kind)) return `${label} of ${from}`;
  }
  return `${label} · ${(job.jobId ?? job.localId).slice(0, 8)}`;
}
