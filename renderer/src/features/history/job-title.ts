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
