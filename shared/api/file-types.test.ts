/** Files are judged by content, not by name: each format's signature, and the size/type messages users see. */
import { describe, expect, it } from 'vitest';
import { LIMITS, checkFile, sniffFormat } from './index';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffFormat', () => {
  it('recognises images by their signatures', () => {
    expect(sniffFormat(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(sniffFormat(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffFormat(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
  });

  it('recognises videos', () => {
    expect(sniffFormat(bytes([0, 0, 0, 0x18], 'ftypmp42'))).toBe('mp4');
    expect(sniffFormat(bytes([0, 0, 0, 0x14], 'ftypqt  '))).toBe('mov');
    expect(sniffFormat(bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'))).toBe('avi');
  });

  it('recognises the eight model formats of upload-3d', () => {
    expect(sniffFormat(bytes('glTF', [2, 0, 0, 0]))).toBe('glb');
    expect(sniffFormat(bytes('BLENDER-v300'))).toBe('blend');
    expect(sniffFormat(bytes('Kaydara FBX Binary  ', [0]))).toBe('fbx');
    expect(sniffFormat(bytes('; FBX 7.4.0 project file\n'))).toBe('fbx');
    expect(sniffFormat(bytes('PXR-USDC'))).toBe('usdc');
    expect(sniffFormat(bytes('#usda 1.0\n'))).toBe('usda');
    expect(sniffFormat(bytes('ply\nformat ascii 1.0\n'))).toBe('ply');
    expect(sniffFormat(bytes('solid cube\n facet normal 0 0 1\n'))).toBe('stl');
    expect(sniffFormat(bytes('# cube\nmtllib cube.mtl\nv 0 0 0\nv 1 0 0\nf 1 2 3\n'))).toBe('obj');
    const binaryStl = new Uint8Array(84 + 50 * 2);
    new DataView(binaryStl.buffer).setUint32(80, 2, true);
    expect(sniffFormat(binaryStl, binaryStl.length)).toBe('stl');
  });

  it('does not trust a file name: a text file is not an image', () => {
    expect(sniffFormat(bytes('hello, I am not a PNG'))).toBeNull();
    expect(sniffFormat(new Uint8Array(0))).toBeNull();
  });
});

describe('checkFile', () => {
  const png = bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]);

  it('accepts an image under the limit', () => {
    expect(checkFile('Image', 'image', png, 1000)).toMatchObject({ ok: true, format: 'png', mime: 'image/png' });
  });

  it('refuses a 21 MB image and says the limit', () => {
    const r = checkFile('Image', 'image', png, 21 * 1024 * 1024);
    expect(r).toMatchObject({ ok: false, reason: 'too-large' });
    if (!r.ok) expect(r.message).toMatch(/21\.0 MB.*20\.0 MB/);
    expect(checkFile('Image', 'image', png, LIMITS.imageMaxBytes).ok).toBe(true);
  });

  it('refuses content of the wrong kind, whatever its name', () => {
    const glb = bytes('glTF', [2, 0, 0, 0]);
    expect(checkFile('Image', 'image', glb, 100)).toMatchObject({ ok: false, reason: 'wrong-type' });
    expect(checkFile('Video', 'video', png, 100)).toMatchObject({ ok: false, reason: 'wrong-type' });
    expect(checkFile('3D model', 'model', glb, 100)).toMatchObject({ ok: true, format: 'glb' });
  });

  it('refuses empty files', () => {
    expect(checkFile('Image', 'image', new Uint8Array(0), 0)).toMatchObject({ ok: false, reason: 'empty' });
  });
});
