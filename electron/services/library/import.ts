/**
 * Bringing files into the library: folders walked, each file recognised by
 * its content (GLB, glTF, OBJ, STL, PNG, JPEG, WebP, and Radiance HDR
 * panoramas as skyboxes), copied into the data folder by SHA-256 (the same
 * content is kept once: a second copy reports "already there"), held against
 * the guard in a checking process like every file from outside, and given a
 * thumbnail (images here, off main; models get one drawn by the window
 * through `library:saveThumbnail`).
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { LIMITS, SNIFF_BYTES, formatBytes, sniffFormat } from '../../../shared/api';
import type { AssetMediaKind, LibraryImportProgress } from '../../../shared/domain/library';
import { checkPool } from '../guard/check-pool';
import { problemOf } from '../guard/check-tasks';
import { refusedByGuard } from '../guard/at-use';
import { transaction, type Database } from '../store/database';
import type { BlobStore } from './blobs';

/** The most files one import takes (a folder walk stops there). */
export const MAX_IMPORT_FILES = 1000;
/** Radiance HDR panoramas: far larger than an upload's image, still bounded. */
const HDR_MAX_BYTES = 256 * 1024 * 1024;
/** A text glTF is read in main to see whether its buffers are inside it: only up to this size. */
const GLTF_TEXT_MAX_BYTES = 32 * 1024 * 1024;

export type ImportFormat = 'glb' | 'gltf' | 'obj' | 'stl' | 'png' | 'jpeg' | 'webp' | 'hdr';

export interface Recognised {
  mediaKind: AssetMediaKind;
  format: ImportFormat;
  /** The extension the stored copy gets. */
  ext: string;
  maxBytes: number;
}

const BY_FORMAT: Record<ImportFormat, Recognised> = {
  glb: { mediaKind: 'model', format: 'glb', ext: 'glb', maxBytes: LIMITS.modelMaxBytes },
  gltf: { mediaKind: 'model', format: 'gltf', ext: 'gltf', maxBytes: GLTF_TEXT_MAX_BYTES },
  obj: { mediaKind: 'model', format: 'obj', ext: 'obj', maxBytes: LIMITS.modelMaxBytes },
  stl: { mediaKind: 'model', format: 'stl', ext: 'stl', maxBytes: LIMITS.modelMaxBytes },
  png: { mediaKind: 'image', format: 'png', ext: 'png', maxBytes: LIMITS.imageMaxBytes },
  jpeg: { mediaKind: 'image', format: 'jpeg', ext: 'jpg', maxBytes: LIMITS.imageMaxBytes },
  webp: { mediaKind: 'image', format: 'webp', ext: 'webp', maxBytes: LIMITS.imageMaxBytes },
  hdr: { mediaKind: 'skybox', format: 'hdr', ext: 'hdr', maxBytes: HDR_MAX_BYTES },
};

export const NOT_RECOGNISED = 'it is not a 3D model (GLB, glTF, OBJ, STL) or an image (PNG, JPEG, WebP, HDR panorama) the library keeps.';

/** What a file is, from its first bytes (and, for a text glTF, its name), or why it is left out. */
export function recognise(name: string, head: Uint8Array, size: number): Recognised | { skip: string } {
  if (size === 0) return { skip: 'the file is empty.' };
  const text = Buffer.from(head).toString('latin1');
  let format: ImportFormat | undefined;
  if (text.startsWith('#?RADIANCE') || text.startsWith('#?RGBE')) format = 'hdr';
  else if (/\.gltf$/i.test(name) && /^\s*\{/.test(text)) format = 'gltf';
  else {
    const sniffed = sniffFormat(head, size);
    if (sniffed && sniffed in BY_FORMAT) format = sniffed as ImportFormat;
  }
  if (!format) return { skip: NOT_RECOGNISED };
  const recognised = BY_FORMAT[format];
  if (size > recognised.maxBytes) return { skip: `it is ${formatBytes(size)}; the library takes ${recognised.mediaKind === 'model' ? '3D models' : 'images'} of this kind up to ${formatBytes(recognised.maxBytes)}.` };
  return recognised;
}

/** A file's title in the library: its name without the extension. */
export function titleOfFile(name: string): string {
  return name.replace(/\.[A-Za-z0-9]{1,5}$/, '') || name;
}

export function newImportedId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = crypto.randomBytes(26);
  let id = 'a_';
  for (const b of bytes) id += alphabet[b & 31];
  return id;
}

