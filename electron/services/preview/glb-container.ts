/**
 * Reads and writes the GLB container (12-byte header, a JSON chunk, an
 * optional BIN chunk) without touching what the chunks hold, so a preview copy
 * keeps every Draco and meshopt buffer byte for byte.
 */

const MAGIC = 0x46546c67; // 'glTF'
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

/** The parts of the glTF JSON the preview copy reads or changes; everything else passes through untouched. */
export interface GltfJson {
  asset?: Record<string, unknown>;
  extensionsUsed?: string[];
  extensionsRequired?: string[];
  buffers?: { byteLength: number; uri?: string }[];
  bufferViews?: { buffer: number; byteOffset?: number; byteLength: number; byteStride?: number; extensions?: Record<string, unknown> }[];
  images?: { name?: string; uri?: string; mimeType?: string; bufferView?: number; extensions?: Record<string, unknown> }[];
  textures?: { name?: string; sampler?: number; source?: number; extensions?: Record<string, unknown> }[];
  [key: string]: unknown;
}

export interface Glb {
  json: GltfJson;
  /** The BIN chunk's payload, when there is one. */
  bin: Uint8Array | undefined;
}

export function isGlb(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 20 && new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true) === MAGIC;
}

export function readGlb(bytes: Uint8Array): Glb {
  if (!isGlb(bytes)) throw new Error('the file is not a binary glTF (GLB)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const declared = view.getUint32(8, true);
  if (declared > bytes.byteLength) throw new Error('the GLB is shorter than its header says (truncated file?)');
  const jsonLength = view.getUint32(12, true);
  if (view.getUint32(16, true) !== CHUNK_JSON || 20 + jsonLength > declared) throw new Error('the GLB has no readable JSON chunk');
  let json: GltfJson;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))) as GltfJson;
  } catch {
    throw new Error('the GLB JSON chunk is not valid JSON');
  }
  let bin: Uint8Array | undefined;
  const binHeader = 20 + jsonLength;
  if (binHeader + 8 <= declared && view.getUint32(binHeader + 4, true) === CHUNK_BIN) {
    const binLength = view.getUint32(binHeader, true);
    if (binHeader + 8 + binLength > declared) throw new Error('the GLB BIN chunk runs past the end of the file');
    bin = bytes.subarray(binHeader + 8, binHeader + 8 + binLength);
  }
  return { json, bin };
}

const pad4 = (n: number): number => (n + 3) & ~3;

export function writeGlb({ json, bin }: Glb): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = pad4(text.byteLength);
  const binLength = bin ? pad4(bin.byteLength) : 0;
  const total = 12 + 8 + jsonLength + (bin ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, CHUNK_JSON, true);
  out.set(text, 20);
  // JSON chunk padding is spaces; BIN chunk padding is zeros (already zero).
  out.fill(0x20, 20 + text.byteLength, 20 + jsonLength);
  if (bin) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, CHUNK_BIN, true);
    out.set(bin, at + 8);
  }
  return out;
}
