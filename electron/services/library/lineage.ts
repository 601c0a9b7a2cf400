/**
 * Lineage: how an asset was made from another. The relation is read from the
 * kind of job that made the child (a retexture's source is what it
 * retextured), so a record needs nothing more than its `parentJobId` and the
 * files its request carried; which media kind a job's asset is comes from
 * what its endpoint produces.
 */
import { shownOfKind, type GenerationKind } from '../../../shared/api';
import type { AssetMediaKind, LineageRelation } from '../../../shared/domain/library';

const RELATION_BY_KIND: Partial<Record<GenerationKind, LineageRelation>> = {
  'image-to-3d': 'image-to-3d',
  'multi-image-to-3d': 'multi-image-to-3d',
  retexture: 'retexture',
  'split-to-parts': 'split',
  'auto-rig': 'rig',
  animate: 'animate',
  'animate-video': 'animate',
  retarget: 'animate',
  'motion-only': 'animate',
  'merge-motion': 'animate',
  'image-edit': 'edit',
  'skybox-edit': 'edit',
  'skybox-from-image': 'skybox-from-image',
};

/** How a job of `childKind` relates to the source it was made from. */
export function relationOf(childKind: GenerationKind | string | null | undefined): LineageRelation {
  return (childKind && RELATION_BY_KIND[childKind as GenerationKind]) || 'derived';
}

/** The media kind a finished job of `kind` leaves in the library, or undefined when it leaves nothing to keep. */
export function mediaKindOf(kind: GenerationKind): AssetMediaKind | undefined {
  switch (shownOfKind(kind)) {
    case 'model':
    case 'parts':
    case 'motion':
      return 'model';
    case 'image':
      return 'image';
    case 'skybox':
      return 'skybox';
    default:
      return undefined;
  }
}
