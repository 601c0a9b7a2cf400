/** Staging: copies by path or bytes, checks type by content and size, reads image pixel sizes. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accessorBomb, jpegHeader, pngHeader } from '../guard/crafted-files';
import { StagingArea } from './staging';

function dir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'staging-'));
}

describe('file staging', () => {
  it('stages an image by path with its hash and pixel size, and keeps a copy the original cannot change', async () => {
    const data = dir();
    const src = path.join(dir(), 'photo.jpg');
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123' } }).jpeg().toFile(src);
    const staging = new StagingArea(data);
    const r = await staging.stagePath(src);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({ name: 'photo.jpg', format: 'jpeg', kind: 'image', mime: 'image/jpeg', width: 40, height: 30 });
    expect(r.value.sha256).toMatch(/^[0-9a-f]{64}$/);
    fs.writeFileSync(src, 'changed');
    const copy = staging.filePath(r.value.id)!;
    expect(fs.readFileSync(copy).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await staging.get(r.value.id)).ok).toBe(true);
  });

  it('refuses content that is not an accepted type whatever its name says, and empty files', async () => {
    const staging = new StagingArea(dir());
    const fake = await staging.stageBytes('image.png', new TextEncoder().encode('<html>definitely not a png</html>'));
    expect(fake.ok).toBe(false);
    if (!fake.ok) expect(fake.problem.reason).toBe('wrong-type');
    const empty = await staging.stageBytes('x.png', new Uint8Array());
    expect(empty.ok).toBe(false);
    expect((await staging.get('../../etc')).ok).toBe(false);
  });

  it.each([
    ['b.glb', () => accessorBomb(100_000_000), /^b\.glb: This model declares 100,000,000 vertices in a \d+-byte file; it is damaged or hostile\.$/],
    ['huge.png', () => pngHeader(100_000, 100_000), /^huge\.png: This image declares 100,000 × 100,000 pixels; images up to 16,384 pixels a side are opened, so it is refused\.$/],
    ['huge.jpg', () => jpegHeader(65_000, 65_000), /declares 65,000 × 65,000 pixels/],
  ])('refuses %s by what it declares, before decoding it, and keeps nothing', async (name, bytes, says) => {
    const data = dir();
    const staging = new StagingArea(data);
    const started = Date.now();
    const r = await staging.stageBytes(name, bytes());
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problem.reason).toBe('refused');
      expect(r.problem.message).toMatch(says);
    }
    // Refused from the header: not the tens of seconds decoding it took.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(fs.readdirSync(path.join(data, 'staging'))).toEqual([]);
  });

  it('refuses an image over the 20 MB limit', async () => {
    const staging = new StagingArea(dir());
    const big = new Uint8Array(21 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const r = await staging.stageBytes('huge.png', big);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.message).toMatch(/limit/);
  });
});
