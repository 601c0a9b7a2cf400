/**
 * A Radiance HDR panorama dropped on the window to be looked at: the service
 * takes none, so it is never staged, yet the page's loader must not decode
 * one that main has not judged. Main reads what its header declares (sent as
 * the file's first bytes) against the file's size before the page opens it:
 * a 300-byte file declaring 100,000 × 100,000 pixels would have the loader
 * allocate 80 GB.
 *
 * Pure: the header's bytes and the file's size in, a verdict out.
 */
import { formatBytes } from '../../../shared/api';
import { decodedBudget } from './gltf-declared';
import { readImageHeader } from './image-header';
import { fileSize, imageVerdict } from './verdicts';

/** The largest HDR file opened in the viewport (a 16K equirectangular HDR is about 400 MB uncompressed, far less as RLE). */
export const PANORAMA_MAX_BYTES = 512 * 1024 * 1024;
/** What the loader holds per pixel once decoded (RGBA half floats). */
const DECODED_BYTES_PER_PIXEL = 8;

export type PanoramaVerdict = { ok: true; width: number; height: number } | { ok: false; reason: string };

const n = (v: number) => Math.round(v).toLocaleString('en-US');

export function panoramaVerdict(head: Uint8Array, fileBytes: number): PanoramaVerdict {
  if (fileBytes > PANORAMA_MAX_BYTES) return { ok: false, reason: `This panorama is ${formatBytes(fileBytes)}; panoramas up to ${formatBytes(PANORAMA_MAX_BYTES)} are opened.` };
  const header = readImageHeader(head);
  if (!header || header.format !== 'hdr') return { ok: false, reason: 'This file is not a Radiance HDR panorama (its first bytes say otherwise).' };
  if ('problem' in header) return { ok: false, reason: `This HDR panorama cannot be read: ${header.problem}; it is damaged or hostile.` };
  const side = imageVerdict(header, 'This panorama');
  if (side) return { ok: false, reason: side };
  if (header.width * header.height * DECODED_BYTES_PER_PIXEL > decodedBudget(fileBytes)) {
    return { ok: false, reason: `This panorama declares ${n(header.width)} × ${n(header.height)} pixels in ${fileSize(fileBytes)}; it is damaged or hostile.` };
  }
  return { ok: true, width: header.width, height: header.height };
}
