/**
 * What one batch row's asset costs after its job ends, measured on the model
 * the batch bench's rows make (text-to-3D, 500 triangles, 128 px texture) and
 * on a 1024×512 PNG: the download (from a local storage host), the check
 * (guard, validator, statistics), the PNG's thumbnail and the GLB export,
 * each in the checking processes as the app runs them now and in this process as
 * it ran them before (the figures the batch's tail is made of).
 *
 * Run: node --import tsx bench/asset-costs.ts
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { presetBudget } from '../shared/domain/readiness';
import { DEFAULT_EXPORT_OPTIONS } from '../shared/ipc';
import { modelDocument, toGlb } from '../sandbox/generate/gltf';
import { buildMesh } from '../sandbox/generate/mesh-builder';
import { shapeParts } from '../sandbox/generate/shapes';
import { atlasTexture } from '../sandbox/generate/textures';
import { CheckPool } from '../electron/services/guard/check-pool';
import { inspectImage, inspectModel, validateModel, writeImageThumbnail } from '../electron/services/jobs/inspect';
import { readyCopy } from '../electron/services/export/ready-copy';
import { writeModel } from '../electron/services/export/model-outputs';

const RUNS = Number(process.env.RUNS ?? 10);

async function median(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)]! * 10) / 10;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asset-costs-'));
  const built = buildMesh(shapeParts('crate', 'bench crate'), 500);
  const glb = await toGlb(modelDocument(built, { name: 'crate', texturePng: await atlasTexture(128, [[120, 80, 40]]) }));
  const png = await sharp({ create: { width: 1024, height: 512, channels: 3, background: '#468' } }).png().toBuffer();
  const glbFile = path.join(dir, 'asset.glb');
  const pngFile = path.join(dir, 'asset.png');
  fs.writeFileSync(glbFile, glb);
  fs.writeFileSync(pngFile, png);
  const server = http.createServer((req, res) => res.end(req.url?.endsWith('.png') ? png : glb));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/asset`;
  const pool = new CheckPool({ size: 2 });
  const budget = presetBudget('plain', 'desktop');
  const input = { options: { ...DEFAULT_EXPORT_OPTIONS }, budget, compression: 'none' as const };
  // A checking process's start-up (cold, once per process) measured apart from the warm cost per asset.
  const cold = performance.now();
  await pool.run({ kind: 'inspect-asset', file: glbFile, format: 'glb' });
  const coldMs = Math.round(performance.now() - cold);

  const rows = {
    download: { 'GLB (ms)': await median(() => fetch(`${url}.glb`).then((r) => r.arrayBuffer())), 'PNG (ms)': await median(() => fetch(`${url}.png`).then((r) => r.arrayBuffer())) },
    'check, checking process': {
      'GLB (ms)': await median(() => pool.run({ kind: 'inspect-asset', file: glbFile, format: 'glb' })),
      'PNG (ms)': await median(() => pool.run({ kind: 'inspect-asset', file: pngFile, format: 'png' })),
    },
    'check, main thread (before)': {
      'GLB (ms)': await median(async () => {
        const bytes = new Uint8Array(fs.readFileSync(glbFile));
        await validateModel(bytes);
        await inspectModel(bytes);
      }),
      'PNG (ms)': await median(() => inspectImage(pngFile)),
    },
    'thumbnail (PNG; a model\'s is drawn by the window)': {
      'GLB (ms)': 0,
      'PNG (ms)': await median(() => writeImageThumbnail(pngFile, path.join(dir, 'thumb.png'))),
    },
    'export GLB, checking process': {
      'GLB (ms)': await median(async () => {
        const copy = await pool.run({ kind: 'ready-copy', file: glbFile, input, formats: ['glb'] });
        if (!('ok' in copy)) throw new Error('no copy');
        await pool.run({ kind: 'write-model', glb: (copy.value as { glb: Uint8Array }).glb, formats: ['glb'], name: 'crate', extras: { collision: 'none', upAxis: 'y' } });
      }),
      'PNG (ms)': 0,
    },
    'export GLB, main thread (before)': {
      'GLB (ms)': await median(async () => {
        const copy = await readyCopy({ ...input, original: new Uint8Array(fs.readFileSync(glbFile)) });
        await writeModel(copy.doc, copy.glb, ['glb'], 'crate', { collision: 'none', upAxis: 'y' });
      }),
      'PNG (ms)': 0,
    },
  };
  console.log(`Per-asset costs (median of ${RUNS}; GLB ${glb.length} bytes, 500 triangles; PNG 1024×512; ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}); a checking process's cold start: ${coldMs} ms`);
  console.table(rows);
  await pool.dispose();
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

void main();
