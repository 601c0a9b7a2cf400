/**
 * File kinds the service accepts, and how to recognise each by its content.
 *
 * The spec limits uploads by kind (image, video, 3D model) and, for video and
 * models, by format. A file's name can lie, so every check here looks at the
 * first bytes (and, where a format has no magic number, at the text shape or
 * the total size). Pure functions: used by the renderer's pre-checks, the
 * engine's pre-send validation and the sandbox's 422s alike.
 */
import { LIMITS } from './limits';

export type FileKind = 'image' | 'video' | 'model';

export const FILE_FORMATS = {
  image: ['png', 'jpeg', 'webp'],
  video: ['mp4', 'mov', 'avi'],
  model: ['glb', 'obj', 'fbx', 'stl', 'blend', 'ply', 'usdc', 'usda'],
} as const satisfies Record<FileKind, readonly string[]>;

export type FileFormat = (typeof FILE_FORMATS)[FileKind][number];

export const FILE_MAX_BYTES: Record<FileKind, number> = {
  image: LIMITS.imageMaxBytes,
  video: LIMITS.videoMaxBytes,
  model: LIMITS.modelMaxBytes,
};

/** File-picker hints (extensions and MIME types). Only a hint: acceptance is decided by {@link sniffFormat}. */
export const FILE_ACCEPT: Record<FileKind, string> = {
  image: '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp',
  video: '.mp4,.mov,.avi,video/mp4,video/quicktime,video/x-msvideo',
  model: '.glb,.obj,.fbx,.stl,.blend,.ply,.usdc,.usda',
};

export const MIME_BY_FORMAT: Record<FileFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  glb: 'model/gltf-binary',
  obj: 'model/obj',
  fbx: 'application/octet-stream',
  stl: 'model/stl',
  blend: 'application/x-blender',
  ply: 'application/x-ply',
  usdc: 'model/vnd.usd',
  usda: 'model/vnd.usda',
};

/** How many leading bytes {@link sniffFormat} needs to decide. */
export const SNIFF_BYTES = 512;

function ascii(bytes: Uint8Array, start: number, length: number): string {
  let s = '';
  for (let i = start; i < Math.min(bytes.length, start + length); i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function looksLikeText(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, SNIFF_BYTES);
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b === 0) return false;
    if (b < 9 || (b > 13 && b < 32 && b !== 27)) return false;
  }
  return true;
}

/**
 * Recognises a file's format from its first bytes ({@link SNIFF_BYTES} are enough).
 * `totalSize` lets binary STL (which has no magic number) be recognised by its exact length.
 * Returns null for anything the service does not accept.
 */
export function sniffFormat(head: Uint8Array, totalSize?: number): FileFormat | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'webp';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'AVI ') return 'avi';
  if (ascii(head, 4, 4) === 'ftyp') {
    const brand = ascii(head, 8, 4);
    return brand === 'qt  ' ? 'mov' : 'mp4';
  }
  if (['moov', 'mdat', 'wide', 'free'].includes(ascii(head, 4, 4))) return 'mov';
  if (ascii(head, 0, 4) === 'glTF') return 'glb';
  if (ascii(head, 0, 7) === 'BLENDER') return 'blend';
  if (ascii(head, 0, 18) === 'Kaydara FBX Binary') return 'fbx';
  if (ascii(head, 0, 8) === 'PXR-USDC') return 'usdc';
  if (ascii(head, 0, 4) === 'ply\n' || ascii(head, 0, 5) === 'ply\r\n') return 'ply';
  if (
    totalSize !== undefined &&
    head.length >= 84 &&
    totalSize === 84 + 50 * new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(80, true)
  ) {
    return 'stl';
  }
  if (looksLikeText(head)) {
    const text = ascii(head, 0, SNIFF_BYTES).replace(/^\uFEFF/, '');
    if (/^#usda\b/.test(text)) return 'usda';
    if (/^; FBX/.test(text)) return 'fbx';
    if (/^solid\b[^\n]*\n\s*(facet|endsolid)/.test(text)) return 'stl';
    if (/^(\s*(#[^\n]*|mtllib\s[^\n]*|o\s[^\n]*|g\s[^\n]*|v\s[^\n]*|vt\s[^\n]*|vn\s[^\n]*|f\s[^\n]*|s\s[^\n]*|usemtl\s[^\n]*)?\r?\n)+/.test(text + '\n') && /(^|\n)\s*v\s+-?[\d.]/.test(text)) {
      return 'obj';
    }
  }
  return null;
}

export function kindOfFormat(format: FileFormat): FileKind {
  for (const kind of Object.keys(FILE_FORMATS) as FileKind[]) {
    if ((FILE_FORMATS[kind] as readonly string[]).includes(format)) return kind;
  }
  throw new Error(`unknown format ${format}`);
}

export type FileCheck =
  | { ok: true; format: FileFormat; mime: string }
  | { ok: false; reason: 'too-large' | 'wrong-type' | 'empty'; message: string };

/** Checks a file for one upload field: size first, then type by content. The message names the field and the limit. */
export function checkFile(
  fieldLabel: string,
  kind: FileKind,
  head: Uint8Array,
  size: number,
  maxBytes: number = FILE_MAX_BYTES[kind],
): FileCheck {
  if (size === 0) return { ok: false, reason: 'empty', message: `${fieldLabel}: the file is empty.` };
  if (size > maxBytes) {
    return {
      ok: false,
      reason: 'too-large',
      message: `${fieldLabel}: the file is ${formatBytes(size)}; the limit is ${formatBytes(maxBytes)}.`,
    };
  }
  const format = sniffFormat(head, size);
  if (!format || kindOfFormat(format) !== kind) {
    const allowed = FILE_FORMATS[kind].map((f) => f.toUpperCase()).join(', ');
    return {
      ok: false,
      reason: 'wrong-type',
      message: `${fieldLabel}: the file's content is not ${kind === 'image' ? 'an' : 'a'} ${kind === 'model' ? '3D model' : kind} in a supported format (${allowed}).`,
    };
  }
  return { ok: true, format, mime: MIME_BY_FORMAT[format] };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}
