/**
 * Every answer visible, end to end through the engine: a key revoked while
 * its jobs run (reason shown, polling on it stopped until the key is fixed
 * or the user resumes), 403 and 5xx while polling, and each class of
 * download (incomplete, invalid, too large) ending in its own state, against
 * the sandbox or a scripted service on this machine.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import type { ServerResponse } from 'node:http';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox';
import type { JobRecord } from '../../../shared/domain/job';
import { serveLocally } from '../../test/local-server';
import type { EnvironmentRegistry } from '../contracts';
import { StagingArea } from '../files/staging';
import { Engine, type EngineTiming } from './engine';
import { FAST_TIMING, staticRegistry, tempDir, until } from './test/harness';
import { stopAfterEach } from './test/stop-after-each';
import { accessorBomb, withPngSize } from '../guard/crafted-files';
import { expectNothingFor } from '../../../testkit/expect-nothing';

const open = stopAfterEach();

/** A registry whose secret the test can change, telling its listeners as Settings does. */
function switchableRegistry(base: EnvironmentRegistry) {
  const listeners = new Set<() => void>();
  let secret: string | undefined;
  const registry: EnvironmentRegistry = {
    ...base,
    credentials: (env, key) => {
      const c = base.credentials(env, key);
      return c && secret !== undefined ? { ...c, clientSecret: secret } : c;
    },
    onChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return {
    registry,
    setSecret(value: string | undefined, tell: boolean) {
      secret = value;
      if (tell) for (const l of listeners) l();
    },
  };
}

function newEngine(registry: EnvironmentRegistry, timing: Partial<EngineTiming> = {}): Engine {
  const dataDir = tempDir('answers');
  const engine = new Engine({ dataDir, registry, staging: new StagingArea(dataDir), timing: { ...FAST_TIMING, ...timing }, timeouts: { create: 3_000, poll: 2_000, download: 3_000 } });
  open.push({ engine });
  return engine;
}

describe('a key revoked while its jobs run', () => {
  async function threeRunningJobs() {
    const sandbox = await startSandbox({ port: 0, jobSeconds: 2.5, keys: 1, credits: 10_000 });
    open.push({ sandbox });
    const s = switchableRegistry(staticRegistry(sandbox.baseUrl, sandbox.storageUrl, sandbox.keys));
    const engine = newEngine(s.registry);
    await engine.start();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await engine.submit({ kind: 'text-to-image', fields: { prompt: `revoked ${i}` } });
      if (r.ok) ids.push(r.value.localId);
    }
    await until(() => ids.every((id) => !!engine.get(id)?.jobId), 5_000, 'three job ids');
    // Rotated elsewhere: the stored secret no longer works.
    s.setSecret('rotated-away', false);
    await until(() => ids.every((id) => engine.get(id)?.polling?.state === 'key-rejected'), 5_000, 'every job to show the rejected key');
    return { sandbox, engine, ids, s };
  }
  const gets = (sandbox: RunningSandbox) => sandbox.requests.filter((q) => q.method === 'GET' && !q.path.startsWith('/storage')).length;

  it('shows the reason, stops polling that key, and resumes when that key (not any setting) is updated in Settings', async () => {
    const { sandbox, engine, ids, s } = await threeRunningJobs();
    for (const id of ids) {
      const job = engine.get(id)!;
      expect(job.state === 'pending' || job.state === 'running').toBe(true);
      expect(job.polling?.reason).toMatch(/the service rejected this key/);
    }
    // Polls already on the wire when the first 401 came back (one a job at most) are answered a moment later; no other.
    const paused = gets(sandbox);
    await expectNothingFor(1_000, 'poll with the rejected key', () => gets(sandbox) > paused + ids.length);
    const before = gets(sandbox);
    // A Settings change that leaves this key as it was (another key, a name): still paused, no request.
    s.setSecret('rotated-away', true);
    await expectNothingFor(600, 'poll after a Settings change that left the key as it was', () => gets(sandbox) !== before);
    for (const id of ids) expect(engine.get(id)?.polling?.state).toBe('key-rejected');
    // The key's secret updated: its jobs are polled again.
    s.setSecret(undefined, true);
    await until(() => ids.every((id) => engine.get(id)?.asset?.state === 'ready'), 10_000, 'the jobs to finish after the key was fixed');
    for (const id of ids) expect(engine.get(id)?.polling).toBeUndefined();
  });

  it('resumes on Resume polling, and pauses again at once while the key is still rejected', async () => {
    const { sandbox, engine, ids, s } = await threeRunningJobs();
    const before = gets(sandbox);
    expect((await engine.resumePolling(ids[0]!)).ok).toBe(true);
    await until(() => ids.every((id) => engine.get(id)?.polling?.state === 'key-rejected'), 5_000, 'paused again');
    // One answer said the key is still rejected: not one request per job per interval.
    expect(gets(sandbox) - before).toBeLessThanOrEqual(3);
    s.setSecret(undefined, false);
    expect((await engine.resumePolling(ids[1]!)).ok).toBe(true);
    await until(() => ids.every((id) => engine.get(id)?.asset?.state === 'ready'), 10_000, 'the jobs to finish after Resume polling');
    expect((await engine.resumePolling(ids[1]!)).ok).toBe(false);
  });
});

