/**
 * Staging files for requests. The renderer never sends a path it chose to a
 * generation request: it stages a file (by path in Electron, by bytes in the
 * browser shell or for a drawn sketch), the main process checks its size and
 * type by content and keeps a copy, and requests refer to the staged id.
 */
import { z } from 'zod';
import { request } from './define';
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
};

export const filesEvents = {};
