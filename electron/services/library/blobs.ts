/**
 * The library's files, stored by content: `library/blobs/<2 hex>/<sha256>.<ext>`
 * under the data folder, so the same bytes brought in twice are kept once,
 * and `library/thumbnails/<asset id>.png` beside them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

export class BlobStore {
  readonly root: string;
  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'library');
  }

  blobPath(sha256: string, ext: string): string {
    return path.join(this.root, 'blobs', sha256.slice(0, 2), `${sha256}.${ext}`);
  }

  thumbnailPath(assetId: string): string {
    return path.join(this.root, 'thumbnails', `${assetId}.png`);
  }

  /** A new private temp file inside the store (same disk as the blobs, so keeping it is a rename). */
  async tempFile(): Promise<string> {
    const dir = path.join(this.root, 'incoming');
    await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
    return path.join(dir, `${process.pid}-${crypto.randomBytes(8).toString('hex')}`);
  }

  /** Copies `source` to `target`, hashing as it goes (one read); answers the SHA-256 and the bytes copied. */
  async copyHashing(source: string, target: string): Promise<{ sha256: string; bytes: number }> {
    const hash = crypto.createHash('sha256');
    let bytes = 0;
    await pipeline(
      fs.createReadStream(source),
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          bytes += chunk.length;
          yield chunk;
        }
      },
      fs.createWriteStream(target, { mode: 0o600 }),
    );
    return { sha256: hash.digest('hex'), bytes };
  }

  /** Keeps `temp` as the blob of `sha256` (or drops it when that blob is already stored). */
  async keep(temp: string, sha256: string, ext: string): Promise<string> {
    const target = this.blobPath(sha256, ext);
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    if (fs.existsSync(target)) await fsp.rm(temp, { force: true });
    else await fsp.rename(temp, target);
    return target;
  }

  /** Removes a file the library owns; answers the bytes freed (0 when it was not there). */
  async remove(file: string): Promise<number> {
    try {
      const { size } = await fsp.stat(file);
      await fsp.rm(file, { force: true });
      return size;
    } catch {
      return 0;
    }
  }
}
