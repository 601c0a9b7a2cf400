/**
 * A preview copy of a GLB whose textures are KTX2 (KHR_texture_basisu): each
 * KTX2 image is transcoded with the Basis transcoder and stored as a PNG, and
 * the extension is removed, so the page previews it with the browser's own
 * image decoders and no 'unsafe-eval'.
 *
 * Why GLB surgery rather than a @gltf-transform read/write: reading decodes
 * Draco meshes and writing would re-encode them (slow, and lossy a second
 * time); here only the JSON changes and the PNGs are appended to the BIN
 * chunk, so Draco and meshopt data stay byte for byte what the page decodes
 * today. The KTX2 bytes stay in the BIN chunk, unreferenced (compacting would
 * mean rewriting every offset for a file that is only a cache).
 *
 * Why PNG at most 2048 px: lossless and alpha-preserving over what the
 * transcoder produced, and the fastest of sharp's encoders at that size
 * (measured on jet-fighter's 2048² level: PNG level 2 about 20-40 ms, WebP
 * 240-350 ms, JPEG 30-50 ms but lossy on top of ETC1S and no alpha). 2048 px
 * is taken from the file's own mip chain when it has one (a quarter of the
 * transcoding work of 4096²) and keeps a 4096² texture from costing 64 MiB of
 * GPU memory per preview; the viewport says so.
 */
import sharp from 'sharp';
import type { PreviewTexture } from '../../../shared/ipc';
import { transcodeKtx2, type TranscodedImage } from './basis-transcoder';
import { readGlb, writeGlb, type GltfJson } from './glb-container';

export const BASISU = 'KHR_texture_basisu';
/** Largest side of a preview texture, in pixels. */
export const PREVIEW_TEXTURE_MAX = 2048;

export interface PreviewCopyResult {
  glb: Uint8Array;
  textures: PreviewTexture[];
  /** Sentences for the viewport's note. */
  notes: string[];
}

/** Thrown for a file that needs no preview copy: it has no KTX2 textures. */
export class PreviewNotNeeded extends Error {
  override name = 'PreviewNotNeeded';
}

export function usesBasisTextures(json: GltfJson): boolean {
  return json.extensionsUsed?.includes(BASISU) ?? false;
}

function basisSourceOf(texture: NonNullable<GltfJson['textures']>[number]): number | undefined {
  const ext = texture.extensions?.[BASISU] as { source?: unknown } | undefined;
  return typeof ext?.source === 'number' ? ext.source : undefined;
}

/** The bytes of an image held in the GLB's BIN chunk (or a data: URI). */
function imageBytes(json: GltfJson, bin: Uint8Array | undefined, index: number): Uint8Array {
  const image = json.images?.[index];
  if (!image) throw new Error(`texture image ${index} does not exist`);
  if (image.bufferView !== undefined) {
    const view = json.bufferViews?.[image.bufferView];
    const buffer = view ? json.buffers?.[view.buffer] : undefined;
    if (!view || !buffer) throw new Error(`image ${index} points at a buffer view that does not exist`);
    if (view.buffer !== 0 || buffer.uri !== undefined || !bin) throw new Error(`image ${index} is not stored inside the GLB`);
    const start = view.byteOffset ?? 0;
    if (start + view.byteLength > bin.byteLength) throw new Error(`image ${index} runs past the end of the GLB's binary chunk`);
    return bin.subarray(start, start + view.byteLength);
  }
  const match = /^data:[^;,]*;base64,(.*)$/s.exec(image.uri ?? '');
  if (match) return new Uint8Array(Buffer.from(match[1]!, 'base64'));
  throw new Error(`image ${index} refers to a file outside the GLB`);
}

const pad4 = (n: number): number => (n + 3) & ~3;

function describe(textures: PreviewTexture[]): string {
  const count = `${textures.length} KTX2 (Basis) texture${textures.length === 1 ? '' : 's'}`;
  const scaled = textures.filter((t) => t.previewWidth < t.width || t.previewHeight < t.height);
  const sizes = (list: string[]) => [...new Set(list)].join(', ');
  const shown = sizes(textures.map((t) => `${t.previewWidth}×${t.previewHeight}`));
  const inFile = sizes(textures.map((t) => `${t.width}×${t.height}`));
  return scaled.length > 0
    ? `Preview uses ${count} transcoded to PNG in the app at ${shown} (${inFile} in the file)`
    : `Preview uses ${count} transcoded to PNG in the app at full size (${inFile})`;
}

