/**
 * Where an asset's files are: a generated asset's in the job engine's cache
 * (by its local id), a file brought in as its stored blob with a thumbnail
 * beside the blobs. The app's asset route (`/assets/<id>/asset|thumbnail`)
 * asks here, so a library id names its files as a local id does.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { fail, ok, type Result } from '../../../shared/ipc';
import type { JobEngine } from '../jobs/engine-api';
import type { Database } from '../store/database';
import type { BlobStore } from './blobs';

export type EngineFiles = Pick<JobEngine, 'assetPath' | 'thumbnailPath' | 'sourceImagePath'>;

export interface ImportedFile {
  id: string;
  sha256: string;
  ext: string;
  mediaKind: string;
  hasThumbnail: boolean;
}

const existing = (file: string) => (fs.existsSync(file) ? file : undefined);

export class AssetFiles {
  constructor(
    private readonly db: Database,
    private readonly blobs: BlobStore,
    private readonly engine?: EngineFiles,
  ) {}

  /** A file brought in, by its library id. */
  imported(id: string): ImportedFile | undefined {
    if (!id.startsWith('a_')) return undefined;
    const row = this.db
      .prepare("SELECT a.id, a.sha256, b.ext, a.media_kind, a.has_thumbnail FROM library_assets a JOIN library_blobs b ON b.sha256 = a.sha256 WHERE a.id = ? AND a.source = 'imported'")
      .get(id) as { id: string; sha256: string; ext: string; media_kind: string; has_thumbnail: number } | undefined;
    return row && { id: row.id, sha256: row.sha256, ext: row.ext, mediaKind: row.media_kind, hasThumbnail: row.has_thumbnail === 1 };
  }

  assetPath(id: string): string | undefined {
    const file = this.imported(id);
    return file ? existing(this.blobs.blobPath(file.sha256, file.ext)) : this.engine?.assetPath(id);
  }

  thumbnailPath(id: string): string | undefined {
    const file = this.imported(id);
    if (file) return file.hasThumbnail ? existing(this.blobs.thumbnailPath(id)) : undefined;
    return this.engine?.thumbnailPath(id);
  }

  sourceImagePath(id: string): string | undefined {
    return id.startsWith('a_') ? undefined : this.engine?.sourceImagePath?.(id);
  }

  /** Stores the picture the window drew of a model brought in (a PNG of at most 1024 px, checked with sharp). */
  async saveImportedThumbnail(id: string, png: Uint8Array): Promise<Result<null>> {
    const file = this.imported(id);
    if (!file) return fail('not-found', 'That asset is no longer in the library.');
    if (file.mediaKind === 'image') return fail('invalid-request', 'An image brought in has its thumbnail made from the file.');
    try {
      const meta = await sharp(png).metadata();
      if (meta.format !== 'png' || (meta.width ?? 0) > 1024 || (meta.height ?? 0) > 1024) return fail('invalid-request', 'A thumbnail must be a PNG of at most 1024 px.');
    } catch {
      return fail('invalid-request', 'The thumbnail is not a PNG image.');
    }
    const target = this.blobs.thumbnailPath(id);
    const tmp = `${target}.${process.pid}.tmp`;
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fsp.writeFile(tmp, png, { mode: 0o600 });
    await fsp.rename(tmp, target);
    this.db.prepare('UPDATE library_assets SET has_thumbnail = 1 WHERE id = ?').run(id);
    return ok(null);
  }
}
