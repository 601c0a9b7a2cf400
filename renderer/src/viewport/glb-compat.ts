/**
 * Makes a GLB previewable under the app's CSP. The Basis (KTX2) transcoder's
 * JavaScript evaluates strings, which the page's policy forbids (checked in
 * Chromium: "Evaluating a string as JavaScript violates ... 'unsafe-eval'"),
 * so a model with KTX2 textures is previewed from a copy the main process
 * makes (`files:previewCopy`: textures transcoded to PNG). When that copy
 * cannot be had, the KTX2 textures are dropped from the preview and the
 * viewport says so, with the reason. Draco and meshopt decode fine in the
 * page (WebAssembly only).
 */

const GLB_MAGIC = 0x46546c67;
const CHUNK_JSON = 0x4e4f534a;

interface GltfJson {
  extensionsRequired?: string[];
  extensionsUsed?: string[];
  textures?: { source?: number; extensions?: Record<string, unknown> }[];
  materials?: Record<string, unknown>[];
}

export interface CompatResult {
  bytes: ArrayBuffer;
  /** What the preview leaves out or changes, in words; empty when nothing. */
  omissions: string[];
}

/** Removes every `{ index: i }` texture reference whose texture is in `drop`. */
function dropTextureRefs(node: unknown, drop: Set<number>): void {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const index = (value as { index?: unknown }).index;
      if (/Texture$/.test(key) && typeof index === 'number' && drop.has(index)) {
        delete (node as Record<string, unknown>)[key];
        continue;
      }
      dropTextureRefs(value, drop);
    }
  }
}

function readJson(bytes: ArrayBuffer): { json: GltfJson; jsonLength: number } | undefined {
  const view = new DataView(bytes);
  if (bytes.byteLength < 20 || view.getUint32(0, true) !== GLB_MAGIC || view.getUint32(16, true) !== CHUNK_JSON) return undefined;
  const jsonLength = view.getUint32(12, true);
  if (20 + jsonLength > bytes.byteLength) return undefined;
  try {
    return { json: JSON.parse(new TextDecoder().decode(new Uint8Array(bytes, 20, jsonLength))) as GltfJson, jsonLength };
  } catch {
    return undefined;
  }
}

/** The GLB uses KHR_texture_basisu, so the page needs the main process's preview copy. */
export function usesBasisTextures(bytes: ArrayBuffer): boolean {
  return readJson(bytes)?.json.extensionsUsed?.includes('KHR_texture_basisu') ?? false;
}

/** Bytes from base64 (how `files:previewCopy` carries the copy over either transport). */
export function bytesFromBase64(text: string): ArrayBuffer {
  const native = (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array }).fromBase64;
  if (native) return native(text).buffer as ArrayBuffer;
  const raw = atob(text);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out.buffer;
}

/**
 * The fallback: drops the KTX2 textures the page cannot decode. `reason`
 * says why the transcoded copy was not used; it ends up in the viewport's note.
 */
export function makePreviewCompatible(bytes: ArrayBuffer, reason?: string): CompatResult {
  const parsed = readJson(bytes);
  if (!parsed) return { bytes, omissions: [] };
  const { json, jsonLength } = parsed;
  if (!json.extensionsUsed?.includes('KHR_texture_basisu')) return { bytes, omissions: [] };
  const drop = new Set<number>();
  json.textures?.forEach((t, i) => {
    if (t.extensions?.KHR_texture_basisu && t.source === undefined) drop.add(i);
    if (t.extensions) delete t.extensions.KHR_texture_basisu;
  });
  for (const material of json.materials ?? []) dropTextureRefs(material, drop);
  json.extensionsRequired = json.extensionsRequired?.filter((e) => e !== 'KHR_texture_basisu');
  json.extensionsUsed = json.extensionsUsed.filter((e) => e !== 'KHR_texture_basisu');

  const encoded = new TextEncoder().encode(JSON.stringify(json));
  const padded = Math.ceil(encoded.length / 4) * 4;
  const rest = new Uint8Array(bytes, 20 + jsonLength);
  const out = new Uint8Array(20 + padded + rest.length);
  const outView = new DataView(out.buffer);
  outView.setUint32(0, GLB_MAGIC, true);
  outView.setUint32(4, 2, true);
  outView.setUint32(8, out.length, true);
  outView.setUint32(12, padded, true);
  outView.setUint32(16, CHUNK_JSON, true);
  out.set(encoded, 20);
  out.fill(0x20, 20 + encoded.length, 20 + padded);
  out.set(rest, 20 + padded);
  const dropped = `${drop.size} KTX2 (Basis) texture${drop.size === 1 ? '' : 's'} not shown in the preview`;
  return { bytes: out.buffer, omissions: [reason ? `${dropped} (${reason.replace(/\.$/, '')})` : dropped] };
}
