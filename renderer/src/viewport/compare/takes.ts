/** The takes of a compare opening, as the canvas loads them (by the host's asset URL of each job). */
import type { JobSummary } from '../../../../shared/domain/job';
import { bridge } from '../../bridge';
import type { CompareSession } from '../../state/slices/compare';
import type { CompareTake } from './CompareScene';

export function compareTakes(session: CompareSession, jobsById: Readonly<Record<string, JobSummary>>): CompareTake[] {
  return session.localIds.map((id) => {
    const job = jobsById[id];
    return {
      localId: id,
      ...(job?.jobId ? { jobId: job.jobId } : {}),
      name: job?.title || job?.prompt || 'Take',
      url: bridge().assetUrl(id, 'asset'),
      format: session.content === 'model' ? 'glb' : 'png',
    };
  });
}
