/**
 * Opening library assets the way the history opens jobs: one in the viewport
 * (the viewport's own openJob), two to four in compare (the compare view's
 * openCompare). What cannot open is said in a toast.
 */
import type { LibraryAssetSummary } from '../../../../shared/domain/library';
import { bridge } from '../../bridge';
import { comparePlan, openPlan } from '../../domain/library/open';
import { useStore } from '../../state/store';
import { drawImportedThumbnails } from './import-thumbnails';

export function openAsset(asset: LibraryAssetSummary): boolean {
  const s = useStore.getState();
  const plan = openPlan(asset, bridge().assetUrl);
  if (plan.how === 'none') {
    s.pushToast({ level: 'warning', title: 'Nothing to show', body: plan.reason });
    return false;
  }
  s.closeCompare();
  if (plan.how === 'job') s.openJob(plan.job);
  else {
    s.openHostFile(plan.target);
    // A model brought in before its picture was drawn (a drop in another session) gets one now.
    drawImportedThumbnails([asset]);
  }
  s.setLibraryOpened(asset.id);
  return true;
}

export function compareAssets(assets: readonly LibraryAssetSummary[]): boolean {
  const s = useStore.getState();
  const plan = comparePlan(assets);
  const problem = 'reason' in plan ? plan.reason : s.openCompare(plan.localIds);
  if (problem) {
    s.pushToast({ level: 'warning', title: 'Cannot compare these', body: problem });
    return false;
  }
  return true;
}
