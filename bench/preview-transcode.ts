/**
 * Preview copies of KTX2 models (`node --import tsx bench/preview-transcode.ts`).
 *
 * On the corpus's jet-fighter.glb (three 4096² ETC1S KTX2 textures + Draco):
 *   - cold: starting the transcoder thread (wasm loaded there), then the first copy;
 *   - warm: further copies (median, min-max), as the app makes them (Basis on
 *     the worker thread), and with Basis in the main thread for comparison;
 *   - event loop: the longest gap between 1 ms timer ticks while a copy is
 *     made, both ways (what an IPC request would wait at worst);
 *   - cached: `files:previewCopy` answering from preview.glb beside the asset;
 * and, as same-run references on the same file, what a @gltf-transform
 * document round trip costs before any texture work: reading it (Draco
 * decoded) and reading + writing it (Draco re-encoded), the approach the
 * copy avoids by editing the GLB in place.
 * Prints a table and writes bench/results/preview-transcode.json.
 */
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { basisTranscoder } from '../electron/services/preview/basis-transcoder';
import { PreviewService } from '../electron/services/preview/preview-service';
import { makePreviewCopy } from '../electron/services/preview/transcode-glb';
import { TranscodeWorker } from '../electron/services/preview/transcode-worker';
import { withLoopWatch } from './loop-watch';

const ROOT = path.resolve(__dirname, '..');
const CORPUS = path.resolve(ROOT, process.env.ASSET_STUDIO_CORPUS ?? '../shared/corpus');
const FILE = path.join(CORPUS, 'gltf', 'jet-fighter.glb');
const RUNS = Number(process.env.PREVIEW_RUNS ?? 7);

const now = (): number => performance.now();
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const summary = (xs: number[]) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs), runs: xs.length });

async function dracoModules(): Promise<{ decoder: unknown; encoder: unknown }> {
  const name = 'draco3dgltf';
  const mod = (await import(name)) as { default?: DracoFactory } & DracoFactory;
  const factory = mod.default ?? mod;
  return { decoder: await factory.createDecoderModule(), encoder: await factory.createEncoderModule() };
}
interface DracoFactory {
  createDecoderModule(): Promise<unknown>;
  createEncoderModule(): Promise<unknown>;
}

