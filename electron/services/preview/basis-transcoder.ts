/**
 * The Basis Universal transcoder that ships with three
 * (`three/examples/jsm/libs/basis/basis_transcoder.{js,wasm}`), run by the
 * main process. The page cannot run it: its JavaScript glue evaluates
 * strings, which the renderer's CSP forbids. Here it is plain Node.
 *
 * three's package is `"type": "module"` while the transcoder's glue is a
 * classic script that assigns `module.exports`, so `require()` cannot load it;
 * it is compiled with `vm` in a CommonJS-shaped wrapper instead.
 *
 * The loading and transcoding code is kept as plain-JavaScript source, once:
 * transcode-worker.ts runs it on a worker thread (the app's path), and this
 * module compiles the same text for in-thread use (the benchmark's reference,
 * and a fallback where no worker thread can start).
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

export interface TranscoderFiles {
  script: string;
  wasm: string;
  /** The SHA-256 each file must have before it runs (recorded with the app: BASIS_SHA256). */
  scriptSha256: string;
  wasmSha256: string;
}

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

/**
 * The SHA-256 of three's transcoder files as shipped with the app (three
 * 0.187.0). The files are read from outside the asar archive (a worker thread
 * reads plain files), so asar integrity does not cover them: the code that
 * runs them checks these first. basis-transcoder.test.ts fails when the
 * installed three carries other files, so a three upgrade records new ones.
 */
export const BASIS_SHA256 = {
  script: '8478b5b6d6b74e7d3082b89f6417321d8d1dc0307f2b30d4484bb11b441696a1',
  wasm: '6cf17dc889352c42e9acf8897107978d127005fe3386c36a0e3845e27967630a',
};

/**
 * Where the transcoder's files are: the app's own copy of three, always. No
 * environment variable or setting picks another folder: whatever runs here
 * runs inside the main process, with its secrets.
 */
export function transcoderFiles(): TranscoderFiles {
  const resolve = (file: string) => outsideAsar(createRequire(__filename).resolve(file));
  return {
    script: resolve('three/examples/jsm/libs/basis/basis_transcoder.js'),
    wasm: resolve('three/examples/jsm/libs/basis/basis_transcoder.wasm'),
    scriptSha256: BASIS_SHA256.script,
    wasmSha256: BASIS_SHA256.wasm,
  };
}

/** In a packaged app the files are unpacked beside the archive (forge.config.ts): the worker thread reads those. */
function outsideAsar(file: string): string {
  const marker = `app.asar${path.sep}`;
  if (!file.includes(marker)) return file;
  const unpacked = file.replace(marker, `app.asar.unpacked${path.sep}`);
  return fs.existsSync(unpacked) ? unpacked : file;
}

/**
 * Plain JavaScript: `loadTranscoder(files)` resolves to the initialised Basis
 * module; `transcodeKtx2(basis, bytes, maxSize)` transcodes one KTX2 (ETC1S or
 * UASTC) image to RGBA8 at the largest mip level no bigger than `maxSize` on
 * either side (level 0 when the file has no smaller one; the caller scales
 * that down). Needs `require` in scope.
 */
export const TRANSCODER_JS = String.raw`
async function loadTranscoder(files) {
  const fs = require('node:fs');
  const path = require('node:path');
  const vm = require('node:vm');
  const { createRequire } = require('node:module');
  const crypto = require('node:crypto');
  // The bytes checked are the bytes run: read once, hashed, then compiled.
  const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');
  const scriptBytes = fs.readFileSync(files.script);
  const wasmBytes = fs.readFileSync(files.wasm);
  if (sha256(scriptBytes) !== files.scriptSha256 || sha256(wasmBytes) !== files.wasmSha256) {
    throw new Error('the Basis transcoder files are not the ones shipped with the app (their SHA-256 differs), so they were not run');
  }
  const source = scriptBytes.toString('utf8');
  // The glue's Node branch asks for require and __filename: it is given its own file's.
  const wrapped = vm.runInThisContext('(function (module, exports, require, __filename, __dirname) {\n' + source + '\n})', { filename: files.script });
  const holder = { exports: {} };
  wrapped(holder, holder.exports, createRequire(files.script), files.script, path.dirname(files.script));
  if (typeof holder.exports !== 'function') throw new Error(path.basename(files.script) + ' did not define the BASIS factory');
  // Given the wasm bytes, the glue neither fetches nor reads anything itself.
  const basis = await holder.exports({ wasmBinary: wasmBytes });
  basis.initializeBasis();
  if (typeof basis.KTX2File !== 'function') throw new Error('this Basis transcoder build has no KTX2 support');
  return basis;
}

function transcodeKtx2(basis, bytes, maxSize) {
  const FORMAT_RGBA32 = 13; // basist::transcoder_texture_format::cTFRGBA32
  const file = new basis.KTX2File(bytes);
  try {
    if (!file.isValid()) throw new Error('the KTX2 data is invalid or not Basis-compressed');
    if (file.isHDR && file.isHDR()) throw new Error('HDR (UASTC HDR) textures cannot be previewed as 8-bit images');
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
    return { rgba: rgba.byteLength === width * height * 4 ? rgba : rgba.slice(0, width * height * 4), width, height, fileWidth, fileHeight, level, hasAlpha: file.getHasAlpha() };
  } finally {
    file.close();
    file.delete();
  }
}
`;

type BasisModule = object;
interface Compiled {
  loadTranscoder(files: TranscoderFiles): Promise<BasisModule>;
  transcodeKtx2(basis: BasisModule, bytes: Uint8Array, maxSize: number): TranscodedImage;
}

let compiled: Compiled | undefined;
let loading: Promise<BasisModule> | undefined;

function inThread(): Compiled {
  compiled ??= (
    vm.runInThisContext(`(function (require) {\n${TRANSCODER_JS}\nreturn { loadTranscoder, transcodeKtx2 };\n})`, { filename: 'preview-transcoder.js' }) as (
      require: NodeJS.Require,
    ) => Compiled
  )(createRequire(__filename));
  return compiled;
}

/** Loads the transcoder from `files` in this thread (tests: what a tampered file meets). */
export function loadTranscoderFrom(files: TranscoderFiles): Promise<BasisModule> {
  return inThread().loadTranscoder(files);
}

/** The transcoder in this thread, loaded on first use; a failed load is retried on the next call. */
export function basisTranscoder(): Promise<BasisModule> {
  loading ??= inThread()
    .loadTranscoder(transcoderFiles())
    .catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
  return loading;
}

/** In-thread transcoding (blocks the event loop 30-50 ms per 2048² texture; the app uses transcode-worker.ts). */
export async function transcodeKtx2(bytes: Uint8Array, maxSize: number): Promise<TranscodedImage> {
  const basis = await basisTranscoder();
  return inThread().transcodeKtx2(basis, bytes, maxSize);
}
