/**
 * What an image file says about itself before anything decodes it: its
 * format and pixel size, read from the header only (PNG IHDR, JPEG SOF,
 * WebP VP8/VP8L/VP8X, KTX2 header and level index, Radiance HDR resolution
 * line). A decoder asked for a 100,000 × 100,000 image allocates 40 GB before
 * it notices the data is missing; these few bytes say so first.
 *
 * Pure: bytes in, facts out. What the facts mean is decided by ./verdicts.ts.
 */

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'ktx2' | 'hdr';

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
  /** KTX2: mip levels, array layers, cube faces and whether each level's data lies within the file. */
  levels?: number;
  layers?: number;
  faces?: number;
  levelsWithinFile?: boolean;
}

/** Why a header could not be read (the format is known, the header is cut or malformed). */
export interface HeaderProblem {
  format: ImageFormat;
  problem: string;
}

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const KTX2_SIG = [0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, sig: number[]): boolean {
  return bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
}

const LATIN1 = new TextDecoder('latin1');

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return LATIN1.decode(bytes.subarray(start, start + length));
}

/** The image format by its magic bytes, or undefined. */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, PNG_SIG)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (startsWith(bytes, KTX2_SIG)) return 'ktx2';
  if (bytes.length >= 2 && ascii(bytes, 0, 2) === '#?') return 'hdr';
  return undefined;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function png(bytes: Uint8Array): ImageHeader | HeaderProblem {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return { format: 'png', problem: 'its header (IHDR) is missing or cut short' };
  const v = view(bytes);
  return { format: 'png', width: v.getUint32(16), height: v.getUint32(20) };
}

/** Walks the JPEG markers up to the first frame header (SOFn), which holds the size. */
function jpeg(bytes: Uint8Array): ImageHeader | HeaderProblem {
  const v = view(bytes);
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return { format: 'jpeg', problem: 'its markers are malformed' };
    const marker = bytes[at + 1]!;
    // Fill bytes, and markers without a length (restart, start of image).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = v.getUint16(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > bytes.length) break;
      return { format: 'jpeg', height: v.getUint16(at + 5), width: v.getUint16(at + 7) };
    }
    if (marker === 0xd9 || marker === 0xda || length < 2) return { format: 'jpeg', problem: 'it has no frame header before its image data' };
    at += 2 + length;
  }
  return { format: 'jpeg', problem: 'its header is cut short' };
}

function webp(bytes: Uint8Array): ImageHeader | HeaderProblem {
  const v = view(bytes);
  const chunk = bytes.length >= 16 ? ascii(bytes, 12, 4) : '';
  if (chunk === 'VP8 ' && bytes.length >= 30) return { format: 'webp', width: v.getUint16(26, true) & 0x3fff, height: v.getUint16(28, true) & 0x3fff };
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = v.getUint32(21, true);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
    return { format: 'webp', width: u24(24) + 1, height: u24(27) + 1 };
  }
  return { format: 'webp', problem: 'its header is cut short or of an unknown kind' };
}

/** KTX2: the 80-byte header, then one 24-byte index entry per level (offset, length, uncompressed length). */
function ktx2(bytes: Uint8Array): ImageHeader | HeaderProblem {
  if (bytes.length < 80) return { format: 'ktx2', problem: 'its header is cut short' };
  const v = view(bytes);
  const width = v.getUint32(20, true);
  const height = v.getUint32(24, true);
  const layers = v.getUint32(32, true);
  const faces = v.getUint32(36, true);
  const levels = Math.max(1, v.getUint32(40, true));
  let levelsWithinFile = 80 + levels * 24 <= bytes.length;
  for (let i = 0; levelsWithinFile && i < levels; i++) {
    const offset = Number(v.getBigUint64(80 + i * 24, true));
    const length = Number(v.getBigUint64(88 + i * 24, true));
    if (offset + length > bytes.length) levelsWithinFile = false;
  }
  return { format: 'ktx2', width, height, levels, layers, faces, levelsWithinFile };
}

/** Radiance HDR: text lines up to a blank one, then the resolution line ("-Y 512 +X 1024"). */
function hdr(bytes: Uint8Array): ImageHeader | HeaderProblem {
  const text = ascii(bytes, 0, Math.min(bytes.length, 64 * 1024));
  const blank = text.indexOf('\n\n');
  if (blank < 0) return { format: 'hdr', problem: 'its header has no end' };
  const line = text.slice(blank + 2, text.indexOf('\n', blank + 2) >>> 0);
  const m = /^([-+])([XY]) (\d{1,10}) ([-+])([XY]) (\d{1,10})$/.exec(line.trim());
  if (!m || m[2] === m[5]) return { format: 'hdr', problem: 'its resolution line is missing or malformed' };
  const first = Number(m[3]);
  const second = Number(m[6]);
  return m[2] === 'Y' ? { format: 'hdr', width: second, height: first } : { format: 'hdr', width: first, height: second };
}

const READERS: Record<ImageFormat, (bytes: Uint8Array) => ImageHeader | HeaderProblem> = { png, jpeg, webp, ktx2, hdr };

/** The header of an image, a problem with it, or undefined when the bytes are no image format known here. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | HeaderProblem | undefined {
  const format = imageFormatOf(bytes);
  return format ? READERS[format](bytes) : undefined;
}
