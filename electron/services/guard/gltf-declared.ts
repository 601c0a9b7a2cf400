/**
 * What a glTF model declares, compared with what it holds, before any decoder
 * allocates for it. glTF-Transform (and three, and the validator) trust the
 * JSON: an accessor of 100,000,000 vertices without a buffer view becomes a
 * 1.2 GB zero-filled array, whatever the file's size. Here the JSON is read
 * as plain data and every size it states is checked:
 *
 * - buffers with data (a GLB's BIN chunk, a data: URI) hold their byteLength;
 * - buffer views lie within their buffer, meshopt streams within theirs;
 * - accessors with a buffer view lie within it, sparse ones within theirs;
 * - the memory the model asks for once decoded (every accessor, buffers with
 *   no data of their own such as meshopt's fallback, meshopt's decoded views)
 *   stays within a budget that grows with the file (see decodedBudget).
 *
 * Pure: the parsed JSON and the sizes in, a list of facts out (./verdicts.ts
 * words them).
 */

export const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
export const TYPE_COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

/** Something the model states that its bytes cannot back. */
export type Overreach =
  | { kind: 'buffer-data'; index: number; declared: number; held: number }
  | { kind: 'buffer-view'; index: number; end: number; bufferBytes: number }
  | { kind: 'accessor'; index: number; end: number; viewBytes: number }
  | { kind: 'malformed'; what: string };

export interface Declared {
  /** Bytes the model asks for once decoded (accessors, data-less buffers, meshopt output). */
  decodedBytes: number;
  /**
   * Of those, the bytes the file holds no data for: accessors without a buffer
   * view (zero-filled, or filled by Draco or sparse values), buffers without
   * data and meshopt output. Real compression stays far under 64 × the file
   * (the corpus: Draco 8×, meshopt 6×); a bomb is thousands of times over.
   */
  unbackedBytes: number;
  /** The accessor that asks for most, and what it is used as. */
  largest?: { index: number; count: number; bytes: number; role: 'vertices' | 'indices' | 'values' };
  /** Embedded images: where their bytes are (buffer view or data: URI), for the header check. */
  images: { index: number; bufferView?: number; dataUri?: string }[];
  problems: Overreach[];
}

interface Json {
  [key: string]: unknown;
}

const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as unknown[]).map((x) => (x && typeof x === 'object' ? (x as Json) : {})) : []);
const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);

/** Bytes a base64 data: URI decodes to (without decoding it). */
export function dataUriBytes(uri: string): number | undefined {
  const comma = uri.indexOf(',');
  if (!uri.startsWith('data:') || comma < 0) return undefined;
  const payload = uri.length - comma - 1;
  if (!uri.slice(0, comma).endsWith(';base64')) return payload;
  const pad = uri.endsWith('==') ? 2 : uri.endsWith('=') ? 1 : 0;
  return Math.floor((payload * 3) / 4) - pad;
}

/** Which accessors meshes use as vertex attributes or indices (for the wording of a refusal). */
function accessorRoles(json: Json): Map<number, 'vertices' | 'indices'> {
  const roles = new Map<number, 'vertices' | 'indices'>();
  for (const mesh of list(json.meshes)) {
    for (const prim of list(mesh.primitives)) {
      if (isInt(prim.indices)) roles.set(prim.indices, 'indices');
      const attributeSets = [obj(prim.attributes), ...list(prim.targets)];
      for (const set of attributeSets) for (const a of Object.values(set ?? {})) if (isInt(a) && !roles.has(a)) roles.set(a, 'vertices');
    }
  }
  return roles;
}

/**
 * Reads a glTF JSON's declarations. `binBytes` is the GLB's BIN chunk length
 * (undefined for a .gltf or a GLB without one): the only data buffer 0
 * without a URI can have. `filesBeside` holds the bytes of the files a .gltf
 * names (read, by URI as written) when they are to be packed with it.
 */
