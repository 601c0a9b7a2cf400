/**
 * The Basis Universal transcoder that ships with three
 * (`three/examples/jsm/libs/basis/basis_transcoder.{js,wasm}`), loaded once in
 * the main process and reused. The page cannot run it: its JavaScript glue
 * evaluates strings, which the renderer's CSP forbids. Here it is plain Node.
 *
 * three's package is `"type": "module"` while the transcoder's glue is a
 * classic script that assigns `module.exports`, so `require()` cannot load it;
 * it is compiled with `vm` in a CommonJS-shaped wrapper instead.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** The parts of the transcoder's `KTX2File` this module uses. */
interface Ktx2File {
  isValid(): boolean;
  isHDR?(): boolean;
  getWidth(): number;
  getHeight(): number;
  getLevels(): number;
  getHasAlpha(): boolean;
  getImageLevelInfo(level: number, layer: number, face: number): { origWidth: number; origHeight: number };
  getImageTranscodedSizeInBytes(level: number, layer: number, face: number, format: number): number;
  startTranscoding(): boolean;
  transcodeImage(dst: Uint8Array, level: number, layer: number, face: number, format: number, getAlphaForOpaqueFormats: number, channel0: number, channel1: number): number;
  close(): void;
  delete(): void;
}

interface BasisModule {
  initializeBasis(): void;
  KTX2File: new (bytes: Uint8Array) => Ktx2File;
}

/** basist::transcoder_texture_format::cTFRGBA32. */
const FORMAT_RGBA32 = 13;

export interface TranscodedImage {
  /** RGBA, 8 bits a channel, rows top to bottom as stored in the file. */
  rgba: Uint8Array;
  width: number;
  height: number;
  /** The file's own (level 0) size. */
  fileWidth: number;
  fileHeight: number;
  /** The mip level transcoded. */
  level: number;
  hasAlpha: boolean;
}

let loading: Promise<BasisModule> | undefined;

/** Where the transcoder's files are; overridable for a packaged app that keeps them elsewhere. */
export function transcoderFiles(dir = process.env.ASSET_STUDIO_BASIS_DIR): { script: string; wasm: string } {
  if (dir) return { script: path.join(dir, 'basis_transcoder.js'), wasm: path.join(dir, 'basis_transcoder.wasm') };
  const resolve = createRequire(__filename).resolve;
  return {
    script: resolve('three/examples/jsm/libs/basis/basis_transcoder.js'),
    wasm: resolve('three/examples/jsm/libs/basis/basis_transcoder.wasm'),
  };
}

async function load(): Promise<BasisModule> {
  const files = transcoderFiles();
  const [source, wasmBinary] = await Promise.all([fs.readFile(files.script, 'utf8'), fs.readFile(files.wasm)]);
  // The glue's Node branch asks for `require` and `__filename`; it is given its own file's.
  const wrapped = vm.runInThisContext(`(function (module, exports, require, __filename, __dirname) {\n${source}\n})`, { filename: files.script }) as (
    module: { exports: unknown },
    exports: unknown,
    require: NodeJS.Require,
    filename: string,
    dirname: string,
  ) => void;
  const holder: { exports: unknown } = { exports: {} };
  wrapped(holder, holder.exports, createRequire(files.script), files.script, path.dirname(files.script));
  const factory = holder.exports as (moduleArg: object) => Promise<BasisModule>;
  if (typeof factory !== 'function') throw new Error(`${path.basename(files.script)} did not define the BASIS factory`);
  // Given the wasm bytes, the glue neither fetches nor reads anything itself.
  const module = await factory({ wasmBinary });
  module.initializeBasis();
  if (typeof module.KTX2File !== 'function') throw new Error('this Basis transcoder build has no KTX2 support');
  return module;
}

/** The transcoder, loaded on first use; a failed load is retried on the next call. */
export function basisTranscoder(): Promise<BasisModule> {
  loading ??= load().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/**
 * Transcodes one KTX2 (ETC1S or UASTC) image to RGBA8 at the largest mip
 * level no bigger than `maxSize` on either side (level 0 when the file has no
 * smaller level; the caller scales that one down). Synchronous wasm work: a
 * 2048² level takes about 25-35 ms here.
 */
export async function transcodeKtx2(bytes: Uint8Array, maxSize: number): Promise<TranscodedImage> {
  const basis = await basisTranscoder();
  const file = new basis.KTX2File(bytes);
  try {
    if (!file.isValid()) throw new Error('the KTX2 data is invalid or not Basis-compressed');
    if (file.isHDR?.()) throw new Error('HDR (UASTC HDR) textures cannot be previewed as 8-bit images');
    const fileWidth = file.getWidth();
    const fileHeight = file.getHeight();
    const levels = Math.max(1, file.getLevels());
    let level = 0;
    while (level + 1 < levels && Math.max(fileWidth >> level, fileHeight >> level) > maxSize) level++;
    if (!file.startTranscoding()) throw new Error('the Basis transcoder could not start on this texture');
    const info = file.getImageLevelInfo(level, 0, 0);
    const rgba = new Uint8Array(file.getImageTranscodedSizeInBytes(level, 0, 0, FORMAT_RGBA32));
    if (!file.transcodeImage(rgba, level, 0, 0, FORMAT_RGBA32, 0, -1, -1)) throw new Error('the Basis transcoder failed on this texture');
    const width = info.origWidth;
    const height = info.origHeight;
    if (rgba.byteLength < width * height * 4) throw new Error('the Basis transcoder returned fewer pixels than the texture has');
    return { rgba: rgba.subarray(0, width * height * 4), width, height, fileWidth, fileHeight, level, hasAlpha: file.getHasAlpha() };
  } finally {
    file.close();
    file.delete();
  }
}
