import { describe, expect, it } from 'vitest';
import { decodedBudget } from './gltf-declared';
import { accessorBomb, hdrHeader, jpegHeader, ktx2Header, makeGlb, pngHeader, triangleGlb, webpHeader } from './crafted-files';
import { checkGlb, checkGltfJson, checkImage, checkStl, type Verdict } from './verdicts';

const reason = (v: Verdict) => (v.ok ? 'accepted' : v.reason);
const MiB = 1024 ** 2;

/** A one-mesh GLB with `extra` merged into its JSON and `bin` as its BIN chunk. */
function glbWith(extra: object, bin = new Uint8Array(36)): Uint8Array {
  return makeGlb({ asset: { version: '2.0' }, meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }], ...extra }, bin);
}
const positions = { bufferView: 0, componentType: 5126, type: 'VEC3', count: 3 };

describe('decoded-size budget', () => {
  it.each([
    [300, 64 * MiB],
    [1 * MiB, 64 * MiB],
    [4 * MiB, 256 * MiB],
    [100 * MiB, 2 * 1024 * MiB],
  ])('a %i-byte file may ask for %i bytes', (file, budget) => {
    expect(decodedBudget(file)).toBe(budget);
  });
});

describe('a model is refused when it declares more than it holds', () => {
  it('refuses the 300-byte GLB that declares 100,000,000 vertices, in plain words', () => {
    const bomb = accessorBomb(100_000_000);
    expect(bomb.byteLength).toBeLessThan(400);
    expect(reason(checkGlb(bomb))).toBe(`This model declares 100,000,000 vertices in a ${bomb.byteLength}-byte file; it is damaged or hostile.`);
  });

  it.each([
    ['an accessor bomb of 10^6 vertices (12 MB of zeros from 308 bytes)', accessorBomb(1_000_000), /declares 1,000,000 vertices in a \d+-byte file/],
    ['an accessor without data of 20,000 vertices (240 KB, within 1 MiB): accepted', accessorBomb(20_000), 'accepted'],
    ['an accessor bomb of 10^7 vertices', accessorBomb(10_000_000), /declares 10,000,000 vertices in a \d+-byte file/],
    ['an accessor bomb of 10^9 vertices', accessorBomb(1_000_000_000), /declares 1,000,000,000 vertices/],
    ['a valid triangle', triangleGlb(), 'accepted'],
    ['buffer 0 longer than the BIN chunk', glbWith({ buffers: [{ byteLength: 1_000_000 }], bufferViews: [{ buffer: 0, byteLength: 36 }], accessors: [positions] }), /declares a 1,000,000-byte buffer but holds 36 bytes/],
    ['a buffer view past its buffer', glbWith({ buffers: [{ byteLength: 36 }], bufferViews: [{ buffer: 0, byteOffset: 24, byteLength: 36 }], accessors: [positions] }), /buffer view 0 reaches byte 60 of a 36-byte buffer/],
    ['an accessor past its buffer view', glbWith({ buffers: [{ byteLength: 36 }], bufferViews: [{ buffer: 0, byteLength: 36 }], accessors: [{ ...positions, count: 4 }] }), /accessor 0 reaches byte 48 of a 36-byte buffer view/],
    ['a strided accessor past its view', glbWith({ buffers: [{ byteLength: 36 }], bufferViews: [{ buffer: 0, byteLength: 36, byteStride: 16 }], accessors: [positions] }), /accessor 0 reaches byte 44/],
    [
      'a sparse accessor whose values lie outside their view',
      glbWith({ buffers: [{ byteLength: 36 }], bufferViews: [{ buffer: 0, byteLength: 36 }], accessors: [{ ...positions, sparse: { count: 3, indices: { bufferView: 0, componentType: 5125 }, values: { bufferView: 0, byteOffset: 12 } } }] }),
      /accessor 0 reaches byte 48/,
    ],
    [
      'a sparse count above the accessor count',
      glbWith({ buffers: [{ byteLength: 36 }], bufferViews: [{ buffer: 0, byteLength: 36 }], accessors: [{ ...positions, sparse: { count: 9, indices: { bufferView: 0, componentType: 5125 }, values: { bufferView: 0 } } }] }),
      /sparse count is not within its count/,
    ],
    [
      'a meshopt stream that decodes to 4 GB',
      glbWith({
        buffers: [{ byteLength: 36 }, { byteLength: 36, extensions: { EXT_meshopt_compression: { fallback: true } } }],
        bufferViews: [{ buffer: 1, byteLength: 36, extensions: { EXT_meshopt_compression: { buffer: 0, byteLength: 36, byteStride: 16, count: 250_000_000, mode: 'ATTRIBUTES' } } }],
        accessors: [positions],
      }),
      /declares 3\.7 GB of geometry once decoded in a \d+-byte file \(at most 64 MB is opened for a file this size\)/,
    ],
    ['a data-less buffer of 10 MB in a small file', glbWith({ buffers: [{ byteLength: 36 }, { byteLength: 10 * MiB }], bufferViews: [{ buffer: 0, byteLength: 36 }], accessors: [positions] }), /declares 10 MB of geometry it holds no data for in a \d+-byte file \(at most 1 MB for a file this size\)/],
    ['a data-less buffer of 3 GB', glbWith({ buffers: [{ byteLength: 36 }, { byteLength: 3_000_000_000 }], bufferViews: [{ buffer: 0, byteLength: 36 }], accessors: [positions] }), /declares 2\.8 GB of geometry/],
    ['an accessor with no count', glbWith({ accessors: [{ componentType: 5126, type: 'VEC3' }] }), /malformed \(accessor 0 has no valid type, component type or count\)/],
    ['a buffer view naming no buffer', glbWith({ buffers: [{ byteLength: 36 }], bufferViews: [{ buffer: 7, byteLength: 36 }] }), /buffer view 0 names no valid buffer/],
    [
      'a texture declaring 100,000 × 100,000 pixels',
      glbWith({ buffers: [{ byteLength: 36 }], bufferViews: [{ buffer: 0, byteLength: 36 }], images: [{ bufferView: 0, mimeType: 'image/png' }] }, pngHeader(100_000, 100_000).slice(0, 36)),
      "This model's texture 0 declares 100,000 × 100,000 pixels; images up to 16,384 pixels a side are opened, so it is refused.",
    ],
  ])('%s', (_name, file, expected) => {
    const got = reason(checkGlb(file));
    if (typeof expected === 'string') expect(got).toBe(expected);
    else expect(got).toMatch(expected);
  });

  it.each([
    ['cut short after its header', (g: Uint8Array) => g.subarray(0, 40), /declares \d+ bytes but the file holds 40: it is cut short/],
    ['a JSON chunk that does not parse', (g: Uint8Array) => Object.assign(g.slice(), { 20: 0x7b, 21: 0x7b }), /JSON does not parse/],
    ['GLB version 1', (g: Uint8Array) => Object.assign(g.slice(), { 4: 1 }), /version 1; only glTF 2\.0/],
    ['a JSON chunk longer than the file', (g: Uint8Array) => Object.assign(g.slice(), { 15: 0x7f }), /JSON chunk is missing or runs past the end/],
  ])('a GLB %s is refused', (_name, damage, expected) => {
    expect(reason(checkGlb(damage(triangleGlb())))).toMatch(expected);
  });

  it('a .gltf with an external buffer counts it as data to allocate, and refuses a huge one', () => {
    const json = (byteLength: number) => new Uint8Array(Buffer.from(JSON.stringify({ asset: { version: '2.0' }, buffers: [{ byteLength, uri: 'x.bin' }] })));
    expect(reason(checkGltfJson(json(1000)))).toBe('accepted');
    expect(reason(checkGltfJson(json(2_000_000_000)))).toMatch(/declares 1\.9 GB of geometry/);
  });

  it.each([
    ['matches its size', 2, 84 + 100, 'accepted'],
    ['declares 10^8 triangles in 184 bytes', 100_000_000, 84 + 100, /declares 100,000,000 triangles in a 184-byte file/],
  ])('a binary STL that %s', (_name, count, size, expected) => {
    const b = Buffer.alloc(size);
    b.writeUInt32LE(count, 80);
    const got = reason(checkStl(new Uint8Array(b)));
    if (typeof expected === 'string') expect(got).toBe(expected);
    else expect(got).toMatch(expected);
  });
});