export interface FileToImport {
  path: string;
  name: string;
}

/**
 * The files under `roots` (folders walked depth first, names sorted, hidden
 * entries and links inside folders left out), at most `max`.
 */
export async function walkFiles(roots: readonly string[], max = MAX_IMPORT_FILES): Promise<{ files: FileToImport[]; skipped: { name: string; reason: string }[] }> {
  const files: FileToImport[] = [];
  const skipped: { name: string; reason: string }[] = [];
  const visit = async (p: string, top: boolean): Promise<void> => {
    if (files.length >= max) return;
    let stat;
    try {
      stat = top ? await fsp.stat(p) : await fsp.lstat(p);
    } catch {
      skipped.push({ name: path.basename(p), reason: 'it cannot be read.' });
      return;
    }
    if (stat.isFile()) files.push({ path: p, name: path.basename(p) });
    else if (stat.isDirectory()) {
      const names = (await fsp.readdir(p).catch(() => [] as string[])).filter((n) => !n.startsWith('.')).sort();
      for (const n of names) await visit(path.join(p, n), false);
    } else if (top) skipped.push({ name: path.basename(p), reason: 'it is not a file or a folder.' });
  };
  for (const root of roots) await visit(root, true);
  return { files, skipped };
}

export interface ImportDeps {
  db: Database;
  blobs: BlobStore;
  now: () => Date;
  onProgress?: (progress: LibraryImportProgress) => void;
}

/** `packed`: the files beside a .gltf that went into its GLB (not brought in again on their own). */
export type ImportOutcome = { imported: string; packed?: string[] } | { alreadyThere: string; packed?: string[] } | { skipped: string };