export interface PreviewCopyOptions {
  maxSize?: number;
  /** Where KTX2 images are transcoded: the service passes its worker thread; default in this thread. */
  transcode?: (bytes: Uint8Array, maxSize: number) => Promise<TranscodedImage>;
}

/**
 * Makes the preview copy. Throws {@link PreviewNotNeeded} for a GLB without
 * KTX2 textures, and an Error whose message says what broke otherwise.
 */
export async function makePreviewCopy(bytes: Uint8Array, options: PreviewCopyOptions = {}): Promise<PreviewCopyResult> {
  const maxSize = options.maxSize ?? PREVIEW_TEXTURE_MAX;
  const transcode = options.transcode ?? transcodeKtx2;
  const { json, bin } = readGlb(bytes);
  if (!usesBasisTextures(json)) throw new PreviewNotNeeded('this model has no KTX2 (Basis) textures');

  // Images only reachable through the extension need transcoding; a texture
  // with a fallback `source` (PNG/JPEG) simply uses it.
  const toTranscode = new Set<number>();
  for (const texture of json.textures ?? []) {
    const source = basisSourceOf(texture);
    if (source !== undefined && texture.source === undefined) toTranscode.add(source);
  }

  const pieces: Uint8Array[] = bin ? [bin] : [];
  let binLength = bin?.byteLength ?? 0;
  json.bufferViews ??= [];
  json.buffers ??= [];
  if (!bin) {
    // A GLB's own binary chunk must be buffer 0: the existing buffers move up one.
    json.buffers.unshift({ byteLength: 0 });
    for (const view of json.bufferViews) {
      view.buffer += 1;
      const meshopt = view.extensions?.EXT_meshopt_compression as { buffer?: number } | undefined;
      if (typeof meshopt?.buffer === 'number') meshopt.buffer += 1;
    }
  }
  const converted = new Map<number, { width: number; height: number; fileWidth: number; fileHeight: number }>();
  for (const index of [...toTranscode].sort((a, b) => a - b)) {
    let image;
    try {
      image = await transcode(imageBytes(json, bin, index), maxSize);
    } catch (err) {
      throw new Error(`KTX2 image ${index}: ${(err as Error).message}`);
    }
    let encoder = sharp(image.rgba, { raw: { width: image.width, height: image.height, channels: 4 } });
    let { width, height } = image;
    if (Math.max(width, height) > maxSize) {
      const scale = maxSize / Math.max(width, height);
      width = Math.max(1, Math.round(width * scale));
      height = Math.max(1, Math.round(height * scale));
      encoder = encoder.resize(width, height, { fit: 'fill' });
    }
    if (!image.hasAlpha) encoder = encoder.removeAlpha();
    const png = new Uint8Array(await encoder.png({ compressionLevel: 2 }).toBuffer());
    const offset = pad4(binLength);
    if (offset > binLength) pieces.push(new Uint8Array(offset - binLength));
    pieces.push(png);
    binLength = offset + png.byteLength;
    json.bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: png.byteLength });
    const previous = json.images![index]!;
    json.images![index] = { ...(previous.name ? { name: previous.name } : {}), mimeType: 'image/png', bufferView: json.bufferViews.length - 1 };
    converted.set(index, { width, height, fileWidth: image.fileWidth, fileHeight: image.fileHeight });
  }

  const textures: PreviewTexture[] = [];
  (json.textures ?? []).forEach((texture, i) => {
    const source = basisSourceOf(texture);
    if (source === undefined) return;
    if (texture.source === undefined) {
      texture.source = source;
      const size = converted.get(source)!;
      const name = texture.name || json.images?.[source]?.name || `texture ${i}`;
      textures.push({ name, width: size.fileWidth, height: size.fileHeight, previewWidth: size.width, previewHeight: size.height, previewMimeType: 'image/png' });
    }
    delete texture.extensions![BASISU];
    if (Object.keys(texture.extensions!).length === 0) delete texture.extensions;
  });
  json.extensionsUsed = json.extensionsUsed?.filter((e) => e !== BASISU);
  if (json.extensionsRequired) json.extensionsRequired = json.extensionsRequired.filter((e) => e !== BASISU);
  if (json.extensionsRequired?.length === 0) delete json.extensionsRequired;
  if (json.extensionsUsed?.length === 0) delete json.extensionsUsed;

  const newBin = new Uint8Array(binLength);
  let at = 0;
  for (const piece of pieces) {
    newBin.set(piece, at);
    at += piece.byteLength;
  }
  json.buffers[0]!.byteLength = binLength;
  return { glb: writeGlb({ json, bin: newBin }), textures, notes: textures.length > 0 ? [describe(textures)] : [] };
}
