/**
 * The engine against the sandbox: the per-key cap, every fault switched on,
 * uncertain submissions never resent, 402 pausing a batch, resuming after a
 * restart, and bad requests never leaving the app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox';
import type { GenerationKind } from '../../../shared/api';
import { isTerminal, type JobRecord } from '../../../shared/domain/job';
import { serveLocally } from '../../test/local-server';
import { StagingArea } from '../files/staging';
import { Engine } from './engine';
import { FAST_TIMING, staticRegistry, tempDir, until } from './test/harness';
import { stopAfterEach } from './test/stop-after-each';
import { verifyAsset } from './verify';
import { expectNothingFor } from '../../../testkit/expect-nothing';

const open = stopAfterEach();

async function setup(options: { chaos?: string; keys?: number; jobSeconds?: number; credits?: number; dataDir?: string } = {}) {
  const sandbox = await startSandbox({ port: 0, jobSeconds: options.jobSeconds ?? 0.3, keys: options.keys ?? 1, seed: Number(process.env.ENGINE_TEST_SEED ?? 7), credits: options.credits ?? 100_000, chaos: options.chaos });
  const dataDir = options.dataDir ?? tempDir('engine');
  const registry = staticRegistry(sandbox.baseUrl, sandbox.storageUrl, sandbox.keys);
  const engine = new Engine({ dataDir, registry, staging: new StagingArea(dataDir), timing: FAST_TIMING, timeouts: { create: 5_000, poll: 5_000, download: 10_000 } });
  await engine.start();
  open.push({ engine, sandbox });
  return { sandbox, engine, dataDir, registry };
}

function settled(job: JobRecord | undefined): boolean {
  if (!job) return false;
  if (job.state === 'uncertain') return true;
  return isTerminal(job.state) && (job.state !== 'success' || job.asset?.state === 'ready' || job.asset?.state === 'unavailable');
}

describe('job engine against the sandbox', () => {
  it('keeps at most 5 jobs active on one key and finishes all 12 with verified assets', async () => {
    const { sandbox, engine } = await setup({ jobSeconds: 0.4 });
    const clientId = sandbox.keys[0]!.clientId;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await engine.submit({ kind: 'text-to-3d', fields: { prompt: `crate number ${i}` } });
      expect(r.ok).toBe(true);
      if (r.ok) ids.push(r.value.localId);
    }
    let maxActive = 0;
    const sampler = setInterval(() => (maxActive = Math.max(maxActive, sandbox.activeJobs(clientId))), 5);
    try {
      await until(() => ids.every((id) => settled(engine.get(id))), 25_000, 'all 12 jobs');
    } finally {
      clearInterval(sampler);
    }
    expect(maxActive).toBeGreaterThan(1);
    expect(maxActive).toBeLessThanOrEqual(5);
    for (const id of ids) {
      const job = engine.get(id)!;
      expect(job.state).toBe('success');
      expect(job.asset?.state).toBe('ready');
      expect((await verifyAsset(engine.assetPath(id)!, 'glb')).ok).toBe(true);
      expect(job.asset?.stats?.triangles).toBeGreaterThan(0);
      expect(job.asset?.validation).toBeDefined();
    }
    // 429 never happened because the scheduler never sent a sixth job.
    expect(sandbox.requests.filter((r) => r.status === 429)).toHaveLength(0);
  });

  it('brings 100 mixed jobs to a terminal state under every fault, with no job created twice and none lost', async () => {
    const { sandbox, engine, dataDir } = await setup({
      chaos: '500=0.08,drop=0.06,latency=0-40ms,429=0.05,burst=300ms,truncate=400ms,legacy=0.3,fail=0.1',
      keys: 2,
      jobSeconds: 0.25,
    });
    const staging = new StagingArea(dataDir);
    const png = await (await import('sharp')).default({ create: { width: 32, height: 32, channels: 3, background: '#4a8' } }).png().toBuffer();
    const staged = await staging.stageBytes('view.png', png);
    expect(staged.ok).toBe(true);
    const kinds: [GenerationKind, Record<string, unknown>][] = [
      ['text-to-3d', { prompt: 'a wooden barrel' }],
      ['text-to-image', { prompt: 'a red fox', aspectRatio: '16:9' }],
      ['text-to-worldbox', { prompt: 'a foggy harbour at dawn' }],
      ['image-to-3d', { file: { stagedFileId: staged.ok ? staged.value.id : '' } }],
      ['image-upload', { file: { stagedFileId: staged.ok ? staged.value.id : '' } }],
    ];
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) {
      const [kind, fields] = kinds[i % kinds.length]!;
      const r = await engine.submit({ kind, fields, spreadAcrossKeys: true });
      expect(r.ok).toBe(true);
      if (r.ok) ids.push(r.value.localId);
    }
    await until(() => ids.every((id) => settled(engine.get(id))), 55_000, '100 jobs to settle');
    const uncertain = ids.map((id) => engine.get(id)!).filter((j) => j.state === 'uncertain');
    // Uncertain ones are never resent by the engine; the user (this test) dismisses them.
    for (const job of uncertain) expect((await engine.dismiss(job.localId)).ok).toBe(true);
    const jobs = ids.map((id) => engine.get(id)!);

    const ledgerIds = jobs.map((j) => j.jobId).filter((id): id is string => !!id);
    expect(new Set(ledgerIds).size).toBe(ledgerIds.length);
    const upstream = sandbox.jobs().map((j) => j.id);
    for (const id of ledgerIds) expect(upstream).toContain(id);
    // Sandbox jobs the ledger has no id for can only come from uncertain submissions (one each at most).
    const unknownToLedger = upstream.filter((id) => !ledgerIds.includes(id));
    expect(unknownToLedger.length).toBeLessThanOrEqual(uncertain.length);

    for (const job of jobs) {
      expect(['success', 'error', 'dismissed', 'rejected']).toContain(job.state);
      // Refused only by the service failing four times in a row (a 0.08^4 chance per job here), never by the other faults.
      if (job.state === 'rejected') expect(job.problem?.message).toMatch(/Gave up after 4 server errors/);
      if (job.state === 'success') {
        expect(job.asset?.state).toBe('ready');
        const file = engine.assetPath(job.localId)!;
        expect((await verifyAsset(file, job.asset!.format)).ok).toBe(true);
      }
      if (job.state === 'error') expect(job.problem?.message).toBeTruthy();
    }
    expect(jobs.filter((j) => j.state === 'success').length).toBeGreaterThan(50);
  }, 70_000);

  it('records a dropped-after-send submission as uncertain and never sends it again on its own', async () => {
    const { sandbox, engine } = await setup({ chaos: 'drop=1' });
    const r = await engine.submit({ kind: 'text-to-image', fields: { prompt: 'a lighthouse' } });
    expect(r.ok).toBe(true);
    const localId = r.ok ? r.value.localId : '';
    await until(() => engine.get(localId)?.state === 'uncertain' || engine.get(localId)?.state === 'queued' && (engine.get(localId)?.queue?.attempts ?? 0) > 0, 10_000, 'a drop');
    // A drop before the body was complete is retried; one after it becomes uncertain. Wait for the uncertain one.
    await until(() => engine.get(localId)?.state === 'uncertain', 20_000, 'an uncertain submission');
    sandbox.setChaos('');
    const posts = () => sandbox.requests.filter((q) => q.method === 'POST').length;
    const before = posts();
    await expectNothingFor(800, 'resend of an uncertain submission', () => posts() !== before);
    expect(engine.get(localId)?.problem?.message).toMatch(/may have created/);
    // The user chooses to resend: now it is sent once more and finishes.
    expect((await engine.resend(localId)).ok).toBe(true);
    await until(() => settled(engine.get(localId)) && engine.get(localId)?.state !== 'uncertain', 10_000, 'the resent job');
    expect(engine.get(localId)?.state).toBe('success');
    expect(posts()).toBe(before + 1);
  });

  it('puts a batch submission answered 402 back in the queue as paused and holds the batch', async () => {
    const { sandbox, engine } = await setup({ credits: 0 });
    const r = await engine.submit({ kind: 'text-to-3d', fields: { prompt: 'a chair' } }, { batchId: 'batch-1', held: true });
    expect(r.ok).toBe(true);
    const localId = r.ok ? r.value.localId : '';
    await expectNothingFor(200, 'submission of a held batch', () => sandbox.requests.some((q) => q.method === 'POST'));
    engine.setHeld('batch-1', false);
    await until(() => engine.get(localId)?.problem?.status === 402, 5_000, 'the 402');
    const job = engine.get(localId)!;
    expect(job.state).toBe('queued');
    expect(job.queue?.reason).toBe('paused');
    expect(job.problem?.credits?.available).toBe(0);
    expect(job.problem?.message).toMatch(/needs \d+ and the key's account has 0/);
    sandbox.setBalance(sandbox.keys[0]!.clientId, 1000);
    engine.setHeld('batch-1', false);
    await until(() => settled(engine.get(localId)), 10_000, 'the job after top-up');
    expect(engine.get(localId)?.state).toBe('success');
  });

  it('rejects bad requests before sending and maps a 403 for a foreign source job', async () => {
    const { sandbox, engine } = await setup();
    const bad = await engine.submit({ kind: 'text-to-3d', fields: { prompt: 'x', targetFaceCount: 600_000 } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problem.message).toMatch(/targetFaceCount/);
    const soon = await engine.submit({ kind: 'auto-rig', fields: { jobId: 'abc' } });
    expect(soon.ok).toBe(false);
    expect(sandbox.requests.filter((q) => q.method === 'POST')).toHaveLength(0);
    const foreign = await engine.submit({ kind: 'retexture', fields: { jobId: 'does-not-exist', prompt: 'gold' } });
    expect(foreign.ok).toBe(true);
    const id = foreign.ok ? foreign.value.localId : '';
    await until(() => engine.get(id)?.state === 'rejected', 5_000, 'the rejection');
    expect(engine.get(id)?.problem?.status).toBe(404);
    expect(engine.get(id)?.parentJobId).toBe('does-not-exist');
  });

  it('resumes polling and downloads after a restart, and tracks a job made elsewhere', async () => {
    const { sandbox, engine, dataDir, registry } = await setup({ jobSeconds: 0.6 });
    const r = await engine.submit({ kind: 'text-to-image', fields: { prompt: 'a blue vase' } });
    const localId = r.ok ? r.value.localId : '';
    await until(() => !!engine.get(localId)?.jobId, 5_000, 'a job id');
    await engine.stop();
    const again = new Engine({ dataDir, registry, staging: new StagingArea(dataDir), timing: FAST_TIMING });
    open.push({ engine: again });
    await again.start();
    await until(() => settled(again.get(localId)), 10_000, 'the resumed job');
    expect(again.get(localId)?.asset?.state).toBe('ready');
    expect(again.get(localId)?.asset?.hasThumbnail).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'assets', localId, 'thumbnail.png'))).toBe(true);

    // A job created by another client with the same key.
    const res = await fetch(`${sandbox.baseUrl}/jobs/text-to-3d`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': sandbox.keys[0]!.clientId, 'x-client-secret': sandbox.keys[0]!.clientSecret },
      body: JSON.stringify({ prompt: 'a teapot' }),
    });
    const { jobId } = (await res.json()) as { jobId: string };
    const tracked = await again.track({ jobId });
    expect(tracked.ok).toBe(true);
    const tid = tracked.ok ? tracked.value.localId : '';
    await until(() => settled(again.get(tid)), 10_000, 'the tracked job');
    expect(again.get(tid)?.state).toBe('success');
    expect(again.get(tid)?.asset?.format).toBe('glb');
    expect(again.get(tid)?.genParams).toBeDefined();
  });
});

describe('tracking a job by id', () => {
  it('brings back a job removed from the history instead of answering with the hidden record', async () => {
    const { engine } = await setup({ jobSeconds: 0.2 });
    const r = await engine.submit({ kind: 'text-to-image', fields: { prompt: 'a red kite' } });
    const localId = r.ok ? r.value.localId : '';
    await until(() => settled(engine.get(localId)), 10_000, 'the job');
    const jobId = engine.get(localId)!.jobId!;
    await engine.remove([localId]);
    expect(engine.list().some((j) => j.localId === localId)).toBe(false);

    const tracked = await engine.track({ jobId });
    expect(tracked.ok).toBe(true);
    expect(tracked.ok && tracked.value.localId).toBe(localId);
    expect(tracked.ok && tracked.value.hidden).toBeFalsy();
    expect(engine.list().map((j) => j.localId)).toContain(localId);
  });
});

describe('waiting for a job', () => {
  it('resolves once the asset is verified in the cache, and a second stop is harmless', async () => {
    const { engine } = await setup({ jobSeconds: 0.3 });
    const r = await engine.submit({ kind: 'text-to-3d', fields: { prompt: 'a small crate' } });
    const localId = r.ok ? r.value.localId : '';
    const done = await engine.waitFor(localId);
    expect(done.state).toBe('success');
    expect(done.asset?.state).toBe('ready');
    expect(fs.existsSync(engine.assetPath(localId)!)).toBe(true);
    await engine.stop();
    await expect(engine.stop()).resolves.toBeUndefined();
  });
});

describe('two engines over one data directory (the app and the CLI)', () => {
  it('never sends a queued submission from both, and each sees the other\'s jobs', async () => {
    const { sandbox, engine: first, dataDir, registry } = await setup({ jobSeconds: 0.3 });
    const second = new Engine({ dataDir, registry, staging: new StagingArea(dataDir), timing: FAST_TIMING });
    open.push({ engine: second });
    await second.start();
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const target = i % 2 === 0 ? first : second;
      const r = await target.submit({ kind: 'text-to-image', fields: { prompt: `shared ledger ${i}` } });
      if (r.ok) ids.push(r.value.localId);
    }
    expect(ids).toHaveLength(8);
    await until(() => ids.every((id) => settled(first.get(id)) && settled(second.get(id))), 20_000, 'both engines to see every job settle');
    // Each record was sent once: the sandbox has exactly 8 jobs, one per record.
    expect(sandbox.jobs()).toHaveLength(8);
    expect(new Set(ids.map((id) => first.get(id)?.jobId)).size).toBe(8);
    for (const id of ids) expect(first.get(id)?.state).toBe('success');
  });
});

describe('network down', () => {
  it('keeps polling paused while the service is unreachable and finishes the job when it is back', async () => {
    const sandboxDir = tempDir('sandbox-data');
    const first = await startSandbox({ port: 0, jobSeconds: 0.8, keys: 1, dataDir: sandboxDir, credits: 10_000 });
    const port = Number(new URL(first.baseUrl).port);
    const dataDir = tempDir('engine');
    const registry = staticRegistry(first.baseUrl, first.storageUrl, first.keys);
    const engine = new Engine({ dataDir, registry, staging: new StagingArea(dataDir), timing: FAST_TIMING, timeouts: { create: 2_000, poll: 1_000, download: 2_000 } });
    open.push({ engine });
    await engine.start();
    const r = await engine.submit({ kind: 'text-to-3d', fields: { prompt: 'a stone well' } });
    const localId = r.ok ? r.value.localId : '';
    await until(() => !!engine.get(localId)?.jobId, 5_000, 'a job id');
    await first.close();
    // Connection errors are not job failures: still waiting for the service.
    await expectNothingFor(1_200, 'job failure while the service is unreachable', () => !['pending', 'running'].includes(engine.get(localId)?.state ?? ''));
    const second = await startSandbox({ port, jobSeconds: 0.8, dataDir: sandboxDir });
    open.push({ sandbox: second });
    await until(() => settled(engine.get(localId)), 15_000, 'the job after the service came back');
    expect(engine.get(localId)?.state).toBe('success');
    expect(engine.get(localId)?.asset?.state).toBe('ready');
  });
});

describe('retries of a failing service', () => {
  /** A service that answers submissions from a script: each entry is one answer, in order. */
  async function scriptedService(answers: { status: number; body: unknown; headers?: Record<string, string> }[]) {
    const posts: number[] = [];
    const server = await serveLocally((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.method !== 'POST') {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ statusCode: 404, message: 'not scripted' }));
          return;
        }
        const answer = answers[Math.min(posts.length, answers.length - 1)]!;
        posts.push(answer.status);
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(JSON.stringify(answer.body));
      });
    });
    return { ...server, posts };
  }
  const tooMany = { status: 429, body: { statusCode: 429, message: 'slow down' }, headers: { 'retry-after': '0' } };
  const failing = { status: 500, body: { statusCode: 500, message: 'Internal server error' } };

  it('counts only 5xx answers against the four server-error tries: 429s before them do not use them up', async () => {
    const service = await scriptedService([tooMany, tooMany, tooMany, failing, failing, failing, { status: 201, body: { jobId: 'scripted-1' } }]);
    const dataDir = tempDir('engine');
    const registry = staticRegistry(service.baseUrl, `${service.baseUrl}/storage`, [{ clientId: 'id', clientSecret: 'secret' }]);
    const engine = new Engine({ dataDir, registry, staging: new StagingArea(dataDir), timing: { ...FAST_TIMING, pollFirstMs: 60_000 }, timeouts: { create: 2_000, poll: 1_000, download: 1_000 } });
    await engine.start();
    try {
      const r = await engine.submit({ kind: 'text-to-image', fields: { prompt: 'a lighthouse' } });
      const localId = r.ok ? r.value.localId : '';
      await until(() => !!engine.get(localId)?.jobId || engine.get(localId)?.state === 'rejected', 10_000, 'the job id or a rejection');
      expect(service.posts).toEqual([429, 429, 429, 500, 500, 500, 201]);
      expect(engine.get(localId)?.jobId).toBe('scripted-1');
      expect(engine.get(localId)?.queue).toBeUndefined();
    } finally {
      await engine.stop();
      await service.close();
    }
  });

  it('gives up after four 5xx answers, says so, and leaves nothing queued', async () => {
    const service = await scriptedService([tooMany, failing]);
    const dataDir = tempDir('engine');
    const registry = staticRegistry(service.baseUrl, `${service.baseUrl}/storage`, [{ clientId: 'id', clientSecret: 'secret' }]);
    const engine = new Engine({ dataDir, registry, staging: new StagingArea(dataDir), timing: FAST_TIMING, timeouts: { create: 2_000, poll: 1_000, download: 1_000 } });
    await engine.start();
    try {
      const r = await engine.submit({ kind: 'text-to-image', fields: { prompt: 'a lighthouse' } });
      const localId = r.ok ? r.value.localId : '';
      await until(() => engine.get(localId)?.state === 'rejected', 10_000, 'the rejection');
      expect(service.posts).toEqual([429, 500, 500, 500, 500]);
      const job = engine.get(localId)!;
      expect(job.problem?.message).toMatch(/Gave up after 4 server errors/);
      expect(job.queue).toBeUndefined();
      expect(job.finishedAt).toBeTruthy();
    } finally {
      await engine.stop();
      await service.close();
    }
  });
});
