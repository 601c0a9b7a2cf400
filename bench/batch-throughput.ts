/**
 * Batch throughput: 50 text-to-3D rows against the sandbox with a fixed job
 * duration, once with one key and once with three (rows spread across keys).
 *
 * Figures, per key count:
 *  - ideal: ceil(rows / (5 × keys)) × job duration (the concurrency cap's bound);
 *  - engine: the same 50 requests submitted straight to the job engine and
 *    awaited (baseline measured in the same run, same sandbox, same engine);
 *  - batch: the list imported, validated and run by the batch service,
 *    through to every asset exported and the report written.
 * Target: batch ≤ 1.15 × ideal in both runs.
 *
 * Run: npm run bench:batch [-- --rows 50 --job-seconds 2]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox, type RunningSandbox } from '../sandbox';
import type { Batch } from '../shared/ipc';
import { createServices, type Services } from '../electron/compose';
import type { HandlerContext } from '../electron/services/contracts';
import { createHeadlessPlatform, noCipher } from '../electron/services/platform-headless';

const ctx: HandlerContext = { shell: 'cli' };
const PER_KEY = 5;

const { values: opts } = parseArgs({
  options: {
    rows: { type: 'string', default: '50' },
    'job-seconds': { type: 'string', default: '2' },
    keys: { type: 'string', default: '1,3' },
  },
});
const ROWS = Number(opts.rows);
const JOB_SECONDS = Number(opts['job-seconds']);
const KEY_COUNTS = opts.keys!.split(',').map(Number);

async function withServices<T>(sandbox: RunningSandbox, keys: number, fn: (services: Services, environmentId: string, keyId: string) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-batch-'));
  const env = {
    ASSET_STUDIO_BASE_URL: sandbox.baseUrl,
    ASSET_STUDIO_STORAGE_URL: sandbox.storageUrl,
    ASSET_STUDIO_KEYS: JSON.stringify(sandbox.keys.slice(0, keys).map((k) => ({ clientId: k.clientId, clientSecret: k.clientSecret }))),
  };
  const services = await createServices({
    dataDir,
    platform: createHeadlessPlatform('cli'),
    cipher: noCipher,
    env,
    sandbox: 'none',
  });
  try {
    const environment = services.registry.list().find((e) => e.baseUrl === sandbox.baseUrl);
    if (!environment || !environment.keys[0]) throw new Error('The sandbox environment from the environment variables was not found.');
    return await fn(services, environment.id, environment.keys[0].id);
  } finally {
    await services.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const rowPrompt = (run: string, i: number) => `bench ${run} crate ${i + 1}`;
const rowFields = { targetFaceCount: 500, textureResolution: '128' } as const;

/** Baseline: the engine alone, every request submitted at once, all awaited. */
async function runEngineDirect(sandbox: RunningSandbox, keys: number): Promise<number> {
  return withServices(sandbox, keys, async (services, environmentId, keyId) => {
    const engine = services.engine;
    const t0 = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < ROWS; i++) {
      const res = await engine.submit({ kind: 'text-to-3d', fields: { prompt: rowPrompt(`direct${keys}`, i), ...rowFields }, environmentId, keyId, spreadAcrossKeys: keys > 1 });
      if (!res.ok) throw new Error(res.problem.message);
      ids.push(res.value.localId);
    }
    const done = await Promise.all(ids.map((id) => engine.waitFor(id)));
    const failed = done.filter((j) => j.state !== 'success');
    if (failed.length) throw new Error(`${failed.length} direct jobs did not succeed: ${failed[0]!.problem?.message ?? failed[0]!.state}`);
    return performance.now() - t0;
  });
}

async function runBatch(sandbox: RunningSandbox, keys: number): Promise<{ ms: number; batch: Batch }> {
  return withServices(sandbox, keys, async (services, environmentId, keyId) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-batch-list-'));
    const list = path.join(dir, 'props.csv');
    const lines = ['kind,prompt,targetFaceCount,textureResolution'];
    for (let i = 0; i < ROWS; i++) lines.push(`text-to-3d,${rowPrompt(`batch${keys}`, i)},${rowFields.targetFaceCount},${rowFields.textureResolution}`);
    fs.writeFileSync(list, lines.join('\n') + '\n');
    const h = services.handlers;
    const t0 = performance.now();
    const imported = await h['batch:import']!({ path: list }, ctx);
    if (!imported.ok) throw new Error(imported.problem.message);
    const finished = new Promise<Batch>((resolve) => {
      const off = services.events.subscribe((name, payload) => {
        const b = payload as Batch;
        if (name === 'batch:changed' && b.id === imported.value.id && (b.state === 'finished' || b.state === 'cancelled' || b.state === 'paused')) {
          off();
          resolve(b);
        }
      });
    });
    const started = await h['batch:start']!({ batchId: imported.value.id, outDir: path.join(dir, 'out'), environmentId, keyId, spreadAcrossKeys: keys > 1 }, ctx);
    if (!started.ok) throw new Error(started.problem.message);
    const batch = await finished;
    const ms = performance.now() - t0;
    fs.rmSync(dir, { recursive: true, force: true });
    if (batch.counts.done !== ROWS) throw new Error(`Batch ended ${batch.state} with ${batch.counts.done}/${ROWS} done.`);
    return { ms, batch };
  });
}

async function main(): Promise<void> {
  // No chaos: the sandbox's faults are off unless asked for.
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', jobSeconds: JOB_SECONDS, keys: Math.max(...KEY_COUNTS), credits: 1_000_000 });
  const results: { keys: number; idealMs: number; engineMs: number; batchMs: number }[] = [];
  try {
    for (const keys of KEY_COUNTS) {
      const idealMs = Math.ceil(ROWS / (PER_KEY * keys)) * JOB_SECONDS * 1000;
      const engineMs = await runEngineDirect(sandbox, keys);
      const { ms: batchMs } = await runBatch(sandbox, keys);
      results.push({ keys, idealMs, engineMs, batchMs });
    }
  } finally {
    await sandbox.close();
  }

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const rows = results.map((r) => ({
    keys: String(r.keys),
    rows: String(ROWS),
    ideal: s(r.idealMs),
    'engine only': s(r.engineMs),
    batch: s(r.batchMs),
    'batch / ideal': `${(r.batchMs / r.idealMs).toFixed(3)}×`,
    'batch / engine': `${(r.batchMs / r.engineMs).toFixed(3)}×`,
    'target ≤ 1.15×': r.batchMs / r.idealMs <= 1.15 ? 'met' : 'missed',
  }));
  console.log(`Batch throughput: ${ROWS} text-to-3D rows, job duration ${JOB_SECONDS} s, cap ${PER_KEY} per key (Node ${process.version}, ${os.cpus().length} cores)`);
  console.table(rows);
  const outDir = path.join(process.cwd(), 'bench', 'results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'batch-throughput.json'), JSON.stringify({ at: new Date().toISOString(), rows: ROWS, jobSeconds: JOB_SECONDS, results }, null, 2) + '\n');
  if (results.some((r) => r.batchMs / r.idealMs > 1.15)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
});
