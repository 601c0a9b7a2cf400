/**
 * Contract tests over real HTTP, written from the spec's tables: auth, 422
 * validation, 402 credits, 429 cap, ownership (403/404), coming-soon gating,
 * the job resource through its lifecycle, legacy statuses and downloads.
 * A manual clock drives job time so nothing waits.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS, LIMITS, type EndpointSpec } from '../../shared/api';
import { startSandbox, type RunningSandbox } from '../index';
import { client, pngFixture } from '../test/support';

let sandbox: RunningSandbox;
let clock: number;
const advance = (seconds: number) => {
  clock += seconds * 1000;
};

beforeEach(async () => {
  clock = Date.parse('2026-01-01T00:00:00Z');
  sandbox = await startSandbox({ keys: 2, jobSeconds: 10, now: () => clock, seed: 7 });
});
afterEach(async () => {
  await sandbox.close();
});

const small = { targetFaceCount: 300, textureResolution: '128' };

describe('authentication', () => {
  it('401 { statusCode, message } without headers, with an unknown id, or with a wrong secret', async () => {
    const k = sandbox.keys[0]!;
    const cases: Record<string, string>[] = [
      {},
      { 'x-client-id': k.clientId },
      { 'x-client-id': 'nobody', 'x-client-secret': k.clientSecret },
      { 'x-client-id': k.clientId, 'x-client-secret': `${k.clientSecret}x` },
    ];
    for (const headers of cases) {
      for (const [method, path] of [
        ['POST', '/jobs/text-to-3d'],
        ['GET', '/jobs/anything'],
      ] as const) {
        const res = await fetch(`${sandbox.baseUrl}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{"prompt":"x"}' } : {}) });
        expect(res.status).toBe(401);
        const body = (await res.json()) as Record<string, unknown>;
        expect(Object.keys(body).sort()).toEqual(['message', 'statusCode']);
        expect(body.statusCode).toBe(401);
        expect(JSON.stringify(body)).not.toContain(k.clientSecret);
      }
    }
    expect(sandbox.jobs()).toEqual([]);
  });
});

describe('every endpoint validates its request from the catalogue', () => {
  const posts = Object.values(ENDPOINTS as Record<string, EndpointSpec>).filter((e) => e.method === 'POST');

  it.each(posts.map((e) => [e.path, e] as const))('%s: an empty request is refused naming a field (403 first when coming soon)', async (path, ep) => {
    const c = client(sandbox);
    const send = () => (ep.contentType === 'multipart/form-data' ? c.form(path, {}) : c.post(path, {}));
    if (ep.availability === 'coming-soon') {
      const gated = await send();
      expect(gated.status).toBe(403);
      expect(gated.body).toEqual({ statusCode: 403, message: expect.stringContaining('not enabled for this key') });
      sandbox.setEarlyAccess(sandbox.keys[0]!.clientId, true);
    }
    const res = await send();
    expect(res.status).toBe(422);
    const body = res.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['message', 'statusCode']);
    const required = Object.entries(ep.fields).filter(([, f]) => f.required && !f.retired).map(([n]) => n);
    const named = [...required, ...(ep.rules ?? []).map((r) => r.field)];
    expect(named.some((n) => String(body.message).includes(n))).toBe(true);
  });

  it('422 names the field for wrong types, enums, bounds and the prompt limit', async () => {
    const c = client(sandbox);
    const cases: [Record<string, unknown>, string][] = [
      [{ prompt: 5 }, 'prompt'],
      [{ prompt: 'x'.repeat(LIMITS.promptMaxChars + 1) }, 'prompt'],
      [{ prompt: 'chair', textureResolution: '8k' }, 'textureResolution'],
      [{ prompt: 'chair', topology: 'ngons' }, 'topology'],
      [{ prompt: 'chair', targetFaceCount: LIMITS.targetFaceCountMax + 1 }, 'targetFaceCount'],
      [{ prompt: 'chair', targetFaceCount: -1 }, 'targetFaceCount'],
      [{ prompt: 'chair', targetFaceCount: 2.5 }, 'targetFaceCount'],
      [{ prompt: 'chair', targetFaceCount: '100' }, 'targetFaceCount'],
      [{ prompt: 'chair', tPose: 'yes' }, 'tPose'],
      [{ prompt: 'chair', apiVersion: 0 }, 'apiVersion'],
    ];
    for (const [body, field] of cases) {
      const res = await c.post('/jobs/text-to-3d', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect((res.body as { message: string }).message).toContain(field);
    }
    const ratio = await c.post('/jobs/text-to-image', { prompt: 'x', aspectRatio: '5:4' });
    expect(ratio.status).toBe(422);
    expect((ratio.body as { message: string }).message).toContain('aspectRatio');
    const frames = await (async () => {
      sandbox.setEarlyAccess(sandbox.keys[0]!.clientId, true);
      return c.post('/jobs/spritesheet', { prompt: 'x', spritesheet: { assetKind: 'character', mode: 'animated', frameCount: 1 } });
    })();
    expect(frames.status).toBe(422);
    expect((frames.body as { message: string }).message).toContain('spritesheet.frameCount');
    // An exactly-at-limit prompt is fine; unknown fields are ignored.
    const ok = await c.post('/jobs/text-to-3d', { prompt: 'x'.repeat(LIMITS.promptMaxChars), somethingElse: true, ...small });
    expect(ok.status).toBe(200);
    expect(sandbox.jobs()).toHaveLength(1);
  });

  it('422 for a file of the wrong type judged by content, whatever its name', async () => {
    const c = client(sandbox);
    const res = await c.form('/jobs/image-upload', { file: { bytes: Buffer.from('plain text, not a picture'), name: 'photo.png' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ statusCode: 422, message: expect.stringContaining('file') });
    const png = await c.form('/jobs/image-upload', { file: { bytes: await pngFixture(), name: 'no-extension' } });
    expect(png.status).toBe(200);
    expect(png.body).toEqual({ jobId: expect.any(String), metaJson: expect.objectContaining({ format: 'png' }) });
  });

  it('422 once a file passes its 20MB limit, without storing it', async () => {
    const c = client(sandbox);
    const big = Buffer.alloc(LIMITS.imageMaxBytes + 1);
    (await pngFixture()).copy(big);
    const res = await c.form('/jobs/image-upload', { file: { bytes: big, name: 'big.png' } });
    expect(res.status).toBe(422);
    expect(String(res.body.message)).toMatch(/^file: .*limit/);
    expect(sandbox.uploadCount).toBe(0);
  });

  it('multipart integers and booleans arrive as strings and are coerced; retired multi-image fields are ignored', async () => {
    const c = client(sandbox);
    const img = { bytes: await pngFixture(), name: 'a.png' };
    const one = await c.form('/jobs/image-to-3d', { file: img, targetFaceCount: '400', textureResolution: '128' });
    expect(one.status).toBe(200);
    expect(sandbox.jobs()[0]!.genParams).toMatchObject({ targetFaceCount: 400, textureResolution: '128', topology: 'auto', apiVersion: 1 });
    const bad = await c.form('/jobs/image-to-3d', { file: img, targetFaceCount: 'many' });
    expect(bad.status).toBe(422);
    const multi = await c.form('/jobs/multi-image-to-3d', { frontImage: img, leftImage: img, FaceCount: '500', EnablePBR: 'true', ModelNo: '3', GenerateType: 'x', PolygonType: 'y', apiVersion: '9' });
    expect(multi.status).toBe(200);
    const params = sandbox.jobs()[1]!.genParams;
    expect(params).toMatchObject({ FaceCount: '500', EnablePBR: 'true' });
    expect(params).not.toHaveProperty('ModelNo');
    const frontOnly = await c.form('/jobs/multi-image-to-3d', { frontImage: img });
    expect(frontOnly.status).toBe(422);
    expect(String(frontOnly.body.message)).toContain('leftImage');
  });
});

describe('credits', () => {
  it('402 { available, error, message, required } when the balance is short; nothing is created or charged', async () => {
    const c = client(sandbox);
    const id = sandbox.keys[0]!.clientId;
    sandbox.setBalance(id, 3);
    const res = await c.post('/jobs/text-to-3d', { prompt: 'chair', ...small });
    expect(res.status).toBe(402);
    const body = res.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['available', 'error', 'message', 'required']);
    expect(body.available).toBe(3);
    expect(body.required).toBeGreaterThan(3);
    expect(sandbox.balance(id)).toBe(3);
    expect(sandbox.jobs()).toEqual([]);
    // Image upload costs 0 and still works.
    const up = await c.form('/jobs/image-upload', { file: { bytes: await pngFixture(), name: 'a.png' } });
    expect(up.status).toBe(200);
    expect(sandbox.balance(id)).toBe(3);
  });

  it('charges on acceptance, 900 by default, with extra for quads and high face counts', async () => {
    const c = client(sandbox);
    const id = sandbox.keys[0]!.clientId;
    expect(sandbox.balance(id)).toBe(900);
    await c.post('/jobs/text-to-3d', { prompt: 'chair', ...small });
    const plain = 900 - sandbox.balance(id);
    expect(plain).toBeGreaterThan(0);
    await c.post('/jobs/text-to-3d', { prompt: 'chair', ...small, topology: 'quads' });
    const quads = 900 - plain - sandbox.balance(id);
    expect(quads).toBeGreaterThan(plain);
    const before = sandbox.balance(id);
    await c.post('/jobs/text-to-3d', { prompt: 'chair', targetFaceCount: 100_001, textureResolution: 'none' });
    expect(before - sandbox.balance(id)).toBeGreaterThan(plain);
  });
});

describe('concurrency cap', () => {
  it('the 6th pending/running job on a key gets 429 until one ends; other keys are unaffected', async () => {
    const c = client(sandbox);
    for (let i = 0; i < LIMITS.concurrentJobsPerKey; i++) expect((await c.post('/jobs/text-to-3d', { prompt: `crate ${i}`, ...small })).status).toBe(200);
    const sixth = await c.post('/jobs/text-to-3d', { prompt: 'crate 6', ...small });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ statusCode: 429, message: expect.any(String) });
    const raw = await fetch(`${sandbox.baseUrl}/jobs/text-to-3d`, { method: 'POST', headers: { ...c.auth, 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'crate 7', ...small }) });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toBe('10');
    expect(sandbox.activeJobs(sandbox.keys[0]!.clientId)).toBe(5);
    expect((await client(sandbox, sandbox.keys[1]!).post('/jobs/text-to-3d', { prompt: 'other key', ...small })).status).toBe(200);
    advance(10.001);
    expect(sandbox.activeJobs(sandbox.keys[0]!.clientId)).toBe(0);
    expect((await c.post('/jobs/text-to-3d', { prompt: 'crate 6', ...small })).status).toBe(200);
  });
});

describe('ownership and unknown jobs', () => {
  it("another key's job gives 403, an unknown job 404, on lookup and as a source", async () => {
    const a = client(sandbox, sandbox.keys[0]!);
    const b = client(sandbox, sandbox.keys[1]!);
    const { body } = await a.post('/jobs/text-to-3d', { prompt: 'chair', ...small });
    const jobId = String(body.jobId);
    advance(11);
    const lookup = await b.job(jobId);
    expect(lookup.status).toBe(403);
    expect(lookup.body).toEqual({ statusCode: 403, message: expect.any(String) });
    const source = await b.post('/jobs/retexture', { jobId, prompt: 'blue' });
    expect(source.status).toBe(403);
    expect(source.body).toEqual({ statusCode: 403, message: expect.stringContaining('jobId') });
    const unknown = await a.job('does-not-exist');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: expect.any(String) });
    expect((await a.post('/jobs/retexture', { jobId: 'does-not-exist', prompt: 'blue' })).status).toBe(404);
    expect((await a.post('/jobs/retexture', { jobId, prompt: 'blue' })).status).toBe(200);
  });

  it('a source job of the wrong kind or not yet finished is refused with 422', async () => {
    const a = client(sandbox);
    const img = await a.post('/jobs/text-to-image', { prompt: 'cat' });
    const model = await a.post('/jobs/text-to-3d', { prompt: 'chair', ...small });
    const early = await a.post('/jobs/split-to-parts', { jobId: model.body.jobId });
    expect(early.status).toBe(422);
    advance(11);
    const wrongKind = await a.post('/jobs/split-to-parts', { jobId: img.body.jobId });
    expect(wrongKind.status).toBe(422);
    expect(String(wrongKind.body.message)).toContain('text-to-image');
  });
});

describe('coming-soon endpoints', () => {
  it('answer 403 "not enabled for this key" until the key gets early access at run time', async () => {
    const c = client(sandbox);
    const before = await c.post('/jobs/animate/motion-only', { prompt: 'wave' });
    expect(before.status).toBe(403);
    expect(String(before.body.message)).toContain('not enabled for this key');
    sandbox.setEarlyAccess(sandbox.keys[0]!.clientId, true);
    const after = await c.post('/jobs/animate/motion-only', { prompt: 'wave' });
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ jobId: expect.any(String) });
    // The other key is still gated.
    expect((await client(sandbox, sandbox.keys[1]!).post('/jobs/animate/motion-only', { prompt: 'wave' })).status).toBe(403);
  });
});

describe('the job resource through its life', () => {
  it('pending → running → success with growing fragments, defaults in genParams, and the asset published only at the end', async () => {
    const c = client(sandbox);
    const { body } = await c.post('/jobs/text-to-3d', { prompt: 'a red chair', targetFaceCount: 600 });
    const id = String(body.jobId);
    const seen: { status: unknown; fragments: number }[] = [];
    for (const t of [0, 1, 3, 6, 9, 11]) {
      clock = Date.parse('2026-01-01T00:00:00Z') + t * 1000;
      const job = (await c.job(id)).body;
      seen.push({ status: job.status, fragments: (job.fragments as unknown[]).length });
      if (job.status !== 'success') expect((await c.download(id, 'glb')).status).toBe(404);
    }
    expect(seen.map((s) => s.status)).toEqual(['pending', 'pending', 'running', 'running', 'running', 'success']);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.fragments).toBeGreaterThanOrEqual(seen[i - 1]!.fragments);
    expect(seen[0]!.fragments).toBeLessThan(seen[5]!.fragments);
    const job = (await c.job(id)).body;
    expect(job).toMatchObject({
      id,
      status: 'success',
      title: 'Red chair',
      prompt: 'a red chair',
      createdAt: '2026-01-01T00:00:00.000Z',
      genParams: { prompt: 'a red chair', targetFaceCount: 600, textureResolution: 'auto', topology: 'auto', tPose: false, apiVersion: 1 },
      isSuccess: true,
      libraryEligible: true,
    });
    expect(job).not.toHaveProperty('errorMessage');
    for (const f of job.fragments as Record<string, unknown>[]) expect(f).toEqual({ name: expect.any(String), displayName: expect.any(String) });
    const glb = await c.download(id, 'glb');
    expect(glb.status).toBe(200);
    expect(glb.type).toBe('model/gltf-binary');
    expect(glb.bytes.subarray(0, 4).toString()).toBe('glTF');
    expect((await c.download(id, 'png')).status).toBe(404);
  });

  it('a failing job ends in error with a useful errorMessage and publishes nothing', async () => {
    const c = client(sandbox);
    const { body } = await c.post('/jobs/text-to-3d', { prompt: 'chair sandbox:fail', ...small });
    advance(11);
    const job = (await c.job(String(body.jobId))).body;
    expect(job.status).toBe('error');
    expect(job.isSuccess).toBe(false);
    expect(String(job.errorMessage).length).toBeGreaterThan(20);
    expect((await c.download(String(body.jobId), 'glb')).status).toBe(404);
  });

  it('legacy statuses created / completed / failed when switched on', async () => {
    sandbox.setChaos({ legacy: 1 });
    const c = client(sandbox);
    const ok = String((await c.post('/jobs/text-to-3d', { prompt: 'chair', ...small })).body.jobId);
    const bad = String((await c.post('/jobs/text-to-3d', { prompt: 'chair sandbox:fail', ...small })).body.jobId);
    expect((await c.job(ok)).body.status).toBe('created');
    advance(11);
    expect((await c.job(ok)).body).toMatchObject({ status: 'completed', isSuccess: true });
    expect((await c.job(bad)).body).toMatchObject({ status: 'failed', isSuccess: false, errorMessage: expect.any(String) });
    expect((await c.download(ok, 'glb')).status).toBe(200);
  });

  it('image edit finishes inline with the job id and a published image', async () => {
    const c = client(sandbox);
    const src = String((await c.post('/jobs/text-to-image', { prompt: 'a cat', aspectRatio: '4:3' })).body.jobId);
    advance(11);
    const edit = await c.post('/jobs/image-edit', { jobId: src, prompt: 'make it blue' });
    expect(edit.status).toBe(200);
    expect(edit.body).toEqual({ jobId: expect.any(String), status: 'success', imageUrl: `${sandbox.storageUrl}/jobs/${String(edit.body.jobId)}.png` });
    expect((await c.job(String(edit.body.jobId))).body.status).toBe('success');
    const png = await fetch(String(edit.body.imageUrl));
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
  });
});

describe('inspection API', () => {
  it('GET /__sandbox/state lists keys, jobs and requests without secrets', async () => {
    const c = client(sandbox);
    await c.post('/jobs/text-to-3d', { prompt: 'chair', ...small });
    const origin = sandbox.baseUrl.replace(/\/api$/, '');
    const res = await fetch(`${origin}/__sandbox/state`);
    const text = await res.text();
    for (const k of sandbox.keys) expect(text).not.toContain(k.clientSecret);
    const state = JSON.parse(text) as { jobs: unknown[]; requests: { path: string; status: number }[]; keys: { activeJobs: number }[] };
    expect(state.jobs).toHaveLength(1);
    expect(state.requests).toContainEqual(expect.objectContaining({ path: '/api/jobs/text-to-3d', status: 200 }));
    expect(state.keys[0]!.activeJobs).toBe(1);
    const set = await fetch(`${origin}/__sandbox/balance`, { method: 'POST', body: JSON.stringify({ clientId: sandbox.keys[0]!.clientId, credits: 5 }) });
    expect(set.status).toBe(200);
    expect(sandbox.balance(sandbox.keys[0]!.clientId)).toBe(5);
  });
});