/** A scripted service: create answers a job id, polls and downloads answer what the test says. */
async function scripted(handlers: { poll?: (n: number, res: ServerResponse) => boolean; asset?: (n: number, res: ServerResponse) => void }) {
  const counts = { poll: 0, asset: 0 };
  const server = await serveLocally((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = req.url ?? '';
      if (req.method === 'POST') {
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ jobId: 'job-1' }));
      } else if (url.startsWith('/storage/')) {
        handlers.asset?.(++counts.asset, res);
      } else if (url === '/jobs/job-1') {
        if (!handlers.poll?.(++counts.poll, res)) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'job-1', status: 'success', fragments: [] }));
      } else res.writeHead(404).end();
    });
  });
  open.push({ server });
  const registry = staticRegistry(server.baseUrl, `${server.baseUrl}/storage`, [{ clientId: 'id', clientSecret: 'secret' }]);
  return { server, registry, counts };
}

async function runOne(registry: EnvironmentRegistry, kind: 'text-to-3d' | 'text-to-image', timing: Partial<EngineTiming> = {}) {
  const engine = newEngine(registry, timing);
  await engine.start();
  const r = await engine.submit({ kind, fields: { prompt: 'a scripted crate' } });
  if (!r.ok) throw new Error(r.problem.message);
  return { engine, localId: r.value.localId };
}

const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const ended = (j: JobRecord | undefined) => !!j && (j.state === 'error' || j.asset?.state === 'ready' || j.asset?.state === 'unavailable');

describe('answers while polling', () => {
  it('403 ends the job at once with the service message', async () => {
    const { registry, counts } = await scripted({ poll: (_n, res) => (json(res, 403, { statusCode: 403, message: 'This job belongs to another key' }), true) });
    const { engine, localId } = await runOne(registry, 'text-to-3d');
    await until(() => ended(engine.get(localId)), 5_000, 'the 403');
    expect(engine.get(localId)?.state).toBe('error');
    expect(engine.get(localId)?.problem?.message).toMatch(/belongs to another key/);
    expect(counts.poll).toBe(1);
  });

  it('5xx and unreadable answers are retried with the reason and the next attempt on the record', async () => {
    const seen: JobRecord[] = [];
    const { registry } = await scripted({
      poll: (n, res) => {
        if (n === 1) json(res, 502, { statusCode: 502, message: 'Bad gateway' });
        else if (n === 2) res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
        else if (n === 3) json(res, 200, { id: 'job-1', status: 'exploded' });
        else return false;
        return true;
      },
      asset: (_n, res) => res.writeHead(200, { 'content-type': 'model/gltf-binary' }).end(glb),
    });
    const { engine, localId } = await runOne(registry, 'text-to-3d', { retryBaseMs: 30 });
    engine.onChange((j) => j.localId === localId && j.polling && seen.push(j));
    await until(() => engine.get(localId)?.asset?.state === 'ready', 8_000, 'the job after three bad answers');
    expect(seen.map((j) => j.polling!.attempts)).toEqual([1, 2, 3]);
    expect(seen[0]!.polling).toMatchObject({ state: 'retrying', status: 502 });
    expect(seen[0]!.polling!.reason).toMatch(/failed \(502\)/);
    expect(seen[1]!.polling!.reason).toMatch(/maintenance/);
    expect(seen[2]!.polling!.reason).toMatch(/exploded/);
    for (const j of seen) expect(Date.parse(j.polling!.retryAt!)).toBeGreaterThan(Date.parse(j.updatedAt) - 1);
    expect(engine.get(localId)?.polling).toBeUndefined();
  });
});

