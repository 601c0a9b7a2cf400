/**
 * `npm run bench:export`: the export's simplify + texture resize + compress of
 * the sandbox's 500k-triangle model (bench/fixtures.ts: 500k triangles, one
 * 4096 px texture), made the way the app makes it (bench/export-app-step.ts:
 * readiness check, fixes, check of the copy, written GLB, in one process)
 * against the same steps through @gltf-transform/cli (simplify, resize, draco:
 * three processes, as a pipeline would run them), in the same run. The CLI is
 * the baseline for the app's own overhead around the same library calls; the
 * guard is app time ≤ 1.1 × CLI time. Peak memory (max RSS) of each, from
 * /usr/bin/time for the CLI steps and the app process's own resourceUsage.
 *
 * Budget: Unity mobile (50,000 triangles, 1024 px, Draco), the budget the issue's
 * end-to-end case uses. BENCH_RUNS (default 3) runs of each, alternating which
 * goes first; medians. Writes bench/results/export.json.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SIMPLIFY_HEADROOM } from '../electron/services/export/fixes';
import { modelIo } from '../electron/services/export/model-transform';
import { triangleCount } from '../electron/services/jobs/inspect';
import { presetBudget } from '../shared/domain/readiness';
import { benchModels } from './fixtures';

const ROOT = path.resolve(__dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CLI = path.join(ROOT, 'node_modules', '@gltf-transform', 'cli', 'bin', 'cli.js');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs a command under /usr/bin/time; returns wall ms and max RSS (MB). */
function timed(cmd: string, args: string[]): { ms: number; maxRssMb: number; stdout: string } {
  const rssFile = path.join(os.tmpdir(), `bench-export-rss-${process.pid}.txt`);
  const started = performance.now();
  const stdout = execFileSync('/usr/bin/time', ['-f', '%M', '-o', rssFile, cmd, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - started;
  const maxRssMb = Number(fs.readFileSync(rssFile, 'utf8').trim().split('\n').pop()) / 1024;
  fs.rmSync(rssFile, { force: true });
  return { ms, maxRssMb, stdout };
}

async function main(): Promise<void> {
  const model = (await benchModels()).find((m) => m.id === 'm500k')!;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
  const budget = presetBudget('unity', 'mobile');
  // The app's first simplify pass: the same ratio and error limit (fixes.ts).
  const ratio = (budget.triangles * SIMPLIFY_HEADROOM) / model.triangles;
  const app: { ms: number; maxRssMb: number; triangles: number; largestTexture: number }[] = [];
  const cli: { ms: number; maxRssMb: number }[] = [];
  let cliTriangles = 0;

  const runApp = () => {
    const out = path.join(work, 'app.glb');
    const r = timed(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', 'export-app-step.ts'), model.file, out]);
    const line = JSON.parse(r.stdout.trim().split('\n').pop()!) as { triangles: number; largestTexture: number };
    app.push({ ms: r.ms, maxRssMb: r.maxRssMb, triangles: line.triangles, largestTexture: line.largestTexture });
  };
  const runCli = () => {
    const a = path.join(work, 'cli-1.glb');
    const b = path.join(work, 'cli-2.glb');
    const c = path.join(work, 'cli-3.glb');
    const steps = [
      timed(process.execPath, [CLI, 'simplify', model.file, a, '--ratio', ratio.toFixed(4), '--error', '0.001']),
      timed(process.execPath, [CLI, 'resize', a, b, '--width', String(budget.maxTextureSize), '--height', String(budget.maxTextureSize)]),
      timed(process.execPath, [CLI, 'draco', b, c, '--method', 'edgebreaker']),
    ];
    cli.push({ ms: steps.reduce((n, s) => n + s.ms, 0), maxRssMb: Math.max(...steps.map((s) => s.maxRssMb)) });
    cliOutput = c;
  };
  let cliOutput = '';

  for (let i = 0; i < RUNS; i++) {
    if (i % 2 === 0) {
      runApp();
      runCli();
    } else {
      runCli();
      runApp();
    }
    process.stderr.write(`run ${i + 1}/${RUNS}: app ${app.at(-1)!.ms.toFixed(0)} ms, cli ${cli.at(-1)!.ms.toFixed(0)} ms\n`);
  }
  cliTriangles = triangleCount(await (await modelIo(true)).read(cliOutput));
  fs.rmSync(work, { recursive: true, force: true });

  const appMs = median(app.map((r) => r.ms));
  const cliMs = median(cli.map((r) => r.ms));
  const result = {
    model: { id: model.id, triangles: model.triangles, bytes: model.bytes },
    budget,
    runs: RUNS,
    appMs: Math.round(appMs),
    cliMs: Math.round(cliMs),
    ratio: Number((appMs / cliMs).toFixed(3)),
    peakRssMb: Math.round(Math.max(...app.map((r) => r.maxRssMb))),
    cliPeakRssMb: Math.round(Math.max(...cli.map((r) => r.maxRssMb))),
    appTriangles: app.at(-1)!.triangles,
    appLargestTexture: app.at(-1)!.largestTexture,
    cliTriangles,
    withinGuard: appMs <= 1.1 * cliMs,
  };
  fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'export.json'), `${JSON.stringify(result, null, 2)}\n`);
  const row = (label: string, value: string) => process.stdout.write(`${label.padEnd(52)} ${value}\n`);
  row(`model ${model.id}`, `${model.triangles.toLocaleString('en-US')} triangles, ${(model.bytes / 1e6).toFixed(1)} MB`);
  row('app: check + simplify + resize + Draco + check (median)', `${result.appMs} ms, peak RSS ${result.peakRssMb} MB, ${result.appTriangles} triangles, ${result.appLargestTexture} px`);
  row('@gltf-transform/cli: simplify, resize, draco (median)', `${result.cliMs} ms, peak RSS ${result.cliPeakRssMb} MB`);
  row('ratio app / cli (guard ≤ 1.1)', `${result.ratio}${result.withinGuard ? '' : '  OVER THE GUARD'}`);
  if (!result.withinGuard) process.exitCode = 1;
}

void main();
