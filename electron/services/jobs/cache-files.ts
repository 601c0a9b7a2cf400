/**
 * The files a job keeps in the asset cache (`assets/<localId>/`): the
 * verified asset, its thumbnail, and the image a job was made from. Each
 * read answers only a file that exists, so a cache cleared by hand reads
 * as "no file" rather than a path that fails later.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { JobRecord } from '../../../shared/domain/job';
import { fail, ok, type Result } from '../../../shared/ipc';
import type { EngineCore } from './engine-core';
import { sourceImageFile } from './source-image';

const existing = (file: string | undefined) => (file && fs.existsSync(file) ? file : undefined);

export function assetFile(core: EngineCore, rec: JobRecord | undefined): string | undefined {
  if (!rec?.asset || rec.asset.state !== 'ready') return undefined;
  return existing(path.join(core.assetsDir(rec.localId), `asset.${rec.asset.format}`));
}

export function thumbnailFile(core: EngineCore, rec: JobRecord | undefined): string | undefined {
  return rec?.asset?.hasThumbnail ? existing(path.join(core.assetsDir(rec.localId), 'thumbnail.png')) : undefined;
}

export function sourceImage(rec: JobRecord | undefined): string | undefined {
  return existing(sourceImageFile(rec?.request));
}

/** Stores a thumbnail the renderer drew for a model (PNG bytes, checked). */
export async function storeThumbnail(core: EngineCore, localId: string, png: Uint8Array): Promise<Result<null>> {
  const rec = core.get(localId);
  if (!rec || rec.asset?.state !== 'ready') return fail('not-found', 'That job has no asset to attach a thumbnail to.');
  try {
    const meta = await sharp(png).metadata();
    if (meta.format !== 'png' || (meta.width ?? 0) > 1024 || (meta.height ?? 0) > 1024) return fail('invalid-request', 'A thumbnail must be a PNG of at most 1024 px.');
  } catch {
    return fail('invalid-request', 'The thumbnail is not a PNG image.');
  }
  const dir = core.assetsDir(localId);
  const tmp = path.join(dir, `.thumbnail.${process.pid}.tmp`);
  await fsp.writeFile(tmp, png);
  await fsp.rename(tmp, path.join(dir, 'thumbnail.png'));
  core.patchAsset(localId, { hasThumbnail: true });
  return ok(null);
}
