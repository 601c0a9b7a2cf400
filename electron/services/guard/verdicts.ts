/**
 * The guard in front of every decoder: a model (GLB, glTF, STL, OBJ) or an
 * image (PNG, JPEG, WebP, KTX2, HDR) from outside the app (a download, a
 * drop, a staged file, an import) is accepted for decoding only when what it
 * declares fits what it holds and a budget. Runs on the bytes alone, before
 * any allocation that follows the file's word; refusals say in plain words
 * what the file declared.
 *
 * Pure: bytes in, a verdict out; table-tested in verdicts.test.ts.
 */
import { decodedBudget, readDeclared, unbackedBudget, type Declared, type Overreach } from './gltf-declared';
import { readImageHeader, type ImageHeader } from './image-header';

/** Images (and textures) larger than this on a side are not opened: no GPU takes them, and decoding one costs gigabytes. */
export const MAX_IMAGE_SIDE = 16_384;

export type Verdict = { ok: true; declaredBytes: number } | { ok: false; reason: string };

const GLB_MAGIC = 0x46546c67;
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

const n = (v: number) => Math.round(v).toLocaleString('en-US');

/** "a 300-byte file", "a 3.4 MB file". */
export function fileSize(bytes: number): string {
  if (bytes < 10_000) return `a ${n(bytes)}-byte file`;
  if (bytes < 1024 ** 3) return `a ${(bytes / 1024 ** 2).toFixed(1)} MB file`;
  return `a ${(bytes / 1024 ** 3).toFixed(2)} GB file`;
}

function gb(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
}

const refuse = (reason: string): Verdict => ({ ok: false, reason });
const DAMAGED = 'it is damaged or hostile.';

function overreachReason(p: Overreach, fileBytes: number): string {
  switch (p.kind) {
    case 'buffer-data':
      return `This model declares a ${n(p.declared)}-byte buffer but holds ${n(p.held)} bytes for it in ${fileSize(fileBytes)}; ${DAMAGED}`;
    case 'buffer-view':
      return `This model's buffer view ${p.index} reaches byte ${n(p.end)} of a ${n(p.bufferBytes)}-byte buffer; ${DAMAGED}`;
    case 'accessor':
      return `This model's accessor ${p.index} reaches byte ${n(p.end)} of a ${n(p.viewBytes)}-byte buffer view; ${DAMAGED}`;
    case 'malformed':
      return `This model is malformed (${p.what}); ${DAMAGED}`;
  }
}

/** An image's declared size against the limit (also used for a model's textures, with `what` naming it). */
export function imageVerdict(header: ImageHeader, what = 'This image'): string | undefined {
  const { width, height } = header;
  if (width === 0 || height === 0) return `${what} declares ${n(width)} × ${n(height)} pixels; ${DAMAGED}`;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    return `${what} declares ${n(width)} × ${n(height)} pixels; images up to ${n(MAX_IMAGE_SIDE)} pixels a side are opened, so it is refused.`;
  }
  if (header.format === 'ktx2') {
    if ((header.levels ?? 1) > 32 || (header.faces ?? 1) > 6 || (header.layers ?? 0) > 2048) {
      return `${what} declares ${n(header.levels ?? 1)} mip levels, ${n(header.faces ?? 1)} faces and ${n(header.layers ?? 0)} layers; ${DAMAGED}`;
    }
    if (header.levelsWithinFile === false) return `${what}'s mip levels point past the end of its data; ${DAMAGED}`;
  }
  return undefined;
}

/** Checks an image file's bytes (the whole file: a KTX2's level index is checked against its length). */
export function checkImage(bytes: Uint8Array): Verdict {
  const header = readImageHeader(bytes);
  if (!header) return refuse('This file is not an image in a format the app opens (PNG, JPEG, WebP, KTX2 or HDR).');
  if ('problem' in header) return refuse(`This ${header.format.toUpperCase()} image cannot be read: ${header.problem}; ${DAMAGED}`);
  const reason = imageVerdict(header);
  return reason ? refuse(reason) : { ok: true, declaredBytes: header.width * header.height * 4 };
}

/** The model's declarations against its bytes and the decoded-size budget. */
export function declaredVerdict(declared: Declared, fileBytes: number): string | undefined {
  const first = declared.problems[0];
  if (first) return overreachReason(first, fileBytes);
  const budget = decodedBudget(fileBytes);
  const big = declared.largest;
  if (declared.decodedBytes <= budget && declared.unbackedBytes <= unbackedBudget(fileBytes)) return undefined;
  if (big && big.bytes * 2 >= declared.decodedBytes) return `This model declares ${n(big.count)} ${big.role} in ${fileSize(fileBytes)}; ${DAMAGED}`;
  if (declared.decodedBytes > budget) {
    return `This model declares ${gb(declared.decodedBytes)} of geometry once decoded in ${fileSize(fileBytes)} (at most ${gb(budget)} is opened for a file this size); ${DAMAGED}`;
  }
  return `This model declares ${gb(declared.unbackedBytes)} of geometry it holds no data for in ${fileSize(fileBytes)} (at most ${gb(unbackedBudget(fileBytes))} for a file this size); ${DAMAGED}`;
}