async function readHead(file: string): Promise<Uint8Array> {
  const fh = await fsp.open(file, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await fh.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Why the guard refuses the stored copy (and the thumbnail it made for an image), in a checking process. */
async function guardCopy(file: string, what: Recognised, thumbnail: string): Promise<{ refused?: string; thumbnail: boolean }> {
  if (what.mediaKind === 'image') {
    const answer = await checkPool().run({ kind: 'inspect-asset', file, format: 'png', thumbnail, skipInspection: true });
    const problem = problemOf(answer);
    return problem ? { refused: problem, thumbnail: false } : { thumbnail: ((answer as { value?: { hasThumbnail?: boolean } }).value?.hasThumbnail ?? false) === true };
  }
  const refused = await refusedByGuard(file, what.format === 'hdr' ? 'image' : (what.format as 'glb' | 'obj' | 'stl'));
  return { ...(refused ? { refused } : {}), thumbnail: false };
}

/** Brings one file in. Answers the asset id made or found, or why the file was left out. */
export async function importFile(deps: ImportDeps, file: FileToImport): Promise<ImportOutcome> {
  let size: number;
  let head: Uint8Array;
  try {
    size = (await fsp.stat(file.path)).size;
    head = await readHead(file.path);
  } catch {
    return { skipped: 'it cannot be read.' };
  }
  const recognised = recognise(file.name, head, size);
  if ('skip' in recognised) return { skipped: recognised.skip };
  // A .gltf is kept as one GLB: it and the files it names are packed in a checking process first.
  let source = file.path;
  let packed: string[] | undefined;
  let what = recognised;
  if (recognised.format === 'gltf') {
    const glb = await deps.blobs.tempFile();
    const answer = await checkPool().run({ kind: 'pack-gltf', file: file.path, out: glb });
    const problem = problemOf(answer);
    if (problem) {
      await fsp.rm(glb, { force: true });
      return { skipped: problem };
    }
    source = glb;
    packed = (answer as { value: { resources: string[] } }).value.resources;
    what = BY_FORMAT.glb;
  }
  const temp = await deps.blobs.tempFile();
  let copied: { sha256: string; bytes: number };
  try {
    copied = await deps.blobs.copyHashing(source, temp);
  } catch (err) {
    await fsp.rm(temp, { force: true });
    return { skipped: `it could not be copied (${(err as NodeJS.ErrnoException).code ?? 'read error'}).` };
  } finally {
    if (source !== file.path) await fsp.rm(source, { force: true });
  }
  const withPacked = packed ? { packed } : {};
  const existing = deps.db.prepare('SELECT id FROM library_assets WHERE sha256 = ? ORDER BY source DESC LIMIT 1').get(copied.sha256) as { id: string } | undefined;
  if (existing) {
    await fsp.rm(temp, { force: true });
    return { alreadyThere: existing.id, ...withPacked };
  }
  // The copy is what is checked and kept: the original may change after this.
  if (copied.bytes > what.maxBytes) {
    await fsp.rm(temp, { force: true });
    return { skipped: `it grew to ${formatBytes(copied.bytes)} while it was copied.` };
  }
  const id = newImportedId();
  const thumbnail = deps.blobs.thumbnailPath(id);
  await fsp.mkdir(path.dirname(thumbnail), { recursive: true, mode: 0o700 });
  const guarded = await guardCopy(temp, what, thumbnail);
  if (guarded.refused) {
    await fsp.rm(temp, { force: true });
    await fsp.rm(thumbnail, { force: true });
    return { skipped: guarded.refused };
  }
  await deps.blobs.keep(temp, copied.sha256, what.ext);
  const at = deps.now().toISOString();
  const title = titleOfFile(file.name);
  transaction(deps.db, () => {
    deps.db.prepare('INSERT OR IGNORE INTO library_blobs (sha256, bytes, ext, added_at) VALUES (?, ?, ?, ?)').run(copied.sha256, copied.bytes, what.ext, at);
    deps.db
      .prepare(
        `INSERT INTO library_assets (id, source, media_kind, title, display_title, file_name, created_at, bytes, sha256, format, asset_ready, has_thumbnail)
         VALUES (?, 'imported', ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
      )
      .run(id, what.mediaKind, title, title.slice(0, 120), file.name, at, copied.bytes, copied.sha256, what.format, guarded.thumbnail ? 1 : 0);
  });
  return { imported: id, ...withPacked };
}

/**
 * Brings every file in, one after another, reporting progress after each. Each .gltf goes first, so
 * the buffers and textures it names are packed into it and not also brought in on their own.
 */
export async function importFiles(deps: ImportDeps, files: readonly FileToImport[]): Promise<{ name: string; outcome: ImportOutcome }[]> {
  const isGltf = (f: FileToImport) => /\.gltf$/i.test(f.name);
  const order = [...files.keys()].sort((a, b) => Number(isGltf(files[b]!)) - Number(isGltf(files[a]!)));
  const packedInto = new Map<string, string>();
  const outcomes: ImportOutcome[] = [];
  for (const [step, i] of order.entries()) {
    const file = files[i]!;
    deps.onProgress?.({ done: step, total: files.length, current: file.name });
    const owner = packedInto.get(path.resolve(file.path));
    if (owner) {
      outcomes[i] = { skipped: `it is part of ${owner}, brought in with it as one model.` };
      continue;
    }
    try {
      outcomes[i] = await importFile(deps, file);
    } catch (err) {
      outcomes[i] = { skipped: `it could not be brought in: ${(err as Error).message}` };
    }
    const o = outcomes[i]!;
    if ('packed' in o) for (const p of o.packed ?? []) packedInto.set(path.resolve(p), file.name);
  }
  deps.onProgress?.({ done: files.length, total: files.length });
  return files.map((file, i) => ({ name: file.name, outcome: outcomes[i]! }));
}
