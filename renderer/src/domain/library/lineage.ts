/**
 * An asset's lineage as one chain to read left to right: the oldest source
 * first, the asset itself, what was made from it, then where it was exported.
 */
import type { LibraryAssetDetail, LibraryAssetSummary } from '../../../../shared/domain/library';
import { RELATION_WORDS } from './words';

export interface LineageStep {
  asset: LibraryAssetSummary;
  /** How this step was made from the one before it (absent on the first). */
  madeBy?: string;
  /** The asset the panel is about. */
  current: boolean;
}

/**
 * Sources arrive nearest first, each with the relation that made the nearer
 * asset from it; descendants arrive in the order made, each with the relation
 * that made it.
 */
export function lineageSteps(detail: Pick<LibraryAssetDetail, 'sources' | 'descendants'> & LibraryAssetSummary): LineageStep[] {
  const oldestFirst = [...detail.sources].reverse();
  const steps: LineageStep[] = oldestFirst.map((link, i) => ({
    asset: link.asset,
    ...(i > 0 ? { madeBy: RELATION_WORDS[oldestFirst[i - 1]!.relation] } : {}),
    current: false,
  }));
  const self: LineageStep = { asset: detail, current: true };
  const nearest = detail.sources[0];
  if (nearest) self.madeBy = RELATION_WORDS[nearest.relation];
  steps.push(self);
  for (const link of detail.descendants) steps.push({ asset: link.asset, madeBy: RELATION_WORDS[link.relation], current: false });
  return withoutResentPictures(steps);
}

/**
 * An image made here and then uploaded for a model ("Make a 3D model") is one
 * picture to the artist: the upload step is left out and the model reads as
 * made from the image itself.
 */
function withoutResentPictures(steps: LineageStep[]): LineageStep[] {
  return steps.filter((step, i) => {
    const before = steps[i - 1];
    return !(step.asset.generationKind === 'image-upload' && !step.current && before?.asset.mediaKind === 'image');
  });
}

/** "Take 2 of 4, the kept one" for an asset in a variant set. */
export function takeWords(detail: Pick<LibraryAssetDetail, 'id' | 'set'>): string | null {
  const set = detail.set;
  if (!set) return null;
  const i = set.takes.indexOf(detail.id);
  const which = i >= 0 ? `Take ${i + 1} of ${set.takes.length}` : `One of ${set.takes.length} takes`;
  if (!set.keptId) return `${which}; no take kept yet`;
  return set.keptId === detail.id ? `${which}, the kept one` : `${which}; take ${set.takes.indexOf(set.keptId) + 1} was kept`;
}
