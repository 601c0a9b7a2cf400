/**
 * What a downloaded asset's bytes are, measured as they stream past: their
 * count and SHA-256, and the container's header fields (a GLB's magic,
 * version, declared length and chunks, its JSON chunk parsed; a PNG's
 * signature and every chunk with its checksum). Memory stays bounded: only a
 * chunk header and a GLB's JSON chunk (at most MAX_JSON_BYTES) are held.
 *
 * The probe only measures; what the measurement means (complete, incomplete,
 * invalid, too large) is decided by ./decide/download-verdict.ts.
 */
import crypto from 'node:crypto';

export const MAX_JSON_BYTES = 64 * 1024 * 1024;

const GLB_MAGIC = 0x46546c67; // "glTF"
export const CHUNK_JSON = 0x4e4f534a;
export const CHUNK_BIN = 0x004e4942;
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface GlbJsonFacts {
  /** Why the JSON chunk does not parse, or why its buffer views do not fit. */
  error?: string;
  buffers: { byteLength?: number; uri?: string }[];
  bufferViews: { buffer?: number; byteOffset?: number; byteLength?: number }[];
}

export interface GlbFacts {
  magic?: number;
  version?: number;
  declaredLength?: number;
  /** Chunks whose 8-byte header arrived, in order: type, length and where the data starts. */
  chunks: { type: number; length: number; start: number }[];
  /** Set once the whole JSON chunk arrived (or was too large to keep). */
  json?: GlbJsonFacts;
}

export interface PngFacts {
  signatureOk?: boolean;
  /** Chunk types seen complete, in order (at most the first 64 kept, then only IEND). */
  chunks: string[];
  /** The first chunk whose CRC did not match. */
  badCrc?: string;
  /** A chunk declared a length above 2^31 − 1. */
  badLength?: boolean;
  ended: boolean;
  /** Bytes after IEND. */
  trailing: number;
  /** Inside a chunk when the bytes stopped. */
  cutInChunk?: string;
}

export interface Measured {
  format: 'glb' | 'png';
  received: number;
  sha256: string;
  /** The first bytes (up to 16), to say what a wrong file is (an HTML page...). */
  head: Buffer;
  glb?: GlbFacts;
  png?: PngFacts;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crcUpdate(crc: number, bytes: Buffer): number {
  let c = crc;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return c;
}

export class AssetProbe {
  private received = 0;
  private readonly hash = crypto.createHash('sha256');
  private head = Buffer.alloc(0);
  /** Bytes of a header being assembled (GLB header, chunk header, PNG chunk header/CRC). */
  private pending = Buffer.alloc(0);
  private readonly glb?: GlbFacts;
  private readonly png?: PngFacts;
  // GLB: bytes of the current chunk's data still to come, and the JSON collected.
  private chunkLeft = 0;
  private jsonParts: Buffer[] = [];
  private jsonKept = 0;
  private inJson = false;
  // PNG: where we are inside a chunk.
  private pngStage: 'signature' | 'header' | 'data' | 'crc' = 'signature';
  private pngType = '';
  private pngCrc = 0;

  constructor(readonly format: 'glb' | 'png') {
    if (format === 'glb') this.glb = { chunks: [] };
    else this.png = { chunks: [], ended: false, trailing: 0 };
  }

  push(chunk: Buffer): void {
    this.received += chunk.length;
    this.hash.update(chunk);
    if (this.head.length < 16) this.head = Buffer.concat([this.head, chunk.subarray(0, 16 - this.head.length)]);
    if (this.glb) this.pushGlb(chunk);
    else this.pushPng(chunk);
  }

  result(): Measured {
    return {
      format: this.format,
      received: this.received,
      sha256: this.hash.copy().digest('hex'),
      head: this.head,
      ...(this.glb ? { glb: this.glb } : {}),
      ...(this.png ? { png: { ...this.png, ...(this.pngStage !== 'header' && this.pngStage !== 'signature' && !this.png.ended ? { cutInChunk: this.pngType } : {}) } } : {}),
    };
  }

  /** Takes `n` header bytes from `chunk` into `pending`; returns the rest once `pending` holds n. */
  private fill(chunk: Buffer, n: number): { ready: boolean; rest: Buffer } {
    const need = n - this.pending.length;
    this.pending = Buffer.concat([this.pending, chunk.subarray(0, need)]);
    return { ready: this.pending.length === n, rest: chunk.subarray(Math.max(0, need)) };
  }

