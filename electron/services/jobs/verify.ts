/**
 * Structural checks of a downloaded asset before it enters the cache. A file
 * that fails is never shown as complete: the download is retried.
 */
import fs from 'node:fs/promises';
import sharp from 'sharp';

export type VerifyResult = { ok: true } | { ok: false; reason: string };

const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

/** GLB container: magic, version 2, declared length, JSON chunk then optional BIN, buffer views inside their buffers. */
export function verifyGlb(bytes: Buffer): VerifyResult {
  if (bytes.length < 20) return { ok: false, reason: `too short for a GLB (${bytes.length} bytes)` };
  if (bytes.readUInt32LE(0) !== GLB_MAGIC) return { ok: false, reason: 'not a GLB (the first bytes are not "glTF")' };
  const version = bytes.readUInt32LE(4);
  if (version !== 2) return { ok: false, reason: `GLB version ${version}, expected 2` };
  const declared = bytes.readUInt32LE(8);
  if (declared !== bytes.length) return { ok: false, reason: `incomplete: the header declares ${declared} bytes, ${bytes.length} arrived` };
  const jsonLength = bytes.readUInt32LE(12);
  if (bytes.readUInt32LE(16) !== CHUNK_JSON) return { ok: false, reason: 'the first chunk is not JSON' };
  if (20 + jsonLength > bytes.length) return { ok: false, reason: 'the JSON chunk runs past the end of the file' };
  let json: { buffers?: { byteLength?: number; uri?: string }[]; bufferViews?: { buffer?: number; byteOffset?: number; byteLength?: number }[] };
  try {
    json = JSON.parse(bytes.subarray(20, 20 + jsonLength).toString('utf8').replace(/[ \0]+$/, '')) as typeof json;
  } catch {
    return { ok: false, reason: 'the JSON chunk does not parse' };
  }
  let offset = 20 + jsonLength;
  let binLength: number | undefined;
  if (offset < bytes.length) {
    if (offset + 8 > bytes.length) return { ok: false, reason: 'a chunk header is cut off' };
    const length = bytes.readUInt32LE(offset);
    const type = bytes.readUInt32LE(offset + 4);
    if (type !== CHUNK_BIN) return { ok: false, reason: 'the second chunk is not BIN' };
    if (offset + 8 + length > bytes.length) return { ok: false, reason: 'the BIN chunk runs past the end of the file' };
    binLength = length;
    offset += 8 + length;
  }
  const buffers = json.buffers ?? [];
  const sizes = buffers.map((b, i) => {
    if (i === 0 && b.uri === undefined) return binLength === undefined ? -1 : Math.min(binLength, b.byteLength ?? 0);
    return b.byteLength ?? 0;
  });
  if (sizes.some((s) => s < 0)) return { ok: false, reason: 'the GLB buffer has no BIN chunk' };
  for (const [i, view] of (json.bufferViews ?? []).entries()) {
    const size = sizes[view.buffer ?? -1];
    if (size === undefined) return { ok: false, reason: `bufferView ${i} names a buffer that does not exist` };
    const end = (view.byteOffset ?? 0) + (view.byteLength ?? 0);
    if (end > size) return { ok: false, reason: `bufferView ${i} ends at byte ${end}, past its buffer of ${size} bytes` };
  }
  return { ok: true };
}

export async function verifyImage(file: string): Promise<VerifyResult> {
  try {
    const meta = await sharp(file).metadata();
    if (!meta.format || !['png', 'jpeg', 'webp'].includes(meta.format)) return { ok: false, reason: `not a PNG, JPEG or WebP image (${meta.format ?? 'unknown'})` };
    // Decoding every pixel catches a truncated file that still has a good header.
    await sharp(file).raw().toBuffer();
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: `the image does not decode (${(err as Error).message})` };
  }
}

export async function verifyAsset(file: string, format: 'glb' | 'png'): Promise<VerifyResult> {
  if (format === 'glb') return verifyGlb(await fs.readFile(file));
  return verifyImage(file);
}
