/**
 * What a download's bytes mean: each class (complete, incomplete, invalid,
 * too large) for GLBs and PNGs, measured in a stream whatever the chunking,
 * and what the engine does next. No sandbox, no timers.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { AssetProbe, measureBytes } from '../asset-probe';
import { inspectionSkipped, judgeAsset, nextDownloadStep, type AssetVerdict, type DownloadTiming } from './download-verdict';

let glb: Buffer;
let png: Buffer;
beforeAll(async () => {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const pos = doc.createAccessor().setType('VEC3').setBuffer(buffer).setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
  doc.createScene().addChild(doc.createNode().setMesh(doc.createMesh('tri').addPrimitive(doc.createPrimitive().setAttribute('POSITION', pos))));
  glb = Buffer.from(await new NodeIO().writeBinary(doc));
  png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#3a6' } }).png().toBuffer();
});

const CAP = 10 * 1024 * 1024;
function judge(bytes: Buffer, format: 'glb' | 'png', declaredBytes?: number, chunk = 64 * 1024): AssetVerdict {
  return judgeAsset(measureBytes(bytes, format, chunk), { capBytes: CAP, ...(declaredBytes !== undefined ? { declaredBytes } : {}) });
}

function withJson(source: Buffer, edit: (json: string) => string): Buffer {
  const jsonLength = source.readUInt32LE(12);
  const json = edit(source.subarray(20, 20 + jsonLength).toString('utf8'));
  const out = Buffer.concat([source.subarray(0, 20), Buffer.from(json.padEnd(jsonLength, ' ').slice(0, jsonLength)), source.subarray(20 + jsonLength)]);
  return out;
}

describe('judgeAsset', () => {
  const cases: [string, () => [Buffer, 'glb' | 'png', number?], AssetVerdict['kind'], RegExp?][] = [
    ['a whole GLB', () => [glb, 'glb'], 'complete'],
    ['a GLB cut short (Content-Length says so too)', () => [glb.subarray(0, glb.length - 10), 'glb', glb.length], 'incomplete', /of the \d+ bytes announced/],
    ['a GLB cut short under a matching Content-Length (the GLB header says)', () => [glb.subarray(0, glb.length - 10), 'glb', glb.length - 10], 'incomplete', /header declares/],
    ['the first bytes of a GLB only', () => [glb.subarray(0, 6), 'glb'], 'incomplete', /too short/],
    ['an empty answer', () => [Buffer.alloc(0), 'glb'], 'incomplete', /empty/],
    ['GLB version 1', () => [Buffer.from(glb).fill(0, 4, 8).fill(1, 4, 5), 'glb'], 'invalid', /version 1/],
    ['wrong magic', () => [Buffer.concat([Buffer.from('gLTF'), glb.subarray(4)]), 'glb'], 'invalid', /not "glTF"/],
    ['an HTML error page', () => [Buffer.from('<!DOCTYPE html><html><body>Bad gateway</body></html>'), 'glb'], 'invalid', /HTML/],
    ['an unparsable JSON chunk', () => [withJson(glb, (j) => `{{${j.slice(2)}`), 'glb'], 'invalid', /does not parse/],
    ['a buffer view past its buffer', () => [withJson(glb, (j) => j.replace(/"byteLength":(\d+)/, (_m, n: string) => `"byteLength":${'9'.repeat(n.length)}`)), 'glb'], 'invalid', /bufferView/],
    ['more bytes than the GLB header declares', () => [Buffer.concat([glb, Buffer.alloc(8)]), 'glb'], 'invalid', /more than/],
    ['a whole PNG', () => [png, 'png'], 'complete'],
    ['a PNG cut short', () => [png.subarray(0, Math.floor(png.length / 2)), 'png'], 'incomplete', /stops inside/],
    ['a PNG without its last chunk', () => [png.subarray(0, png.length - 12), 'png'], 'incomplete', /before its IEND/],
    ['a PNG with a flipped byte', () => [Buffer.from(png).fill(0x55, 40, 41), 'png'], 'invalid', /checksum/],
    ['a JPEG where a PNG belongs', () => [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]), 'png'], 'invalid', /signature/],
    ['an HTML page where a PNG belongs', () => [Buffer.from('<html>Not found</html>'), 'png'], 'invalid', /HTML/],
    ['declared over the cap', () => [glb, 'glb', CAP + 1], 'too-large', /larger than the 10 MB cap/],
  ];
  it.each(cases)('%s → %s', (_what, make, kind, says) => {
    const [bytes, format, declared] = make();
    const v = judge(bytes, format, declared);
    expect(v.kind).toBe(kind);
    if (says && v.kind !== 'complete') expect(v.reason).toMatch(says);
  });

  it.each([1, 3, 7, 1000])('measures the same in chunks of %i bytes as in one piece', (size) => {
    for (const [bytes, format] of [[glb, 'glb'], [png, 'png'], [glb.subarray(0, 50), 'glb'], [Buffer.from(png).fill(0x55, 40, 41), 'png']] as const) {
      const whole = measureBytes(bytes, format, bytes.length || 1);
      const chunked = measureBytes(bytes, format, size);
      expect(chunked).toEqual(whole);
      expect(judgeAsset(chunked, { capBytes: CAP })).toEqual(judgeAsset(whole, { capBytes: CAP }));
    }
  });

  it('streams past the cap as too large, and hashes what it saw', () => {
    const probe = new AssetProbe('glb');
    probe.push(glb);
    const m = probe.result();
    expect(judgeAsset(m, { capBytes: glb.length - 1 }).kind).toBe('too-large');
    expect(m.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(m.received).toBe(glb.length);
  });
});

describe('nextDownloadStep', () => {
  const T: DownloadTiming = { downloadDeadlineMs: 600_000, downloadRetryBaseMs: 2_000, downloadRetryCapMs: 30_000, invalidMaxAttempts: 3, invalidWindowMs: 60_000 };
  const incomplete: AssetVerdict = { kind: 'incomplete', reason: 'not yet' };
  const invalid: AssetVerdict = { kind: 'invalid', reason: 'not a GLB' };
  const tooLarge: AssetVerdict = { kind: 'too-large', reason: 'the file is larger than the 2 GB cap' };
  it.each<[string, AssetVerdict, { attempts: number; invalidAttempts: number; elapsed: number }, string]>([
    ['complete', { kind: 'complete' }, { attempts: 1, invalidAttempts: 0, elapsed: 0 }, 'ready'],
    ['incomplete, early', incomplete, { attempts: 1, invalidAttempts: 0, elapsed: 1_000 }, 'retry'],
    ['incomplete, 85th attempt before the deadline', incomplete, { attempts: 85, invalidAttempts: 0, elapsed: 590_000 }, 'retry'],
    ['incomplete at the deadline', incomplete, { attempts: 40, invalidAttempts: 0, elapsed: 600_000 }, 'unavailable'],
    ['invalid once', invalid, { attempts: 1, invalidAttempts: 1, elapsed: 0 }, 'retry'],
    ['invalid twice', invalid, { attempts: 2, invalidAttempts: 2, elapsed: 10_000 }, 'retry'],
    ['invalid three times', invalid, { attempts: 3, invalidAttempts: 3, elapsed: 20_000 }, 'unavailable'],
    ['invalid with the minute nearly gone', invalid, { attempts: 2, invalidAttempts: 2, elapsed: 59_000 }, 'unavailable'],
    ['too large', tooLarge, { attempts: 1, invalidAttempts: 0, elapsed: 0 }, 'unavailable'],
  ])('%s → %s', (_what, verdict, p, action) => {
    for (const r of [0, 0.5, 0.999]) {
      const step = nextDownloadStep(verdict, { attempts: p.attempts, invalidAttempts: p.invalidAttempts, sinceMs: 0, nowMs: p.elapsed }, T, r);
      expect(step.action).toBe(action);
      if (step.action === 'retry') expect(step.delayMs).toBeLessThanOrEqual(T.downloadRetryCapMs);
    }
  });

  it('an invalid file gets at most 3 attempts, all within 60 s', () => {
    for (const r of [0, 0.3, 0.999]) {
      let now = 0;
      let attempts = 0;
      for (;;) {
        attempts++;
        const step = nextDownloadStep(invalid, { attempts, invalidAttempts: attempts, sinceMs: 0, nowMs: now }, T, r);
        if (step.action !== 'retry') break;
        now += step.delayMs;
      }
      expect(attempts).toBeLessThanOrEqual(3);
      expect(now).toBeLessThan(60_000);
    }
  });
});

describe('inspectionSkipped', () => {
  const MB = 1024 * 1024;
  it.each<[number, RegExp | undefined]>([
    [40 * MB, undefined],
    [512 * MB, undefined],
    [700 * MB, /^Kept without statistics or validation: the model is 700 MB, .*whole file in memory.*up to 512 MB\. The file arrived complete/],
    [1900 * MB, /the model is 1900 MB/],
  ])('a %i-byte model: %s', (bytes, reason) => {
    const said = inspectionSkipped(bytes);
    if (reason) expect(said).toMatch(reason);
    else expect(said).toBeUndefined();
  });
});