  private pushGlb(input: Buffer): void {
    const g = this.glb!;
    let chunk = input;
    while (chunk.length > 0) {
      if (g.magic === undefined) {
        const f = this.fill(chunk, 12);
        chunk = f.rest;
        if (!f.ready) return;
        g.magic = this.pending.readUInt32LE(0);
        g.version = this.pending.readUInt32LE(4);
        g.declaredLength = this.pending.readUInt32LE(8);
        this.pending = Buffer.alloc(0);
        // Not a GLB: nothing further to read in it.
        if (g.magic !== GLB_MAGIC) return;
        continue;
      }
      if (g.magic !== GLB_MAGIC) return;
      if (this.chunkLeft === 0) {
        const f = this.fill(chunk, 8);
        chunk = f.rest;
        if (!f.ready) return;
        const length = this.pending.readUInt32LE(0);
        const type = this.pending.readUInt32LE(4);
        this.pending = Buffer.alloc(0);
        g.chunks.push({ type, length, start: this.received - chunk.length });
        this.chunkLeft = length;
        this.inJson = g.chunks.length === 1 && type === CHUNK_JSON;
        if (this.inJson && length === 0) this.finishJson();
        continue;
      }
      const take = chunk.subarray(0, this.chunkLeft);
      chunk = chunk.subarray(take.length);
      this.chunkLeft -= take.length;
      if (this.inJson) {
        if (this.jsonKept + take.length <= MAX_JSON_BYTES) this.jsonParts.push(take);
        this.jsonKept += take.length;
        if (this.chunkLeft === 0) this.finishJson();
      }
    }
  }

  private finishJson(): void {
    const g = this.glb!;
    this.inJson = false;
    if (this.jsonKept > MAX_JSON_BYTES) {
      g.json = { error: `its JSON chunk is larger than ${MAX_JSON_BYTES / 1024 / 1024} MB`, buffers: [], bufferViews: [] };
    } else {
      try {
        const parsed = JSON.parse(Buffer.concat(this.jsonParts).toString('utf8').replace(/[ \0]+$/, '')) as { buffers?: unknown; bufferViews?: unknown };
        g.json = {
          buffers: Array.isArray(parsed?.buffers) ? (parsed.buffers as GlbJsonFacts['buffers']) : [],
          bufferViews: Array.isArray(parsed?.bufferViews) ? (parsed.bufferViews as GlbJsonFacts['bufferViews']) : [],
        };
      } catch {
        g.json = { error: 'its JSON chunk does not parse', buffers: [], bufferViews: [] };
      }
    }
    this.jsonParts = [];
  }

  private pushPng(input: Buffer): void {
    const p = this.png!;
    let chunk = input;
    while (chunk.length > 0) {
      if (p.ended || p.signatureOk === false || p.badLength) {
        if (p.ended) p.trailing += chunk.length;
        return;
      }
      switch (this.pngStage) {
        case 'signature': {
          const f = this.fill(chunk, 8);
          chunk = f.rest;
          if (!f.ready) {
            // A wrong first byte already says it is not a PNG.
            if (!PNG_SIGNATURE.subarray(0, this.pending.length).equals(this.pending)) p.signatureOk = false;
            return;
          }
          p.signatureOk = this.pending.equals(PNG_SIGNATURE);
          this.pending = Buffer.alloc(0);
          this.pngStage = 'header';
          break;
        }
        case 'header': {
          const f = this.fill(chunk, 8);
          chunk = f.rest;
          if (!f.ready) return;
          const length = this.pending.readUInt32BE(0);
          this.pngType = this.pending.subarray(4, 8).toString('latin1');
          this.pngCrc = crcUpdate(0xffffffff, this.pending.subarray(4, 8));
          this.pending = Buffer.alloc(0);
          if (length > 0x7fffffff) {
            p.badLength = true;
            return;
          }
          this.chunkLeft = length;
          this.pngStage = length > 0 ? 'data' : 'crc';
          break;
        }
        case 'data': {
          const take = chunk.subarray(0, this.chunkLeft);
          chunk = chunk.subarray(take.length);
          this.chunkLeft -= take.length;
          this.pngCrc = crcUpdate(this.pngCrc, take);
          if (this.chunkLeft === 0) this.pngStage = 'crc';
          break;
        }
        case 'crc': {
          const f = this.fill(chunk, 4);
          chunk = f.rest;
          if (!f.ready) return;
          const expected = this.pending.readUInt32BE(0);
          this.pending = Buffer.alloc(0);
          if (((this.pngCrc ^ 0xffffffff) >>> 0) !== expected && p.badCrc === undefined) p.badCrc = this.pngType;
          if (p.chunks.length < 64 || this.pngType === 'IEND') p.chunks.push(this.pngType);
          if (this.pngType === 'IEND') p.ended = true;
          this.pngStage = 'header';
          break;
        }
      }
    }
  }
}

/** Measures a whole buffer (tests, and files already on disk read in chunks). */
export function measureBytes(bytes: Buffer, format: 'glb' | 'png', chunkSize = 64 * 1024): Measured {
  const probe = new AssetProbe(format);
  for (let i = 0; i < bytes.length; i += chunkSize) probe.push(bytes.subarray(i, i + chunkSize));
  return probe.result();
}
