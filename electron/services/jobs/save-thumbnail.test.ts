/**
 * `jobs:saveThumbnail` through the request gate: a PNG the renderer drew is
 * stored beside a finished model and flagged on its record; anything else
 * (not base64, not a PNG, too large in bytes or pixels, an image job, an
 * unknown job) is refused and nothing is written.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_THUMBNAIL_BYTES } from '../../../shared/ipc';
import { dispatch } from '../../ipc/dispatch';
import type { HandlerContext } from '../contracts';
import type { Engine } from './engine';
import { createJobHandlers } from './index';
import { engineWithFinishedJobs, type FinishedJobs } from './test/finished-jobs';

let jobs: FinishedJobs;
let engine: Engine;
let dataDir: string;
let modelId: string;
let imageId: string;
const ctx = {} as HandlerContext;
const handlers = () => createJobHandlers(engine);
const save = (args: unknown) => dispatch(handlers(), 'jobs:saveThumbnail', args, ctx);
const pngOf = async (size: number) => (await sharp({ create: { width: size, height: size, channels: 4, background: '#3a7' } }).png().toBuffer()).toString('base64');
const thumbnailFile = (localId: string) => path.join(dataDir, 'assets', localId, 'thumbnail.png');

beforeAll(async () => {
  jobs = await engineWithFinishedJobs({
    seed: 3,
    requests: [
      { kind: 'text-to-3d', fields: { prompt: 'a small wooden crate' } },
      { kind: 'text-to-image', fields: { prompt: 'a red apple' } },
    ],
  });
  ({ engine, dataDir } = jobs);
  [modelId, imageId] = jobs.ids as [string, string];
}, 30_000);

afterAll(async () => {
  await jobs?.stop();
});

describe('jobs:saveThumbnail', () => {
  it('refuses what is not a PNG, leaving the model without a thumbnail', async () => {
    const jpeg = (await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } }).jpeg().toBuffer()).toString('base64');
    const notPng = await save({ localId: modelId, pngBase64: jpeg });
    expect(notPng).toMatchObject({ ok: false, problem: { reason: 'invalid-request' } });
    const truncated = (await pngOf(64)).slice(0, 40);
    expect((await save({ localId: modelId, pngBase64: truncated })).ok).toBe(false);
    expect((await save({ localId: modelId, pngBase64: 'not base64 at all!' })).ok).toBe(false);
    expect((await save({ localId: modelId })).ok).toBe(false);
    expect(engine.get(modelId)?.asset?.hasThumbnail).toBeFalsy();
    expect(fs.existsSync(thumbnailFile(modelId))).toBe(false);
  });

  it('refuses a PNG over 1024 px and a payload over the byte cap before decoding it', async () => {
    expect(await save({ localId: modelId, pngBase64: await pngOf(1100) })).toMatchObject({ ok: false, problem: { reason: 'invalid-request' } });
    const huge = 'A'.repeat(Math.ceil(MAX_THUMBNAIL_BYTES / 3) * 4 + 4);
    expect(await save({ localId: modelId, pngBase64: huge })).toMatchObject({ ok: false, problem: { reason: 'invalid-arguments' } });
    expect(fs.existsSync(thumbnailFile(modelId))).toBe(false);
  });

  it('refuses an unknown job, a malformed id and an image job (its thumbnail comes from the file)', async () => {
    const png = await pngOf(32);
    expect(await save({ localId: 'nosuchjob1', pngBase64: png })).toMatchObject({ ok: false, problem: { reason: 'not-found' } });
    expect((await save({ localId: '../../etc', pngBase64: png })).ok).toBe(false);
    const imageThumb = fs.readFileSync(thumbnailFile(imageId));
    expect(await save({ localId: imageId, pngBase64: png })).toMatchObject({ ok: false, problem: { reason: 'invalid-request' } });
    expect(fs.readFileSync(thumbnailFile(imageId)).equals(imageThumb)).toBe(true);
  });

  it('stores a 256 px PNG for a finished model and marks the record', async () => {
    const png = await pngOf(256);
    expect(await save({ localId: modelId, pngBase64: png })).toEqual({ ok: true, value: null });
    expect(engine.get(modelId)?.asset?.hasThumbnail).toBe(true);
    expect(engine.thumbnailPath(modelId)).toBe(thumbnailFile(modelId));
    const meta = await sharp(thumbnailFile(modelId)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
  });
});
