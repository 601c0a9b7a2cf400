/**
 * A .gltf that keeps its buffers and textures in files beside it (what most tools, this app's own
 * export included, write), packed into one GLB so the library keeps a self-contained copy.
 * Runs in a checking process (./check-tasks.ts).
 *
 * A glTF from outside decides which files it names, so each must sit inside the glTF's own folder:
 * no `..`, no absolute path, no scheme but data:, no link. A hostile glTF must not pull the user's
 * other files into an asset they may later export or upload. The files are read once, by this code,
 * and the declarations are held against the guard with the bytes actually read before
 * glTF-Transform decodes anything.
 */
import fs from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import { LIMITS, formatBytes } from '../../../shared/api';
import { modelIo } from '../export/model-transform';
import { checkGltfJson } from './verdicts';

export type PackAnswer = { refused: string } | { ok: true; value: { bytes: number; resources: string[] } };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The file a glTF's URI names inside `dir`, or undefined when it reaches outside it (or is not a plain relative path). */
export function resourcePath(dir: string, uri: string): string | undefined {
  if (SCHEME.test(uri) || uri.startsWith('/') || uri.startsWith('\\')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(uri);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || path.isAbsolute(decoded) || path.win32.isAbsolute(decoded)) return undefined;
  const resolved = path.resolve(dir, decoded);
  const rel = path.relative(dir, resolved);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return resolved;
}

/** The URIs of a glTF's buffers and images that name files (data: URIs are inside the JSON already). */
export function namedFiles(json: { buffers?: unknown; images?: unknown }): string[] {
  const uris = new Set<string>();
  for (const list of [json.buffers, json.images]) {
    if (!Array.isArray(list)) continue;
    for (const item of list as { uri?: unknown }[]) if (item && typeof item.uri === 'string' && !item.uri.startsWith('data:')) uris.add(item.uri);
  }
  return [...uris];
}

const refuse = (refused: string): PackAnswer => ({ refused });
const TOO_BIG = Symbol('too big');

/** Reads a file the glTF names, refusing a link (at the last step, by O_NOFOLLOW, or on the way, by its real path). */
async function readBeside(realDir: string, file: string, bytesLeft: number): Promise<Uint8Array<ArrayBuffer> | string | typeof TOO_BIG> {
  let handle;
  try {
    handle = await fs.open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'is not beside it (bring in the folder that holds them both, or a GLB)' : code === 'ELOOP' ? 'is a link' : 'cannot be read';
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return 'is not a file';
    if (stat.size > bytesLeft) return TOO_BIG;
    const real = await fs.realpath(file);
    if (path.relative(realDir, real).startsWith('..')) return 'is reached through a link';
    return new Uint8Array(await handle.readFile());
  } finally {
    await handle.close();
  }
}

/** Packs `file` (a .gltf) and the files it names into the GLB `out`. */
export async function packGltf(file: string, out: string): Promise<PackAnswer> {
  const text = await fs.readFile(file);
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text.toString('utf8')) as Record<string, unknown>;
  } catch {
    return refuse('This glTF does not parse as JSON; it is damaged.');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return refuse('This glTF does not parse as JSON; it is damaged.');
  const dir = path.dirname(file);
  const realDir = await fs.realpath(dir);
  const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
  const sizes = new Map<string, number>();
  const paths: string[] = [];
  let total = text.byteLength;
  for (const uri of namedFiles(json)) {
    const at = resourcePath(dir, uri);
    if (!at) return refuse(`This glTF names a file outside its own folder ("${uri.slice(0, 80)}"); only files beside it are brought in.`);
    const read = await readBeside(realDir, at, LIMITS.modelMaxBytes - total);
    if (read === TOO_BIG) return refuse(`This glTF and the files it names pass ${formatBytes(LIMITS.modelMaxBytes)}, more than the library takes for a model.`);
    if (typeof read === 'string') return refuse(`This glTF names "${path.relative(dir, at)}", which ${read}; it was not brought in.`);
    total += read.byteLength;
    resources[uri] = read;
    sizes.set(uri, read.byteLength);
    paths.push(at);
  }
  const verdict = checkGltfJson(new Uint8Array(text), sizes);
  if (!verdict.ok) return refuse(verdict.reason);
  const io = await modelIo(JSON.stringify(json.extensionsUsed ?? []).includes('KHR_draco_mesh_compression'));
  const doc = await io.readJSON({ json: json as never, resources });
  const glb = await io.writeBinary(doc);
  await fs.writeFile(out, glb, { mode: 0o600 });
  return { ok: true, value: { bytes: glb.byteLength, resources: paths } };
}
