/**
 * What "Export…" in the viewport's toolbar (and Ctrl/Cmd+E) exports: what is
 * on screen. A finished job from the history (model, image or skybox) exports by its local id;
 * a GLB dropped on the window exports once main has its staged copy. Null
 * when nothing on screen can be exported (empty, loading, a dropped image,
 * the compare view, which has an Export button per take).
 */
import type { JobSummary } from '../../../shared/domain/job';
import { canOpen } from '../domain/history/job-actions';
import type { StoreState } from '../state/store';

export type OnScreenExport =
  | { kind: 'job'; localId: string }
  | { kind: 'local'; stagedFileId: string; name: string }
  /** Shown but not exportable yet (or any more): the button stays, disabled, with this reason. */
  | { kind: 'unavailable'; reason: string };

export type OnScreenState = Pick<StoreState, 'viewportTarget' | 'viewportState' | 'localModel' | 'compare'> & {
  jobsById: Record<string, JobSummary | undefined>;
};

export function exportOnScreen(s: OnScreenState): OnScreenExport | null {
  const target = s.viewportTarget;
  if (s.compare || !target || s.viewportState !== 'ready') return null;
  if (target.localId) {
    const job = s.jobsById[target.localId];
    if (!job) return { kind: 'unavailable', reason: 'This job is not in the history any more.' };
    if (!canOpen(job)) return { kind: 'unavailable', reason: 'Its file is not in the cache yet.' };
    return { kind: 'job', localId: target.localId };
  }
  // A dropped file: only a GLB is staged for export (an image or HDR is for looking at).
  if (target.format !== 'glb') return null;
  const local = s.localModel?.key === target.key ? s.localModel : null;
  if (local?.stagedFileId) return { kind: 'local', stagedFileId: local.stagedFileId, name: local.name };
  if (local?.error) return { kind: 'unavailable', reason: `It could not be copied into Asset Studio: ${local.error}` };
  return { kind: 'unavailable', reason: `Still copying ${target.name} into Asset Studio…` };
}

/** Opens the export dialog for what is on screen; false when there is nothing to export. */
export function openExportOnScreen(s: OnScreenState & Pick<StoreState, 'openExport' | 'openExportLocal'>): boolean {
  const what = exportOnScreen(s);
  if (what?.kind === 'job') s.openExport([what.localId]);
  else if (what?.kind === 'local') s.openExportLocal({ stagedFileId: what.stagedFileId, name: what.name });
  else return false;
  return true;
}
