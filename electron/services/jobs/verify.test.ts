/** Structural checks of downloaded assets: what passes into the cache and what is retried. */
import { Document, NodeIO } from '@gltf-transform/core';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { tempDir } from './test/harness';
import { verifyAsset, verifyGlb } from './verify';

async function boxGlb(): Promise<Buffer> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const pos = doc.createAccessor().setType('VEC3').setBuffer(buffer).setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
  const prim = doc.createPrimitive().setAttribute('POSITION', pos);
  const mesh = doc.createMesh('tri').addPrimitive(prim);
  doc.createScene().addChild(doc.createNode().setMesh(mesh));
  return Buffer.from(await new NodeIO().writeBinary(doc));
}

describe('asset verification', () => {
  it('accepts a complete GLB and refuses truncated, wrong-version or out-of-range ones', async () => {
    const glb = await boxGlb();
    expect(verifyGlb(glb)).toEqual({ ok: true });
    const cut = verifyGlb(glb.subarray(0, glb.length - 10));
    expect(cut.ok).toBe(false);
    if (!cut.ok) expect(cut.reason).toMatch(/incomplete/);
    const v1 = Buffer.from(glb);
    v1.writeUInt32LE(1, 4);
    expect(verifyGlb(v1).ok).toBe(false);
    // Point a bufferView past the end of its buffer (same JSON length, so the layout stays intact).
    const jsonLength = glb.readUInt32LE(12);
    const json = glb.subarray(20, 20 + jsonLength).toString('utf8');
    const bad = json.replace(/"byteLength":(\d+)/, (_m, n: string) => `"byteLength":${'9'.repeat(n.length)}`);
    const tampered = Buffer.concat([glb.subarray(0, 20), Buffer.from(bad), glb.subarray(20 + jsonLength)]);
    const res = verifyGlb(tampered);
    expect(res.ok).toBe(false);
    expect(verifyGlb(Buffer.from('<html>not found</html>')).ok).toBe(false);
  });

  it('accepts a decodable PNG and refuses a cut one', async () => {
    const dir = tempDir('verify');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f80' } }).png().toBuffer();
    const good = path.join(dir, 'good.png');
    const cut = path.join(dir, 'cut.png');
    fs.writeFileSync(good, png);
    fs.writeFileSync(cut, png.subarray(0, Math.floor(png.length / 2)));
    expect((await verifyAsset(good, 'png')).ok).toBe(true);
    expect((await verifyAsset(cut, 'png')).ok).toBe(false);
  });
});
