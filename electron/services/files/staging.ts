/**
 * Staged files: a copy of each file a request will send, kept under
 * `dataDir/staging/<id>/` with its metadata. The copy is what gets sent, so a
 * file the user edits or deletes afterwards cannot change a queued request,
 * and the renderer never hands a path of its choosing to a generation call.
 * Size and type are checked by content (shared/api `checkFile`), images'
 * pixel sizes read with sharp.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { FILE_MAX_BYTES, MIME_BY_FORMAT, SNIFF_BYTES, kindOfFormat, sniffFormat, formatBytes } from '../../../shared/api';
import { fail, ok, type Result, type StagedFile } from '../../../shared/ipc';
import { refusedByGuard } from '../guard/at-use';
import type { ModelFormat } from '../guard/verdicts';

/** Model formats the app itself reads (the others are only sent to the service). */
const GUARDED_MODELS: Partial<Record<string, ModelFormat>> = { glb: 'glb', gltf: 'gltf', stl: 'stl', obj: 'obj' };

const ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
const LARGEST = Math.max(...Object.values(FILE_MAX_BYTES));

export class StagingArea {
  readonly root: string;
  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'staging');
  }

  private dirOf(id: string): string {
    return path.join(this.root, id);
  }

  /** Copies a file by path; hashes while copying (one read). */
  async stagePath(source: string): Promise<Result<StagedFile>> {
    let stat: fs.Stats;
    try {
      stat = await fsp.stat(source);
    } catch {
      return fail('not-found', `The file ${path.basename(source)} cannot be read.`);
    }
    if (!stat.isFile()) return fail('invalid-request', `${path.basename(source)} is not a file.`);
    if (stat.size === 0) return fail('invalid-request', `${path.basename(source)} is empty.`);
    if (stat.size > LARGEST) {
      return fail('too-large', `${path.basename(source)} is ${formatBytes(stat.size)}; no upload field takes more than ${formatBytes(LARGEST)}.`);
    }
    const id = crypto.randomBytes(12).toString('base64url');
    const dir = this.dirOf(id);
    await fsp.mkdir(dir, { recursive: true });
    const target = path.join(dir, 'file');
    const hash = crypto.createHash('sha256');
    let copied = 0;
    try {
      await pipeline(
        fs.createReadStream(source),
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            hash.update(chunk);
            copied += chunk.length;
            yield chunk;
          }
        },
        fs.createWriteStream(target),
      );
    } catch (err) {
      await fsp.rm(dir, { recursive: true, force: true });
      return fail('io-error', `Could not copy ${path.basename(source)}: ${(err as Error).message}`);
    }
    return this.finish(id, path.basename(source), copied, hash.digest('hex'));
  }

  async stageBytes(name: string, data: Uint8Array): Promise<Result<StagedFile>> {
    if (data.byteLength === 0) return fail('invalid-request', `${name} is empty.`);
    const id = crypto.randomBytes(12).toString('base64url');
    const dir = this.dirOf(id);
    await fsp.mkdir(dir, { recursive: true });
    await fsp.writeFile(path.join(dir, 'file'), data);
    return this.finish(id, path.basename(name), data.byteLength, crypto.createHash('sha256').update(data).digest('hex'));
  }

  private async finish(id: string, name: string, size: number, sha256: string): Promise<Result<StagedFile>> {
    const dir = this.dirOf(id);
    const file = path.join(dir, 'file');
    const head = Buffer.alloc(SNIFF_BYTES);
    const fh = await fsp.open(file, 'r');
    const { bytesRead } = await fh.read(head, 0, SNIFF_BYTES, 0);
    await fh.close();
    const format = sniffFormat(head.subarray(0, bytesRead), size);
    if (!format) {
      await fsp.rm(dir, { recursive: true, force: true });
      return fail('wrong-type', `${name}: the content is not an image (PNG, JPEG, WebP), video (MP4, MOV, AVI) or 3D model the service accepts.`);
    }
    const kind = kindOfFormat(format);
    if (size > FILE_MAX_BYTES[kind]) {
      await fsp.rm(dir, { recursive: true, force: true });
      return fail('too-large', `${name} is ${formatBytes(size)}; the limit for ${kind === 'model' ? '3D model' : kind} files is ${formatBytes(FILE_MAX_BYTES[kind])}.`);
    }
    // What the file declares is held against what it holds (in a checking process) before sharp or glTF-Transform reads it.
    const guarded = kind === 'image' ? 'image' : GUARDED_MODELS[format];
    const refused = guarded ? await refusedByGuard(file, guarded) : undefined;
    if (refused) {
      await fsp.rm(dir, { recursive: true, force: true });
      return fail('refused', `${name}: ${refused}`);
    }
    const staged: StagedFile = { id, name: name.slice(0, 255) || 'file', size, sha256, format, kind, mime: MIME_BY_FORMAT[format] };
    if (kind === 'image') {
      try {
        const meta = await sharp(file).metadata();
        staged.width = meta.width;
        staged.height = meta.height;
      } catch {
        await fsp.rm(dir, { recursive: true, force: true });
        return fail('wrong-type', `${name} looks like an image but does not decode.`);
      }
    }
    await fsp.writeFile(path.join(dir, 'meta.json'), JSON.stringify(staged));
    return ok(staged);
  }

  async get(id: string): Promise<Result<StagedFile>> {
    const found = this.read(id);
    return found ? ok(found) : fail('not-found', 'That staged file no longer exists; pick the file again.');
  }

  /** Metadata and the path of the copy, for the engine. */
  read(id: string): StagedFile | undefined {
    if (!ID_PATTERN.test(id)) return undefined;
    try {
      return JSON.parse(fs.readFileSync(path.join(this.dirOf(id), 'meta.json'), 'utf8')) as StagedFile;
    } catch {
      return undefined;
    }
  }

  filePath(id: string): string | undefined {
    if (!ID_PATTERN.test(id)) return undefined;
    const file = path.join(this.dirOf(id), 'file');
    return fs.existsSync(file) ? file : undefined;
  }
}
