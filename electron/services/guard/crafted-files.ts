/** Small hand-made files (the guard's tests, the hostile bench, warming a checking process): GLBs and image headers that declare what they like. */
import zlib from 'node:zlib';

/** A GLB of `json` and an optional BIN chunk, padded as the spec says. */
export function makeGlb(json: object, bin?: Uint8Array): Uint8Array {
  const text = Buffer.from(JSON.stringify(json));
  const jsonChunk = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
  const binChunk = bin ? Buffer.concat([Buffer.from(bin), Buffer.alloc((4 - (bin.length % 4)) % 4)]) : undefined;
  const total = 12 + 8 + jsonChunk.length + (binChunk ? 8 + binChunk.length : 0);
  const out = Buffer.alloc(total);
  out.writeUInt32LE(0x46546c67, 0);
  out.writeUInt32LE(2, 4);
  out.writeUInt32LE(total, 8);
  out.writeUInt32LE(jsonChunk.length, 12);
  out.writeUInt32LE(0x4e4f534a, 16);
  jsonChunk.copy(out, 20);
  if (binChunk) {
    const at = 20 + jsonChunk.length;
    out.writeUInt32LE(binChunk.length, at);
    out.writeUInt32LE(0x004e4942, at + 4);
    binChunk.copy(out, at + 8);
  }
  return new Uint8Array(out);
}

/** One triangle mesh whose POSITION accessor says `count` and has no data (glTF-Transform zero-fills it). */
export function accessorBomb(count: number): Uint8Array {
  return makeGlb({
    asset: { version: '2.0' },
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    accessors: [{ componentType: 5126, type: 'VEC3', count, min: [0, 0, 0], max: [1, 1, 1] }],
  });
}

/** A valid one-triangle GLB (positions in the BIN chunk). */
export function triangleGlb(): Uint8Array {
  const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  return makeGlb(
    {
      asset: { version: '2.0' },
      scenes: [{ nodes: [0] }],
      nodes: [{ mesh: 0 }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
      buffers: [{ byteLength: 36 }],
      bufferViews: [{ buffer: 0, byteLength: 36 }],
      accessors: [{ bufferView: 0, componentType: 5126, type: 'VEC3', count: 3, min: [0, 0, 0], max: [1, 1, 0] }],
    },
    new Uint8Array(positions.buffer),
  );
}

/** A PNG signature and IHDR declaring `width` × `height` (no pixel data follows). */
export function pngHeader(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b[24] = 8;
  b[25] = 6;
  return new Uint8Array(b);
}

/** A JPEG start and a baseline frame header (SOF0) declaring the size, after an APP0 segment. */
export function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof]);
}

/** A WebP with an extended (VP8X) header declaring the size. */
export function webpHeader(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(22, 4);
  b.write('WEBPVP8X', 8, 'latin1');
  b.writeUInt32LE(10, 16);
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return new Uint8Array(b);
}

/** A KTX2 header declaring the size, with `levels` level entries each claiming `levelBytes` at offset 104. */
export function ktx2Header(width: number, height: number, levels = 1, levelBytes = 0): Uint8Array {
  const b = Buffer.alloc(80 + levels * 24 + levelBytes);
  Buffer.from([0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32LE(width, 20);
  b.writeUInt32LE(height, 24);
  b.writeUInt32LE(1, 36);
  b.writeUInt32LE(levels, 40);
  for (let i = 0; i < levels; i++) {
    b.writeBigUInt64LE(BigInt(80 + levels * 24), 80 + i * 24);
    b.writeBigUInt64LE(BigInt(levelBytes), 88 + i * 24);
  }
  return new Uint8Array(b);
}

/** A Radiance HDR header declaring the size (no scanlines). */
export function hdrHeader(width: number, height: number): Uint8Array {
  return new Uint8Array(Buffer.from(`#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y ${height} +X ${width}\n`, 'latin1'));
}

/** A real PNG whose IHDR is rewritten to declare `width` × `height` (its checksum fixed, so only the size lies). */
export function withPngSize(png: Uint8Array, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(zlib.crc32(out.subarray(12, 29)), 29);
  return out;
}
