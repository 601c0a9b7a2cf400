/**
 * How a library asset opens: a generated asset as its job (the viewport
 * already knows how to show every kind of job), several as a compare.
 */
import { ENDPOINTS, type GenerationKind } from '../../../../shared/api';
import type { LibraryAssetSummary } from '../../../../shared/domain/library';
import { VARIANTS_MAX } from '../../../../shared/domain/sets';

export type OpenPlan =
  | { how: 'job'; job: { localId: string; jobId?: string; kind: GenerationKind; title?: string } }
  | { how: 'file'; url: string; name: string }
  | { how: 'none'; reason: string };

type Openable = Pick<LibraryAssetSummary, 'source' | 'localId' | 'jobId' | 'generationKind' | 'title' | 'mediaKind' | 'bytes' | 'fileName'> & { fileUrl?: string };

export function openPlan(asset: Openable): OpenPlan {
  if (asset.mediaKind === 'video') return { how: 'none', reason: 'Videos cannot be shown in the viewport yet.' };
  if (asset.localId && asset.generationKind && ENDPOINTS[asset.generationKind]) {
    return {
      how: 'job',
      job: { localId: asset.localId, kind: asset.generationKind, title: asset.title, ...(asset.jobId ? { jobId: asset.jobId } : {}) },
    };
  }
  if (asset.fileUrl) return { how: 'file', url: asset.fileUrl, name: asset.fileName ?? asset.title };
  if (asset.source === 'generated' && asset.bytes === undefined) return { how: 'none', reason: `“${asset.title}” has not been downloaded yet.` };
  return { how: 'none', reason: `“${asset.title}” cannot be opened here.` };
}

/** The local ids to compare, or why these assets cannot be compared together. */
export function comparePlan(assets: readonly Openable[]): { localIds: string[] } | { reason: string } {
  if (assets.length < 2) return { reason: 'Choose two to four assets to compare (Ctrl-click or Cmd-click them).' };
  if (assets.length > VARIANTS_MAX) return { reason: `Compare shows at most ${VARIANTS_MAX} assets at a time.` };
  const imported = assets.filter((a) => !a.localId);
  if (imported.length) return { reason: 'Compare works on generated assets; files brought in open one at a time.' };
  return { localIds: assets.map((a) => a.localId!) };
}
