/**
 * Export that never dead-ends: with no project folder yet, Save as… hands
 * each asset to the browser's download (the browser shell saves it to the
 * downloads folder or asks where, as the browser is set; Electron's window
 * shows its native save dialog for a download). And which export options
 * apply: up axis, scale and pivot change models only, so an image or skybox
 * export does not show them.
 */
import { shownOfKind, type GenerationKind } from '../../../../shared/api';
import type { JobSummary } from '../../../../shared/domain/job';
import { jobDisplayTitle } from '../history/job-title';

/** Whether any of the exported jobs is a model (the model-only options then apply). */
export function modelOptionsApply(kinds: readonly GenerationKind[]): boolean {
  return kinds.some((k) => {
    const shown = shownOfKind(k);
    return shown === 'model' || shown === 'parts' || shown === 'motion';
  });
}

/** A file name for a job's asset: its title made safe for any file system, with the asset's extension. */
export function saveAsName(job: Pick<JobSummary, 'title' | 'prompt' | 'kind' | 'request' | 'asset'>): string {
  const ext = job.asset?.format === 'png' || shownOfKind(job.kind) === 'image' || shownOfKind(job.kind) === 'skybox' ? 'png' : 'glb';
  const base = jobDisplayTitle(job)
    .replace(/\.(png|jpe?g|webp|glb)$/i, '')
    .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return `${base || 'asset'}.${ext}`;
}
