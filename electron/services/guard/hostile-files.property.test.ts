/**
 * Property tests of the checks a file from outside meets: random mutations and
 * truncations of the corpus's real GLBs and images, and declared sizes far
 * beyond the data. Each file goes through a checking process as a
 * downloaded asset does (guard, then validator, statistics or thumbnail) and
 * must end accepted, or refused with a reason, within the time bound; the
 * thread never takes the process down.
 *
 * Needs the corpus beside the checkout (../shared/corpus, or
 * ASSET_STUDIO_CORPUS). Under CI its absence fails the run (testkit/shared-files).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { corpusFile, missingSharedFile } from '../../../testkit/shared-files';
import { CheckPool } from './check-pool';
import { pngHeader } from './crafted-files';
import { checkGlb, checkImage, MAX_IMAGE_SIDE } from './verdicts';


/** Small corpus files, so that each case decodes in well under the bound: plain, Draco, meshopt, WebP-textured. */
const MODELS = ['alien.glb', 'Fox.glb', 'Fox.draco.glb', 'Fox.meshopt.glb', 'terrain.glb'].map((f) => `gltf/${f}`);
const IMAGES = ['panorama/venice_sunset_1k.jpg', 'panorama/venice_sunset_1k.hdr'];
const BOUND_MS = 20_000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-props-'));
const pool = new CheckPool({ size: 2, timeLimitMs: BOUND_MS });
afterAll(async () => {
  await pool.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

const read = (name: string) => new Uint8Array(fs.readFileSync(corpusFile(name)));
let n = 0;

/** Through the checking thread like a downloaded asset; answers 'accepted' or the refusal, and how long it took. */
async function throughThread(bytes: Uint8Array, format: 'glb' | 'png'): Promise<{ answer: string; ms: number }> {
  const file = path.join(dir, `case-${n++}.${format}`);
  fs.writeFileSync(file, bytes);
  const started = Date.now();
  const got = await pool.run({ kind: 'inspect-asset', file, format, ...(format === 'png' ? { thumbnail: `${file}.thumb.png` } : {}) });
  fs.rmSync(file, { force: true });
  fs.rmSync(`${file}.thumb.png`, { force: true });
  return { answer: 'refused' in got ? got.refused : 'accepted', ms: Date.now() - started };
}

/** Byte edits at random places, then perhaps a cut. */
const damage = (length: number) =>
  fc.record({
    edits: fc.array(fc.record({ at: fc.nat({ max: length - 1 }), value: fc.integer({ min: 0, max: 255 }) }), { minLength: 1, maxLength: 12 }),
    cut: fc.option(fc.nat({ max: length - 1 }), { nil: undefined }),
  });

function apply(bytes: Uint8Array, d: { edits: { at: number; value: number }[]; cut?: number }): Uint8Array {
  const out = bytes.slice();
  for (const e of d.edits) out[e.at] = e.value;
  return d.cut === undefined ? out : out.subarray(0, d.cut);
}

/** Edits aimed at the GLB's header and JSON, where the declarations are. */
function inHead(bytes: Uint8Array): number {
  return Math.min(bytes.length, 20 + new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true));
}

describe('hostile files: every one ends accepted or refused with a reason, in time, without a crash', () => {
  beforeEach((ctx) => {
    const missing = missingSharedFile([...MODELS, ...IMAGES].map((f) => corpusFile(f)), 'The hostile-file property tests');
    if (missing) ctx.skip(missing);
  });

  it.each(MODELS)('the corpus model %s is accepted as it is', async (name) => {
    expect((await throughThread(read(name), 'glb')).answer).toBe('accepted');
  });

  it('mutated and truncated corpus GLBs', async () => {
    const models = MODELS.map(read);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: models.length - 1 }).chain((i) => fc.tuple(fc.constant(i), damage(inHead(models[i]!)), fc.boolean())), async ([i, d, anywhere]) => {
        const source = models[i]!;
        // Half the cases edit anywhere in the file (binary data too), half only the header and JSON.
        const edits = anywhere ? d.edits.map((e) => ({ ...e, at: Math.floor((e.at / inHead(source)) * source.length) })) : d.edits;
        const { answer, ms } = await throughThread(apply(source, { edits, ...(d.cut !== undefined ? { cut: d.cut } : {}) }), 'glb');
        expect(answer.length).toBeGreaterThan(0);
        expect(ms).toBeLessThan(BOUND_MS);
      }),
      { numRuns: 40 },
    );
  }, 300_000);

  it('declared sizes far beyond the data are refused before anything decodes them', async () => {
    const models = MODELS.map(read);
    await fc.assert(
      fc.property(
        fc.nat({ max: models.length - 1 }),
        fc.constantFrom('accessor-count', 'buffer-length', 'view-length', 'view-offset'),
        fc.nat(),
        fc.integer({ min: 2, max: 2 ** 32 - 1 }),
        (i, field, pick, factor) => {
          const glb = models[i]!;
          const view = new DataView(glb.buffer, glb.byteOffset);
          const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, inHead(glb)))) as Record<string, Record<string, number>[]>;
          const list = field === 'accessor-count' ? json.accessors! : field === 'buffer-length' ? json.buffers! : json.bufferViews!;
          const item = list[pick % list.length]!;
          const key = field === 'accessor-count' ? 'count' : field === 'view-offset' ? 'byteOffset' : 'byteLength';
          // Far beyond: at least the whole file again, up to 2^32 - 1.
          item[key] = Math.min(2 ** 32 - 1, Math.max(glb.length * 64 + (item[key] ?? 0), (item[key] ?? 1) * factor));
          const text = Buffer.from(JSON.stringify(json));
          const padded = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
          const rest = glb.subarray(inHead(glb));
          const out = Buffer.concat([Buffer.alloc(20), padded, rest]);
          out.writeUInt32LE(view.getUint32(0, true), 0);
          out.writeUInt32LE(2, 4);
          out.writeUInt32LE(out.length, 8);
          out.writeUInt32LE(padded.length, 12);
          out.writeUInt32LE(0x4e4f534a, 16);
          const verdict = checkGlb(new Uint8Array(out));
          expect(verdict.ok).toBe(false);
          if (!verdict.ok) expect(verdict.reason).toMatch(/declares|reaches|malformed/);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('mutated and truncated corpus images (JPEG, HDR)', async () => {
    const images = IMAGES.map(read);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: images.length - 1 }).chain((i) => fc.tuple(fc.constant(i), damage(Math.min(images[i]!.length, 2048)))), async ([i, d]) => {
        const { answer, ms } = await throughThread(apply(images[i]!, d), 'png');
        expect(answer.length).toBeGreaterThan(0);
        expect(ms).toBeLessThan(BOUND_MS);
      }),
      { numRuns: 30 },
    );
  }, 300_000);

  it('any image size a PNG header declares: refused past 16,384 px a side or at zero, accepted otherwise', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 31 - 1 }), fc.nat({ max: 2 ** 31 - 1 }), (w, h) => {
        const verdict = checkImage(pngHeader(w, h));
        const fits = w > 0 && h > 0 && w <= MAX_IMAGE_SIDE && h <= MAX_IMAGE_SIDE;
        expect(verdict.ok).toBe(fits);
        if (!verdict.ok) expect(verdict.reason).toMatch(/^This image declares [\d,]+ × [\d,]+ pixels/);
      }),
      { numRuns: 500 },
    );
  });
});
