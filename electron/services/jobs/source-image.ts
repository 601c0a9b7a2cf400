/**
 * The image a job was made from, as its history row shows it until the result
 * exists: the local copy of the first PNG, JPEG or WebP file the request
 * carried (file fields hold FileRefRecord; the engine sends from that copy).
 */
import type { FileRefRecord } from '../../../shared/domain/job';

const SOURCE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

export function sourceImageFile(request: Record<string, unknown> | undefined): string | undefined {
  for (const value of Object.values(request ?? {})) {
    const ref = value as Partial<FileRefRecord> | null;
    if (typeof ref?.path === 'string' && typeof ref.sha256 === 'string' && SOURCE_IMAGE_TYPES.has(String(ref.mime))) return ref.path;
  }
  return undefined;
}
