/**
 * `files:imageUpload`: the image upload that lets any image the app holds
 * feed Image to 3D, Skybox from image and Text to image's reference, whose
 * requests take an `imageJobId` rather than a file. The app makes the upload
 * itself (0 credits) and reuses it for the same bytes on the same key, found
 * in the ledger by the uploaded file's SHA-256: a second "Make a 3D model"
 * from one image sends nothing.
 */
import fsp from 'node:fs/promises';
import { shownOfKind } from '../../../shared/api';
import type { JobRecord } from '../../../shared/domain/job';
import { fail, ok, type Result } from '../../../shared/ipc';
import type { EnvironmentRegistry, HandlersFor } from '../contracts';
import type { StagedFile } from '../../../shared/ipc/files';
import type { JobEngine } from '../jobs/engine-api';
import type { StagingArea } from './staging';

/** How long to wait for the service to give the upload its job id. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * An earlier upload of these bytes the given key can use: a successful image
 * upload (hidden or not: removing it from the history does not delete it
 * upstream), newest first.
 */
export function reusableUpload(records: readonly JobRecord[], sha256: string, environmentId: string, keyId: string): JobRecord | undefined {
  return records
    .filter(
      (r) =>
        r.kind === 'image-upload' &&
        r.state === 'success' &&
        !!r.jobId &&
        r.environmentId === environmentId &&
        r.keyId === keyId &&
        (r.request.file as { sha256?: unknown } | undefined)?.sha256 === sha256,
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

/** A file name for a job's image, from its title or prompt: the upload's history row is titled by it. */
export function uploadNameFor(job: Pick<JobRecord, 'title' | 'prompt' | 'kind'>): string {
  const base = (job.title || job.prompt || job.kind)
    .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, 60);
  return `${base || 'image'}.png`;
}

export interface ImageUploadDeps {
  engine: JobEngine;
  staging: StagingArea;
  registry: EnvironmentRegistry;
  timeoutMs?: number;
}

type Source = { localId: string } | { stagedFileId: string };

/** A job's finished, downloaded image: its file and record, or why it cannot be used. */
function finishedImage(engine: JobEngine, localId: string, notImage = 'Only a finished image can be used here.'): Result<{ job: JobRecord; file: string; sha256: string }> {
  const job = engine.get(localId);
  if (!job) return fail('not-found', 'That job is not in the history.');
  if (job.state !== 'success' || shownOfKind(job.kind) !== 'image') return fail('invalid-state', notImage);
  const file = engine.assetPath(job.localId);
  const sha256 = job.asset?.sha256;
  if (!file || !sha256 || job.asset?.state !== 'ready') return fail('invalid-state', 'The image is not downloaded yet; try again once its thumbnail shows.');
  return ok({ job, file, sha256 });
}

/** An upload's own file, kept where it was staged when it was sent: staged again, if it is still there and unchanged. */
async function stageUploadedFile(staging: StagingArea, job: JobRecord): Promise<Result<StagedFile>> {
  const file = job.request.file as { path?: unknown; name?: unknown; sha256?: unknown } | undefined;
  const gone = fail('not-found', 'This uploaded image is no longer kept on this computer; drop or pick its file again.');
  if (typeof file?.path !== 'string') return gone;
  let bytes: Buffer;
  try {
    bytes = await fsp.readFile(file.path);
  } catch {
    return gone;
  }
  const staged = await staging.stageBytes(typeof file.name === 'string' ? file.name : uploadNameFor(job), bytes);
  if (staged.ok && staged.value.sha256 !== file.sha256) return gone;
  return staged;
}

/**
 * `files:stageJobImage`: a staged copy of a job's image, for Multi-image to 3D, whose views are image files (the
 * endpoint takes no upload id, so no upload is made). The copy is named after the job, as its history row is; an image
 * upload's copy comes from the file it was made from, while this computer still keeps it.
 */
export function setupJobImageStaging(deps: Pick<ImageUploadDeps, 'engine' | 'staging'>): HandlersFor<'files:stageJobImage'> {
  return {
    'files:stageJobImage': async ({ localId }): Promise<Result<StagedFile>> => {
      const job = deps.engine.get(localId);
      if (job?.kind === 'image-upload' && job.state === 'success') return stageUploadedFile(deps.staging, job);
      const image = finishedImage(deps.engine, localId);
      if (!image.ok) return image;
      return deps.staging.stageBytes(uploadNameFor(image.value.job), await fsp.readFile(image.value.file));
    },
  };
}

export function setupImageUploads(deps: ImageUploadDeps): HandlersFor<'files:imageUpload'> {
  /** The image's bytes: its SHA-256 and a staged copy to send (made only when no upload can be reused). */
  const resolveSource = async (source: Source): Promise<Result<{ sha256: string; stage(): Promise<Result<{ stagedFileId: string }>>; existingUpload?: JobRecord }>> => {
    if ('stagedFileId' in source) {
      const staged = deps.staging.read(source.stagedFileId);
      if (!staged) return fail('not-found', 'That file is no longer staged; pick or drop it again.');
      if (staged.kind !== 'image') return fail('wrong-type', `${staged.name} is not an image, so it cannot stand for an uploaded image.`);
      return ok({ sha256: staged.sha256, stage: async () => ok({ stagedFileId: staged.id }) });
    }
    const job = deps.engine.get(source.localId);
    if (!job) return fail('not-found', 'That job is not in the history.');
    if (job.kind === 'image-upload' && job.state === 'success' && job.jobId) return ok({ sha256: '', stage: async () => fail('invalid-state', ''), existingUpload: job });
    const image = finishedImage(deps.engine, source.localId, 'Only a finished image can be used as an uploaded image.');
    if (!image.ok) return image;
    const { file, sha256 } = image.value;
    return ok({
      sha256,
      stage: async () => {
        const staged = await deps.staging.stageBytes(uploadNameFor(job), await fsp.readFile(file));
        return staged.ok ? ok({ stagedFileId: staged.value.id }) : staged;
      },
    });
  };

  return {
    'files:imageUpload': async (source) => {
      const active = deps.registry.active();
      if (!active) return fail('no-key', 'Choose an environment and a key first: the image is uploaded with the active key.');
      const resolved = await resolveSource(source);
      if (!resolved.ok) return resolved;
      if (resolved.value.existingUpload) {
        const upload = resolved.value.existingUpload;
        return ok({ jobId: upload.jobId!, localId: upload.localId, reused: true });
      }
      const earlier = reusableUpload(deps.engine.uploadsOf?.(resolved.value.sha256) ?? deps.engine.list({ includeHidden: true }), resolved.value.sha256, active.environment.id, active.key.id);
      if (earlier) return ok({ jobId: earlier.jobId!, localId: earlier.localId, reused: true });

      const staged = await resolved.value.stage();
      if (!staged.ok) return staged;
      const submitted = await deps.engine.submit({ kind: 'image-upload', fields: { file: { stagedFileId: staged.value.stagedFileId } } });
      if (!submitted.ok) return submitted;
      const signal = AbortSignal.timeout(deps.timeoutMs ?? UPLOAD_TIMEOUT_MS);
      let done: JobRecord;
      try {
        done = await deps.engine.waitFor(submitted.value.localId, signal);
      } catch {
        return fail('timeout', 'The image upload is taking long; it stays in the history. Try again once it has finished.');
      }
      if (done.state !== 'success' || !done.jobId) {
        return fail('upload-failed', `The image could not be uploaded${done.problem?.message ? `: ${done.problem.message}` : '.'}`);
      }
      return ok({ jobId: done.jobId, localId: done.localId, reused: false });
    },
  };
}