async function main(): Promise<void> {
  if (!fs.existsSync(FILE)) {
    console.error(`jet-fighter.glb is not at ${FILE} (set ASSET_STUDIO_CORPUS to the corpus folder).`);
    process.exitCode = 1;
    return;
  }
  const bytes = new Uint8Array(fs.readFileSync(FILE));

  const worker = new TranscodeWorker();
  const onWorker = { transcode: (b: Uint8Array, max: number) => worker.transcode(b, max) };
  const t0 = now();
  const cold = await withLoopWatch(() => makePreviewCopy(bytes, onWorker));
  const coldMs = now() - t0;
  const t1 = now();
  await basisTranscoder();
  const transcoderLoadMs = now() - t1;

  // Interleaved run by run, equally warm: the app's way (worker) and Basis in this thread.
  const warm: number[] = [];
  const gaps: number[] = [cold.longestGapMs];
  const warmInThread: number[] = [];
  const gapsInThread: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t = now();
    const run = await withLoopWatch(() => makePreviewCopy(bytes, onWorker));
    warm.push(now() - t);
    gaps.push(run.longestGapMs);
    t = now();
    const local = await withLoopWatch(() => makePreviewCopy(bytes));
    warmInThread.push(now() - t);
    gapsInThread.push(local.longestGapMs);
  }
  await worker.dispose();

  // Cached: the service answers from preview.glb beside the asset.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-bench-'));
  const asset = path.join(dir, 'asset.glb');
  fs.copyFileSync(FILE, asset);
  const service = new PreviewService({ assetPath: () => asset, stagedPath: () => undefined });
  const first = await service.previewCopy({ localId: 'bench01' });
  if (!first.ok) throw new Error(first.problem.message);
  const cached: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = now();
    const r = await service.previewCopy({ localId: 'bench01' });
    if (!r.ok) throw new Error(r.problem.message);
    cached.push(now() - t);
  }
  fs.rmSync(dir, { recursive: true, force: true });

  // References: a @gltf-transform document round trip of the same file.
  const draco = await dracoModules();
  await MeshoptDecoder.ready;
  await MeshoptEncoder.ready;
  const io = new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
    'draco3d.decoder': draco.decoder,
    'draco3d.encoder': draco.encoder,
    'meshopt.decoder': MeshoptDecoder,
    'meshopt.encoder': MeshoptEncoder,
  });
  const readOnly: number[] = [];
  const roundTrip: number[] = [];
  const roundTripGaps: number[] = [];
  for (let i = 0; i < Math.min(RUNS, 5); i++) {
    let t = now();
    await io.readBinary(bytes);
    readOnly.push(now() - t);
    t = now();
    const rt = await withLoopWatch(async () => io.writeBinary(await io.readBinary(bytes)));
    roundTrip.push(now() - t);
    roundTripGaps.push(rt.longestGapMs);
  }

  const results = {
    file: 'jet-fighter.glb',
    fileBytes: bytes.byteLength,
    copyBytes: first.value.byteLength,
    textures: first.value.textures,
    coldMs,
    warmMs: summary(warm),
    longestEventLoopGapMs: summary(gaps),
    inThread: { transcoderLoadMs, warmMs: summary(warmInThread), longestEventLoopGapMs: summary(gapsInThread) },
    cachedMs: summary(cached),
    reference: {
      gltfTransformReadMs: summary(readOnly),
      gltfTransformReadWriteMs: summary(roundTrip),
      gltfTransformReadWriteLongestGapMs: summary(roundTripGaps),
    },
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: os.loadavg()[0] ?? 0,
  };

  const f = (n: number): string => `${n.toFixed(0)} ms`;
  const row = (label: string, s: { median: number; min: number; max: number }) => console.log(`${label.padEnd(58)} ${f(s.median).padStart(8)}   (${f(s.min)}-${f(s.max)})`);
  console.log(`Preview copy of jet-fighter.glb (${(bytes.byteLength / 1024 / 1024).toFixed(2)} MiB, 3× 4096² KTX2 -> 3× 2048² PNG; copy ${(first.value.byteLength / 1024 / 1024).toFixed(2)} MiB)`);
  console.log(`${'cold: transcoder thread start + first copy'.padEnd(58)} ${f(coldMs).padStart(8)}`);
  row(`warm copy (Basis on the worker thread), median of ${RUNS}`, results.warmMs);
  row('  longest event-loop gap while copying', results.longestEventLoopGapMs);
  row('warm copy with Basis in the main thread (reference)', results.inThread.warmMs);
  row('  longest event-loop gap while copying', results.inThread.longestEventLoopGapMs);
  console.log(`${'  Basis transcoder load in the main thread'.padEnd(58)} ${f(transcoderLoadMs).padStart(8)}`);
  row('cached: files:previewCopy from preview.glb (read + base64)', results.cachedMs);
  console.log('same-run references (same file, no texture work):');
  row('  @gltf-transform read (Draco decoded)', results.reference.gltfTransformReadMs);
  row('  @gltf-transform read + write (Draco re-encoded)', results.reference.gltfTransformReadWriteMs);
  row('  longest event-loop gap during read + write', results.reference.gltfTransformReadWriteLongestGapMs);
  console.log(`longest event-loop gap, worker / main thread: ${(results.longestEventLoopGapMs.median / results.inThread.longestEventLoopGapMs.median).toFixed(2)}×  (load average ${results.loadAverage.toFixed(2)} on ${results.cpus} CPUs)`);

  const out = path.join(ROOT, 'bench', 'results', 'preview-transcode.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`written ${path.relative(ROOT, out)}`);
}

void main();
