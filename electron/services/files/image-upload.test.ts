/**
 * `files:imageUpload` against the sandbox: an image result becomes one
 * upload, made once and then reused (the sandbox counts one upload); a staged
 * file the same; the reuse rule is a table.
 */
import { describe, expect, it } from 'vitest';
import fsp from 'node:fs/promises';
import sharp from 'sharp';
import { startSandbox } from '../../../sandbox';
import type { JobRecord } from '../../../shared/domain/job';
import { Engine } from '../jobs/engine';
import { FAST_TIMING, staticRegistry, tempDir, until } from '../jobs/test/harness';
import { stopAfterEach } from '../jobs/test/stop-after-each';
import { reusableUpload, setupImageUploads, setupJobImageStaging, uploadNameFor } from './image-upload';
import { StagingArea } from './staging';

const open = stopAfterEach();

async function setup() {
  const sandbox = await startSandbox({ port: 0, jobSeconds: 0.2, keys: 1, credits: 10_000 });
  const dataDir = tempDir('image-upload');
  const registry = staticRegistry(sandbox.baseUrl, sandbox.storageUrl, sandbox.keys);
  const staging = new StagingArea(dataDir);
  const engine = new Engine({ dataDir, registry, staging, timing: FAST_TIMING });
  await engine.start();
  open.push({ engine, sandbox });
  const handlers = setupImageUploads({ engine, staging, registry });
  return { sandbox, engine, staging, upload: handlers['files:imageUpload'], stageImage: setupJobImageStaging({ engine, staging })['files:stageJobImage'] };
}

const ctx = { shell: 'web' as const };