describe('an image is refused when its header declares more than 16,384 pixels a side', () => {
  it.each([
    ['PNG 100,000 × 100,000', pngHeader(100_000, 100_000), 'This image declares 100,000 × 100,000 pixels; images up to 16,384 pixels a side are opened, so it is refused.'],
    ['PNG 16,384 × 8,192', pngHeader(16_384, 8192), 'accepted'],
    ['PNG 0 × 10', pngHeader(0, 10), 'This image declares 0 × 10 pixels; it is damaged or hostile.'],
    ['JPEG 65,000 × 65,000', jpegHeader(65_000, 65_000), /declares 65,000 × 65,000 pixels/],
    ['JPEG 1024 × 512', jpegHeader(1024, 512), 'accepted'],
    ['WebP 100,000 × 100,000', webpHeader(100_000, 100_000), /declares 100,000 × 100,000 pixels/],
    ['WebP 2048 × 2048', webpHeader(2048, 2048), 'accepted'],
    ['KTX2 100,000 × 100,000', ktx2Header(100_000, 100_000), /declares 100,000 × 100,000 pixels/],
    ['KTX2 4096 × 4096 whose level lies in the file', ktx2Header(4096, 4096, 1, 64), 'accepted'],
    ['KTX2 whose level index points past the end', ktx2Header(4096, 4096, 1, 64).subarray(0, 120), /mip levels point past the end of its data/],
    ['KTX2 declaring 3,997,697 levels', ktx2Header(64, 64, 1, 0).map((b, i) => (i === 42 ? 0x3d : b)), /declares 3,997,697 mip levels/],
    ['HDR 100,000 × 100,000', hdrHeader(100_000, 100_000), /declares 100,000 × 100,000 pixels/],
    ['HDR 1024 × 512', hdrHeader(1024, 512), 'accepted'],
    ['PNG cut inside its header', pngHeader(10, 10).subarray(0, 20), /This PNG image cannot be read: its header \(IHDR\) is missing or cut short/],
    ['JPEG without a frame header', new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]), /no frame header/],
    ['not an image', new Uint8Array(Buffer.from('<html>nope</html>')), /not an image in a format the app opens/],
  ])('%s', (_name, bytes, expected) => {
    const got = reason(checkImage(bytes));
    if (typeof expected === 'string') expect(got).toBe(expected);
    else expect(got).toMatch(expected);
  });
});