export function readDeclared(json: Json, binBytes: number | undefined, filesBeside?: ReadonlyMap<string, number>): Declared {
  const problems: Overreach[] = [];
  let decodedBytes = 0;
  let unbackedBytes = 0;
  const buffers = list(json.buffers);
  const bufferViews = list(json.bufferViews);

  const bufferBytes: number[] = buffers.map((b, i) => {
    const declared = b.byteLength;
    if (!isInt(declared)) {
      problems.push({ kind: 'malformed', what: `buffer ${i} has no valid byteLength` });
      return 0;
    }
    const uri = typeof b.uri === 'string' ? b.uri : undefined;
    const held = uri !== undefined ? (dataUriBytes(uri) ?? filesBeside?.get(uri)) : i === 0 ? binBytes : undefined;
    // No data of its own (meshopt's fallback, an external file never read): the decoder allocates it.
    if (held === undefined) {
      decodedBytes += declared;
      unbackedBytes += declared;
    }
    else if (declared > held) problems.push({ kind: 'buffer-data', index: i, declared, held });
    return declared;
  });

  const viewBytes: number[] = bufferViews.map((v, i) => {
    const buffer = v.buffer;
    const offset = v.byteOffset ?? 0;
    const length = v.byteLength;
    if (!isInt(buffer) || buffer >= buffers.length || !isInt(offset) || !isInt(length)) {
      problems.push({ kind: 'malformed', what: `buffer view ${i} names no valid buffer, offset or length` });
      return 0;
    }
    if (offset + length > bufferBytes[buffer]!) problems.push({ kind: 'buffer-view', index: i, end: offset + length, bufferBytes: bufferBytes[buffer]! });
    const meshopt = obj(obj(v.extensions)?.EXT_meshopt_compression);
    if (meshopt) {
      const { buffer: mb, byteOffset: mo = 0, byteLength: ml, count, byteStride } = meshopt;
      if (!isInt(mb) || mb >= buffers.length || !isInt(mo) || !isInt(ml) || !isInt(count) || !isInt(byteStride)) {
        problems.push({ kind: 'malformed', what: `buffer view ${i}'s meshopt stream names no valid buffer, offset, length or count` });
      } else {
        if (mo + ml > bufferBytes[mb]!) problems.push({ kind: 'buffer-view', index: i, end: mo + ml, bufferBytes: bufferBytes[mb]! });
        decodedBytes += count * byteStride;
        unbackedBytes += count * byteStride;
      }
    }
    return length;
  });

  const roles = accessorRoles(json);
  let largest: Declared['largest'];
  list(json.accessors).forEach((a, i) => {
    const components = TYPE_COMPONENTS[String(a.type)];
    const componentBytes = COMPONENT_BYTES[Number(a.componentType)];
    const count = a.count;
    if (!components || !componentBytes || !isInt(count)) {
      problems.push({ kind: 'malformed', what: `accessor ${i} has no valid type, component type or count` });
      return;
    }
    const element = components * componentBytes;
    const bytes = count * element;
    decodedBytes += bytes;
    if (a.bufferView === undefined) unbackedBytes += bytes;
    if (!largest || bytes > largest.bytes) largest = { index: i, count, bytes, role: roles.get(i) ?? 'values' };
    const within = (view: unknown, offset: unknown, elements: number, size: number) => {
      if (!isInt(view) || view >= bufferViews.length || !isInt(offset)) {
        problems.push({ kind: 'malformed', what: `accessor ${i} names no valid buffer view or offset` });
        return;
      }
      const stride = isInt(bufferViews[view]!.byteStride) && (bufferViews[view]!.byteStride as number) > 0 ? (bufferViews[view]!.byteStride as number) : size;
      const end = elements === 0 ? offset : offset + (elements - 1) * stride + size;
      if (end > viewBytes[view]!) problems.push({ kind: 'accessor', index: i, end, viewBytes: viewBytes[view]! });
    };
    if (a.bufferView !== undefined) within(a.bufferView, a.byteOffset ?? 0, count, element);
    const sparse = obj(a.sparse);
    if (sparse) {
      const n = sparse.count;
      if (!isInt(n) || n > count) {
        problems.push({ kind: 'malformed', what: `accessor ${i}'s sparse count is not within its count` });
        return;
      }
      const indices = obj(sparse.indices) ?? {};
      const values = obj(sparse.values) ?? {};
      within(indices.bufferView, indices.byteOffset ?? 0, n, COMPONENT_BYTES[Number(indices.componentType)] ?? 4);
      within(values.bufferView, values.byteOffset ?? 0, n, element);
    }
  });

  const images = list(json.images).map((img, index) => ({
    index,
    ...(isInt(img.bufferView) ? { bufferView: img.bufferView } : {}),
    ...(typeof img.uri === 'string' && img.uri.startsWith('data:') ? { dataUri: img.uri } : {}),
  }));
  return { decodedBytes, unbackedBytes, ...(largest ? { largest } : {}), images, problems };
}

/** Bytes a model of `fileBytes` may ask for without holding their data: 64 × its size, at least 1 MiB (at most the decoded budget). */
export function unbackedBudget(fileBytes: number): number {
  return Math.min(decodedBudget(fileBytes), Math.max(1024 ** 2, 64 * fileBytes));
}

/** Decoded bytes a model of `fileBytes` may ask for: 64 × its size, at least 64 MiB, at most 2 GiB. */
export function decodedBudget(fileBytes: number): number {
  return Math.min(2 * 1024 ** 3, Math.max(64 * 1024 ** 2, 64 * fileBytes));
}