describe('files:imageUpload', () => {
  it('uploads a text-to-image result once and reuses that upload the next time', async () => {
    const { sandbox, engine, upload } = await setup();
    const made = await engine.submit({ kind: 'text-to-image', fields: { prompt: 'a glass teapot' } });
    const localId = made.ok ? made.value.localId : '';
    await until(() => engine.get(localId)?.asset?.state === 'ready', 10_000, 'the image');

    const first = await upload({ localId }, ctx);
    expect(first.ok).toBe(true);
    expect(first.ok && first.value.reused).toBe(false);
    expect(sandbox.uploadCount).toBe(1);
    const second = await upload({ localId }, ctx);
    expect(second.ok && second.value).toMatchObject({ reused: true, jobId: first.ok ? first.value.jobId : '?' });
    expect(sandbox.uploadCount).toBe(1);
    // The upload's history row is titled by the image it came from.
    const row = engine.get(first.ok ? first.value.localId : '');
    expect((row?.request.file as { name: string }).name).toBe('Glass teapot.png');
  });

  it('uploads a dropped file by its staged id, once for the same bytes', async () => {
    const { sandbox, staging, upload } = await setup();
    const png = await sharp({ create: { width: 256, height: 128, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const a = await staging.stageBytes('harbour-panorama.png', png);
    const b = await staging.stageBytes('harbour-panorama copy.png', png);
    const first = await upload({ stagedFileId: a.ok ? a.value.id : '' }, ctx);
    const again = await upload({ stagedFileId: b.ok ? b.value.id : '' }, ctx);
    expect(first.ok && again.ok && again.value.jobId === first.value.jobId).toBe(true);
    expect(sandbox.uploadCount).toBe(1);
  });

  it('refuses what is not a finished image, in words', async () => {
    const { engine, upload } = await setup();
    const model = await engine.submit({ kind: 'text-to-3d', fields: { prompt: 'a chair' } });
    const res = await upload({ localId: model.ok ? model.value.localId : '' }, ctx);
    expect(res.ok).toBe(false);
    expect(!res.ok && res.problem.message).toMatch(/finished image/);
    expect(await upload({ stagedFileId: 'nosuchfile0' }, ctx)).toMatchObject({ ok: false, problem: { reason: 'not-found' } });
  });
});

describe('files:stageJobImage', () => {
  it('stages a copy of an image result for Multi-image to 3D, sending nothing to the service', async () => {
    const { sandbox, engine, stageImage } = await setup();
    const made = await engine.submit({ kind: 'text-to-image', fields: { prompt: 'a brass lantern, left side' } });
    const localId = made.ok ? made.value.localId : '';
    await until(() => engine.get(localId)?.asset?.state === 'ready', 10_000, 'the image');
    const res = await stageImage({ localId }, ctx);
    expect(res.ok && res.value).toMatchObject({ kind: 'image', format: 'png', name: 'Brass lantern left side.png', sha256: engine.get(localId)?.asset?.sha256 });
    expect(sandbox.uploadCount).toBe(0);
  });

  it('stages an uploaded image again from the file it was made from, while that file is kept', async () => {
    const { sandbox, engine, staging, upload, stageImage } = await setup();
    const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#aa6633' } }).png().toBuffer();
    const picked = await staging.stageBytes('bronze-bell-front.png', png);
    const made = await upload({ stagedFileId: picked.ok ? picked.value.id : '' }, ctx);
    const res = await stageImage({ localId: made.ok ? made.value.localId : '' }, ctx);
    expect(res.ok && res.value).toMatchObject({ kind: 'image', name: 'bronze-bell-front.png', sha256: picked.ok ? picked.value.sha256 : '?' });
    expect(sandbox.uploadCount).toBe(1);
    // Once that file is gone, the upload cannot stand for a view: the user is told to pick the file again.
    await fsp.rm((engine.get(made.ok ? made.value.localId : '')?.request.file as { path: string }).path);
    const gone = await stageImage({ localId: made.ok ? made.value.localId : '' }, ctx);
    expect(!gone.ok && gone.problem.message).toMatch(/no longer kept on this computer; drop or pick its file again/);
  });

  it('refuses a model or an unknown job, in words', async () => {
    const { engine, stageImage } = await setup();
    const model = await engine.submit({ kind: 'text-to-3d', fields: { prompt: 'a chair' } });
    const res = await stageImage({ localId: model.ok ? model.value.localId : '' }, ctx);
    expect(!res.ok && res.problem.message).toBe('Only a finished image can be used here.');
    expect(await stageImage({ localId: 'nosuchjob' }, ctx)).toMatchObject({ ok: false, problem: { reason: 'not-found' } });
  });
});

describe('which earlier upload is reused', () => {
  const rec = (patch: Partial<JobRecord>): JobRecord =>
    ({ localId: 'l1', kind: 'image-upload', state: 'success', jobId: 'up-1', environmentId: 'e', keyId: 'k', request: { file: { sha256: 'abc' } }, createdAt: '2026-01-01T00:00:00.000Z', ...patch }) as JobRecord;
  it.each([
    ['same bytes, same key', [rec({})], 'up-1'],
    ['another key', [rec({ keyId: 'k2' })], undefined],
    ['another environment', [rec({ environmentId: 'e2' })], undefined],
    ['other bytes', [rec({ request: { file: { sha256: 'zzz' } } })], undefined],
    ['a failed upload', [rec({ state: 'error' })], undefined],
    ['removed from the history still exists upstream', [rec({ hidden: true })], 'up-1'],
    ['the newest of two', [rec({}), rec({ localId: 'l2', jobId: 'up-2', createdAt: '2026-02-01T00:00:00.000Z' })], 'up-2'],
  ] as const)('%s', (_case, records, expected) => {
    expect(reusableUpload(records, 'abc', 'e', 'k')?.jobId).toBe(expected);
  });

  it('names the upload after the image', () => {
    expect(uploadNameFor({ title: '', prompt: 'A red/blue kite!', kind: 'text-to-image' })).toBe('A red blue kite.png');
    expect(uploadNameFor({ title: '', kind: 'sketch-to-image' })).toBe('sketch-to-image.png');
  });
});