function parseJson(bytes: Uint8Array): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes).replace(/[ \0]+$/, ''));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The textures a model embeds: each one's header against the limit. */
function textureVerdict(declared: Declared, json: Record<string, unknown>, bin: Uint8Array | undefined): string | undefined {
  const views = Array.isArray(json.bufferViews) ? (json.bufferViews as { byteOffset?: number; byteLength?: number; buffer?: number }[]) : [];
  for (const image of declared.images) {
    let bytes: Uint8Array | undefined;
    if (image.bufferView !== undefined && bin) {
      const v = views[image.bufferView];
      if (v && v.buffer === 0) bytes = bin.subarray(v.byteOffset ?? 0, (v.byteOffset ?? 0) + (v.byteLength ?? 0));
    } else if (image.dataUri) {
      // The header is in the first few hundred bytes of the payload.
      const payload = image.dataUri.slice(image.dataUri.indexOf(',') + 1, image.dataUri.indexOf(',') + 1 + 96 * 1024);
      bytes = new Uint8Array(Buffer.from(payload, 'base64'));
    }
    const header = bytes ? readImageHeader(bytes) : undefined;
    // Formats not known here (and cut headers) are the validator's to report; nothing is allocated from them here.
    if (!header || 'problem' in header) continue;
    const reason = imageVerdict(header, `This model's texture ${image.index}`);
    if (reason) return reason;
  }
  return undefined;
}

/** A GLB: the container, then its JSON's declarations, then its textures' headers. */
export function checkGlb(bytes: Uint8Array): Verdict {
  const size = bytes.byteLength;
  if (size < 20) return refuse(`This model is ${fileSize(size)}, too short to be a GLB; ${DAMAGED}`);
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (v.getUint32(0, true) !== GLB_MAGIC) return refuse('This file is not a GLB model.');
  if (v.getUint32(4, true) !== 2) return refuse(`This GLB is version ${v.getUint32(4, true)}; only glTF 2.0 models are opened.`);
  const length = v.getUint32(8, true);
  if (length > size) return refuse(`This model declares ${n(length)} bytes but the file holds ${n(size)}: it is cut short or damaged.`);
  const jsonLength = v.getUint32(12, true);
  if (v.getUint32(16, true) !== CHUNK_JSON || 20 + jsonLength > length) return refuse(`This model's JSON chunk is missing or runs past the end of the file; ${DAMAGED}`);
  const json = parseJson(bytes.subarray(20, 20 + jsonLength));
  if (!json) return refuse(`This model's JSON does not parse; ${DAMAGED}`);
  let bin: Uint8Array | undefined;
  const binAt = 20 + jsonLength + ((4 - (jsonLength % 4)) % 4);
  if (binAt + 8 <= length && v.getUint32(binAt + 4, true) === CHUNK_BIN) {
    const binLength = v.getUint32(binAt, true);
    if (binAt + 8 + binLength > length) return refuse(`This model's binary chunk declares ${n(binLength)} bytes, past the end of ${fileSize(size)}; ${DAMAGED}`);
    bin = bytes.subarray(binAt + 8, binAt + 8 + binLength);
  }
  const declared = readDeclared(json, bin?.byteLength);
  const reason = declaredVerdict(declared, size) ?? textureVerdict(declared, json, bin);
  return reason ? refuse(reason) : { ok: true, declaredBytes: declared.decodedBytes };
}

/**
 * A .gltf (JSON) model. External buffers are never read, so only data: URIs count as data, unless
 * `filesBeside` gives the bytes read from the files it names (by URI), as packing it into a GLB does.
 */
export function checkGltfJson(bytes: Uint8Array, filesBeside?: ReadonlyMap<string, number>): Verdict {
  const json = parseJson(bytes);
  if (!json) return refuse(`This model's JSON does not parse; ${DAMAGED}`);
  const declared = readDeclared(json, undefined, filesBeside);
  let held = bytes.byteLength;
  for (const b of filesBeside?.values() ?? []) held += b;
  const reason = declaredVerdict(declared, held) ?? textureVerdict(declared, json, undefined);
  return reason ? refuse(reason) : { ok: true, declaredBytes: declared.decodedBytes };
}

/** STL: a binary one's triangle count must match its size; a text one decodes to about its own size. */
export function checkStl(bytes: Uint8Array): Verdict {
  const size = bytes.byteLength;
  const text = new TextDecoder().decode(bytes.subarray(0, 5));
  if (size >= 84) {
    const triangles = new DataView(bytes.buffer, bytes.byteOffset, size).getUint32(80, true);
    if (84 + triangles * 50 === size) return { ok: true, declaredBytes: triangles * 36 };
    if (text !== 'solid') return refuse(`This model declares ${n(triangles)} triangles in ${fileSize(size)}; ${DAMAGED}`);
  }
  if (text !== 'solid') return refuse(`This STL model is ${fileSize(size)}, too short to hold a triangle; ${DAMAGED}`);
  return size <= decodedBudget(size) / 4 ? { ok: true, declaredBytes: size } : refuse(`This STL model is ${fileSize(size)}, more than the app opens; it is refused.`);
}

/** OBJ is text: what it decodes to grows with the file, so the file's size is the check. */
export function checkObj(bytes: Uint8Array): Verdict {
  const size = bytes.byteLength;
  return size <= decodedBudget(size) / 4 ? { ok: true, declaredBytes: size * 4 } : refuse(`This OBJ model is ${fileSize(size)}, more than the app opens; it is refused.`);
}

export type ModelFormat = 'glb' | 'gltf' | 'stl' | 'obj';

const MODEL_CHECKS: Record<ModelFormat, (bytes: Uint8Array) => Verdict> = { glb: checkGlb, gltf: checkGltfJson, stl: checkStl, obj: checkObj };

export function checkModel(bytes: Uint8Array, format: ModelFormat): Verdict {
  return MODEL_CHECKS[format](bytes);
}
