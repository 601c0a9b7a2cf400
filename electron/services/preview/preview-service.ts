/**
 * Preview copies, made once per model and cached beside it: a job's asset
 * (`assets/<localId>/asset.glb` -> `preview.glb` + `preview.json`) or a staged
 * file (`staging/<id>/file` -> same names). The renderer names the model by
 * an opaque id; main maps it to its own file, never to a path from the page.
 *
 * The Basis transcoding (30-50 ms of synchronous wasm per 2048² texture) runs
 * on a worker thread and PNG encoding in sharp's own threads, so the main
 * event loop stays free for IPC while a copy is made
 * (`node --import tsx bench/preview-transcode.ts` measures both ways).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_PREVIEW_SOURCE_BYTES, fail, ok, type PreviewCopy, type PreviewTexture, type Result } from '../../../shared/ipc';
import { PreviewNotNeeded, makePreviewCopy } from './transcode-glb';
import { TranscodeWorker } from './transcode-worker';

/** Bumped when the copy's format changes, so older caches are made again. */
const CACHE_VERSION = 1;
const COPY_NAME = 'preview.glb';
const META_NAME = 'preview.json';

interface CacheMeta {
  version: number;
  sourceSize: number;
  sourceMtimeMs: number;
  textures: PreviewTexture[];
  notes: string[];
}

export interface PreviewSources {
  /** The cached asset of a finished job, or undefined. */
  assetPath(localId: string): string | undefined;
  /** A staged file's copy, or undefined. */
  stagedPath(stagedFileId: string): string | undefined;
}

export type PreviewRequest = { localId: string } | { stagedFileId: string };

export interface PreviewFile {
  file: string;
  textures: PreviewTexture[];
  notes: string[];
  /** Made by this call (false: read from the cache). */
  made: boolean;
}

export class PreviewService {
  private readonly inFlight = new Map<string, Promise<PreviewFile>>();
  private readonly worker = new TranscodeWorker();

  constructor(private readonly sources: PreviewSources) {}

  /** Ends the transcoder thread. */
  dispose(): Promise<void> {
    return this.worker.dispose();
  }

  /** The copy beside `source`, made when missing or older than the source. Concurrent calls share one run. */
  previewFile(source: string): Promise<PreviewFile> {
    let running = this.inFlight.get(source);
    if (!running) {
      running = this.makeOrReuse(source).finally(() => this.inFlight.delete(source));
      this.inFlight.set(source, running);
    }
    return running;
  }

  async previewCopy(request: PreviewRequest): Promise<Result<PreviewCopy>> {
    const source = 'localId' in request ? this.sources.assetPath(request.localId) : this.sources.stagedPath(request.stagedFileId);
    if (!source) {
      return 'localId' in request
        ? fail('not-found', 'That model is not in the local cache, so no preview copy can be made.')
        : fail('not-found', 'That file is no longer staged; drop it on the window again.');
    }
    let stat;
    try {
      stat = await fs.stat(source);
    } catch {
      return fail('not-found', 'The model file cannot be read from the local cache.');
    }
    if (stat.size > MAX_PREVIEW_SOURCE_BYTES) {
      return fail('too-large', `The model is ${Math.round(stat.size / 1024 / 1024)} MiB; preview copies are made for models up to ${MAX_PREVIEW_SOURCE_BYTES / 1024 / 1024} MiB.`);
    }
    try {
      const preview = await this.previewFile(source);
      const bytes = await fs.readFile(preview.file);
      return ok({ glbBase64: bytes.toString('base64'), byteLength: bytes.byteLength, textures: preview.textures, notes: preview.notes });
    } catch (err) {
      if (err instanceof PreviewNotNeeded) return fail('not-needed', 'This model has no KTX2 (Basis) textures: it previews as it is.');
      return fail('transcode-failed', `The KTX2 textures could not be transcoded for the preview: ${(err as Error).message}.`);
    }
  }

  private async makeOrReuse(source: string): Promise<PreviewFile> {
    const dir = path.dirname(source);
    const file = path.join(dir, COPY_NAME);
    const metaFile = path.join(dir, META_NAME);
    const stat = await fs.stat(source);
    const cached = await readMeta(metaFile);
    if (cached && cached.version === CACHE_VERSION && cached.sourceSize === stat.size && cached.sourceMtimeMs === stat.mtimeMs) {
      try {
        await fs.access(file);
        return { file, textures: cached.textures, notes: cached.notes, made: false };
      } catch {
        // The copy went missing: make it again.
      }
    }
    const copy = await makePreviewCopy(new Uint8Array(await fs.readFile(source)), { transcode: (bytes, max) => this.worker.transcode(bytes, max) });
    // Written under temporary names and renamed, so a crash never leaves a half copy that looks finished.
    const suffix = `.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(file + suffix, copy.glb);
    await fs.rename(file + suffix, file);
    const meta: CacheMeta = { version: CACHE_VERSION, sourceSize: stat.size, sourceMtimeMs: stat.mtimeMs, textures: copy.textures, notes: copy.notes };
    await fs.writeFile(metaFile + suffix, JSON.stringify(meta));
    await fs.rename(metaFile + suffix, metaFile);
    return { file, textures: copy.textures, notes: copy.notes, made: true };
  }
}

async function readMeta(file: string): Promise<CacheMeta | undefined> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as CacheMeta;
  } catch {
    return undefined;
  }
}
