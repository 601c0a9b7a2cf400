/**
 * How a library asset opens: a generated asset as its job (the viewport
 * already knows how to show every kind of job), several as a compare.
 */
import { ENDPOINTS, type GenerationKind } from '../../../../shared/api';
import type { LibraryAssetSummary } from '../../../../shared/domain/library';
import { VARIANTS_MAX } from '../../../../shared/domain/sets';

/** What the viewport can load a file brought in as (its loader is picked by format). */
export interface FileTarget {
  url: string;
  name: string;
  content: 'model' | 'image' | 'skybox';
  format: 'glb' | 'png' | 'jpg' | 'webp';
}

export type OpenPlan =
  | { how: 'job'; job: { localId: string; jobId?: string; kind: GenerationKind; title?: string } }
  | { how: 'file'; target: FileTarget }
  | { how: 'none'; reason: string };

type Openable = Pick<LibraryAssetSummary, 'id' | 'source' | 'localId' | 'jobId' | 'generationKind' | 'title' | 'mediaKind' | 'bytes' | 'fileName'>;
/** The host's URL for an asset's file or thumbnail, by local id or library asset id (the bridge's assetUrl). */
export type AssetUrl = (id: string, variant: 'asset' | 'thumbnail') => string;

const FILE_FORMATS: Record<string, FileTarget['format']> = { glb: 'glb', png: 'png', jpg: 'jpg', jpeg: 'jpg', webp: 'webp' };

/** The picture a cell shows: the host's thumbnail when it has one. */
export function thumbnailSrc(asset: Pick<LibraryAssetSummary, 'id' | 'localId' | 'thumbnailUrl'> & { hasThumbnail?: boolean }, assetUrl: AssetUrl): string | undefined {
  if (asset.thumbnailUrl) return asset.thumbnailUrl;
  return asset.hasThumbnail ? assetUrl(asset.localId ?? asset.id, 'thumbnail') : undefined;
}

export function openPlan(asset: Openable, assetUrl: AssetUrl): OpenPlan {
  if (asset.mediaKind === 'video') return { how: 'none', reason: 'Videos cannot be shown in the viewport yet.' };
  if (asset.localId && asset.generationKind && ENDPOINTS[asset.generationKind]) {
    return {
      how: 'job',
      job: { localId: asset.localId, kind: asset.generationKind, title: asset.title, ...(asset.jobId ? { jobId: asset.jobId } : {}) },
    };
  }
  if (asset.source === 'generated') {
    return { how: 'none', reason: asset.bytes === undefined ? `“${asset.title}” has not been downloaded yet.` : `“${asset.title}” cannot be opened here.` };
  }
  const ext = (asset.fileName ?? '').toLowerCase().split('.').pop() ?? '';
  const format = FILE_FORMATS[ext];
  if (!format) return { how: 'none', reason: `${asset.fileName ?? asset.title} is kept in the library; the viewport shows GLB models and PNG, JPEG or WebP pictures.` };
  const content = format === 'glb' ? 'model' : asset.mediaKind === 'skybox' ? 'skybox' : 'image';
  return { how: 'file', target: { url: assetUrl(asset.id, 'asset'), name: asset.fileName ?? asset.title, content, format } };
}

/** The local ids to compare, or why these assets cannot be compared together. */
export function comparePlan(assets: readonly Openable[]): { localIds: string[] } | { reason: string } {
  if (assets.length < 2) return { reason: 'Choose two to four assets to compare (Ctrl-click or Cmd-click them).' };
  if (assets.length > VARIANTS_MAX) return { reason: `Compare shows at most ${VARIANTS_MAX} assets at a time.` };
  const imported = assets.filter((a) => !a.localId);
  if (imported.length) return { reason: 'Compare works on generated assets; files brought in open one at a time.' };
  return { localIds: assets.map((a) => a.localId!) };
}