let glb: Buffer;
let png: Buffer;
beforeAll(async () => {
  const doc = new Document();
  const pos = doc.createAccessor().setType('VEC3').setBuffer(doc.createBuffer()).setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
  doc.createScene().addChild(doc.createNode().setMesh(doc.createMesh('tri').addPrimitive(doc.createPrimitive().setAttribute('POSITION', pos))));
  glb = Buffer.from(await new NodeIO().writeBinary(doc));
  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#48a' } }).png().toBuffer();
});

describe('download classes', () => {
  it('incomplete (404, then shorter than Content-Length, then shorter than the GLB header) keeps retrying with attempts and reason, then succeeds', async () => {
    const reasons: string[] = [];
    const { registry } = await scripted({
      asset: (n, res) => {
        if (n === 1) json(res, 404, { message: 'not yet' });
        else if (n === 2) {
          res.writeHead(200, { 'content-type': 'model/gltf-binary', 'content-length': glb.length });
          res.write(glb.subarray(0, 40));
          setTimeout(() => res.destroy(), 50);
        } else if (n === 3) res.writeHead(200, { 'content-type': 'model/gltf-binary' }).end(glb.subarray(0, glb.length - 8));
        else res.writeHead(200, { 'content-type': 'model/gltf-binary' }).end(glb);
      },
    });
    const { engine, localId } = await runOne(registry, 'text-to-3d');
    engine.onChange((j) => j.localId === localId && j.asset?.state === 'retrying' && reasons.push(`${j.asset.attempts} ${j.asset.failure} ${j.asset.problem}`));
    await until(() => ended(engine.get(localId)), 10_000, 'the asset');
    expect(engine.get(localId)?.asset).toMatchObject({ state: 'ready', attempts: 4 });
    expect(reasons).toHaveLength(3);
    expect(reasons[0]).toMatch(/^1 incomplete .*404/);
    expect(reasons[1]).toMatch(/^2 incomplete .*ended early \(40 of the \d+ bytes/);
    expect(reasons[2]).toMatch(/^3 incomplete .*header declares/);
  });

  it.each([
    ['an HTML page', (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><html><body>Bad gateway</body></html>'), /HTML/],
    ['GLB version 1', (res: ServerResponse) => res.writeHead(200).end(Buffer.concat([glb.subarray(0, 4), Buffer.from([1, 0, 0, 0]), glb.subarray(8)])), /version 1/],
    ['an unparsable JSON chunk', (res: ServerResponse) => res.writeHead(200).end(Buffer.concat([glb.subarray(0, 20), Buffer.from('{{'), glb.subarray(22)])), /does not parse/],
    // A valid container whose accessor declares 100,000,000 vertices with no data: refused by the guard before anything decodes it.
    ['an accessor bomb', (res: ServerResponse) => res.writeHead(200).end(Buffer.from(accessorBomb(100_000_000))), /This model declares 100,000,000 vertices in a \d+-byte file; it is damaged or hostile\. Use "Retry download"/],
  ])('complete but invalid (%s) ends unavailable after at most 3 attempts, and Retry download starts again', async (_what, answer, says) => {
    let good = false;
    const { registry, counts } = await scripted({ asset: (_n, res) => (good ? res.writeHead(200).end(glb) : answer(res)) });
    const { engine, localId } = await runOne(registry, 'text-to-3d', { invalidWindowMs: 60_000 });
    await until(() => ended(engine.get(localId)), 10_000, 'the verdict');
    const asset = engine.get(localId)!.asset!;
    expect(asset).toMatchObject({ state: 'unavailable', failure: 'invalid' });
    expect(asset.attempts).toBeLessThanOrEqual(3);
    expect(counts.asset).toBe(asset.attempts);
    expect(asset.problem).toMatch(says);
    expect(asset.problem).toMatch(/Retry download/);
    good = true;
    expect((await engine.retryDownload(localId)).ok).toBe(true);
    await until(() => engine.get(localId)?.asset?.state === 'ready', 5_000, 'the retried download');
  });

  it('an image whose PNG fails its checksum is invalid the same way', async () => {
    const bad = Buffer.from(png);
    bad[bad.length - 20] = bad[bad.length - 20]! ^ 0xff;
    const { registry } = await scripted({ asset: (_n, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(bad) });
    const { engine, localId } = await runOne(registry, 'text-to-image');
    await until(() => ended(engine.get(localId)), 10_000, 'the verdict');
    expect(engine.get(localId)?.asset).toMatchObject({ state: 'unavailable', failure: 'invalid', format: 'png' });
    expect(engine.get(localId)?.asset?.problem).toMatch(/checksum/);
  });

  it('an image whose header declares 100,000 × 100,000 pixels is refused before it is decoded, and gets no thumbnail', async () => {
    const { registry } = await scripted({ asset: (_n, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(withPngSize(png, 100_000, 100_000)) });
    const { engine, localId } = await runOne(registry, 'text-to-image');
    await until(() => ended(engine.get(localId)), 10_000, 'the verdict');
    expect(engine.get(localId)?.asset).toMatchObject({ state: 'unavailable', failure: 'invalid', format: 'png' });
    expect(engine.get(localId)?.asset?.problem).toMatch(/declares 100,000 × 100,000 pixels; images up to 16,384 pixels a side are opened/);
    expect(engine.get(localId)?.asset?.hasThumbnail).toBeFalsy();
  });

  it('a declared size over the cap is refused at once, without writing it', async () => {
    const { registry, counts } = await scripted({
      asset: (_n, res) => {
        res.writeHead(200, { 'content-type': 'model/gltf-binary', 'content-length': String(50 * 1024 ** 3) });
        res.write(glb);
      },
    });
    const { engine, localId } = await runOne(registry, 'text-to-3d');
    await until(() => ended(engine.get(localId)), 5_000, 'the refusal');
    expect(engine.get(localId)?.asset).toMatchObject({ state: 'unavailable', failure: 'too-large', attempts: 1 });
    expect(engine.get(localId)?.asset?.problem).toMatch(/larger than the 2 GB cap \(the storage announced 50 GB\)/);
    expect(counts.asset).toBe(1);
  });

  it('a stream passing the cap without a declared size is stopped there', async () => {
    const { registry } = await scripted({ asset: (_n, res) => res.writeHead(200, { 'content-type': 'model/gltf-binary', 'transfer-encoding': 'chunked' }).end(Buffer.concat([glb, Buffer.alloc(4096)])) });
    const { engine, localId } = await runOne(registry, 'text-to-3d', { downloadCapBytes: 2048 });
    await until(() => ended(engine.get(localId)), 5_000, 'the refusal');
    expect(engine.get(localId)?.asset).toMatchObject({ state: 'unavailable', failure: 'too-large' });
    expect(engine.get(localId)?.asset?.problem).toMatch(/larger than the 0 MB cap|larger than the 0\.\d+ MB cap/);
  });
});
