/**
 * Staging files for requests. The renderer never sends a path it chose to a
 * generation request: it stages a file (by path in Electron, by bytes in the
 * browser shell or for a drawn sketch), the main process checks its size and
 * type by content and keeps a copy, and requests refer to the staged id.
 * Also: preview copies of models whose KTX2 textures the page cannot decode.
 */
import { z } from 'zod';
import { request } from './define';
import { localId } from './jobs';
import type { FileFormat, FileKind } from '../api';

export interface StagedFile {
  id: string;
  name: string;
  size: number;
  sha256: string;
  format: FileFormat;
  kind: FileKind;
  mime: string;
  /** Pixel size, for images. */
  width?: number;
  height?: number;
}

/** How a request field refers to a staged file. */
export const stagedFileRefSchema = z.object({ stagedFileId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) }).strict();
export type StagedFileRef = z.infer<typeof stagedFileRefSchema>;

export const MAX_STAGE_BYTES_OVER_IPC = 32 * 1024 * 1024;

/** One KTX2 texture of a preview copy: its size in the file and what the preview shows. */
export interface PreviewTexture {
  name: string;
  width: number;
  height: number;
  previewWidth: number;
  previewHeight: number;
  previewMimeType: string;
}

/**
 * A GLB the page can preview under its CSP: KTX2 (Basis) textures transcoded
 * to PNG by the main process (the Basis transcoder needs 'unsafe-eval').
 */
export interface PreviewCopy {
  /** The preview GLB, base64: the browser shell's request transport is JSON. */
  glbBase64: string;
  byteLength: number;
  textures: PreviewTexture[];
  /** Sentences for the viewport's note. */
  notes: string[];
}

/** How much of a dropped HDR panorama's start is sent for main to read its header. */
export const PANORAMA_HEAD_BYTES = 64 * 1024;

/** Largest model the main process makes a preview copy of (the copy travels back as base64). */
export const MAX_PREVIEW_SOURCE_BYTES = 256 * 1024 * 1024;

export const filesRequests = {
  /** Electron and the CLI: stage a file the user picked or dropped, by its path. */
  'files:stagePath': request<StagedFile>()(z.object({ path: z.string().min(1).max(4096) }).strict()),
  /** Stage bytes (a drawn sketch, or any file in the browser shell). */
  'files:stageBytes': request<StagedFile>()(
    z
      .object({
        name: z.string().min(1).max(255),
        data: z.instanceof(Uint8Array).refine((d) => d.byteLength <= MAX_STAGE_BYTES_OVER_IPC, {
          message: 'file too large to send this way',
        }),
      })
      .strict(),
  ),
  'files:get': request<StagedFile>()(z.object({ id: z.string().min(1).max(64) }).strict()),
  /**
   * A Radiance HDR panorama dropped to be looked at (the service takes none, so it is not staged): main judges
   * what its header declares (size, pixels) before the page's loader decodes it. `head` is the file's first
   * bytes as Latin-1 text (the header is text; 64 KiB holds any real one).
   */
  'files:checkPanorama': request<{ width: number; height: number }>()(
    z.object({ name: z.string().min(1).max(255), size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), head: z.string().max(PANORAMA_HEAD_BYTES) }).strict(),
  ),
  /** A preview copy of a job's model (by local id) or of a staged file, for models with KTX2 textures. */
  /**
   * The image upload for an image the app holds (a job's image result by local id, or a staged file): made once
   * (it costs 0 credits) with the active key, then reused for the same bytes. Resolves once the upload has its job id.
   */
  'files:imageUpload': request<ImageUploadRef>()(z.union([z.object({ localId }).strict(), stagedFileRefSchema])),
  /**
   * A staged copy of a job's finished image (by local id), for requests that take an image file rather than an
   * upload's id (Multi-image to 3D's views). Nothing is sent to the service.
   */
  'files:stageJobImage': request<StagedFile>()(z.object({ localId }).strict()),
  'files:previewCopy': request<PreviewCopy>()(
    z.union([z.object({ localId }).strict(), stagedFileRefSchema]),
  ),
};

/** The upload that stands for an image in requests taking an `imageJobId` (Image to 3D, Skybox from image, Text to image's reference). */
export interface ImageUploadRef {
  /** Upstream id of the image upload, for the request's `imageJobId`. */
  jobId: string;
  /** Local id of the upload's history record. */
  localId: string;
  /** An earlier upload of the same image (same bytes, same key) was reused: nothing was sent. */
  reused: boolean;
}

export const filesEvents = {};
