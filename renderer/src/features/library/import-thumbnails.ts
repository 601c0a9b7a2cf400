/**
 * Pictures of models brought in: main cannot draw a model, so the window
 * draws each imported GLB once off-screen (the history's own thumbnail
 * renderer) and sends it with `library:saveThumbnail`; the library's change
 * push then shows it in the grid. One at a time, each asset asked for at most
 * once per session, whatever happens.
 */
import type { LibraryAssetSummary } from '../../../../shared/domain/library';
import { bridge } from '../../bridge';
import { renderModelThumbnail, toBase64 } from '../../viewport/thumbnails/render-thumbnail';

const asked = new Set<string>();
let queue: Promise<void> = Promise.resolve();

/** True for a model brought in as a GLB that has no picture yet. */
export function wantsDrawnThumbnail(asset: Pick<LibraryAssetSummary, 'mediaKind' | 'source' | 'hasThumbnail' | 'fileName'>): boolean {
  return asset.source === 'imported' && asset.mediaKind === 'model' && !asset.hasThumbnail && /\.glb$/i.test(asset.fileName ?? '');
}

async function drawAndSave(asset: LibraryAssetSummary): Promise<void> {
  const host = bridge();
  // No job's local id: a KTX2 model's preview copy is made from its staged bytes, as for a dropped file.
  const blob = await renderModelThumbnail('', host.assetUrl(asset.id, 'asset'), host.assetRequestHeaders());
  const saved = await host.api.library.saveThumbnail({ id: asset.id, pngBase64: toBase64(new Uint8Array(await blob.arrayBuffer())) });
  if (!saved.ok) throw new Error(saved.problem.message);
}

export function drawImportedThumbnails(assets: readonly LibraryAssetSummary[]): void {
  for (const asset of assets) {
    if (!wantsDrawnThumbnail(asset) || asked.has(asset.id)) continue;
    asked.add(asset.id);
    queue = queue.then(() => drawAndSave(asset)).catch((err: unknown) => console.warn(`No thumbnail for ${asset.fileName}:`, err instanceof Error ? err.message : err));
  }
}
