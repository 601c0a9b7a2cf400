import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hdrHeader } from './crafted-files';
import { PANORAMA_MAX_BYTES, panoramaVerdict } from './panorama';

const CORPUS = path.resolve(__dirname, '../../../../shared/corpus/panorama');
const real = (name: string) => {
  const file = path.join(CORPUS, name);
  return { head: new Uint8Array(readFileSync(file).subarray(0, 64 * 1024)), size: statSync(file).size };
};

describe('panoramaVerdict (a dropped HDR judged by its header before the loader decodes it)', () => {
  it.each(['potsdamer_platz_1k.hdr', 'venice_sunset_1k.hdr'])('opens the corpus panorama %s with its size', (name) => {
    const { head, size } = real(name);
    expect(panoramaVerdict(head, size)).toEqual({ ok: true, width: 1024, height: 512 });
  });

  it.each([
    ['100,000 × 100,000 pixels in 300 bytes', hdrHeader(100_000, 100_000), 300, /declares 100,000 × 100,000 pixels; images up to 16,384 pixels a side/],
    ['16,384 × 8,192 pixels in 1 MB (1 GB once decoded)', hdrHeader(16_384, 8_192), 1024 ** 2, /declares 16,384 × 8,192 pixels in a 1\.0 MB file; it is damaged or hostile/],
    ['no pixels', hdrHeader(0, 512), 300, /declares 0 × 512 pixels/],
    ['a header with no end', new Uint8Array(Buffer.from('#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n-Y 512 +X 1024\n')), 300, /cannot be read: its header has no end/],
    ['a resolution line in the wrong form', new Uint8Array(Buffer.from('#?RADIANCE\n\n-Y 512 -Y 1024\n')), 300, /cannot be read: its resolution line is missing or malformed/],
    ['a PNG named .hdr', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 300, /not a Radiance HDR panorama/],
    ['a file over the size opened', hdrHeader(1024, 512), PANORAMA_MAX_BYTES + 1, /panoramas up to 512(\.0)? MB are opened/],
  ])('refuses %s, in plain words', (_what, head, size, reason) => {
    const verdict = panoramaVerdict(head, size);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? '' : verdict.reason).toMatch(reason);
  });
});
