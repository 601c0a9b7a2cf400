/**
 * Resident memory while uploading a 500 MB model (`npm run bench:upload`).
 *
 * Each variant runs in a fresh child process against a local server (another
 * child process that reads and discards the body), so neither the server nor
 * the other variant inflates the figure:
 *   - stream:   the app's upstream client (multipart streamed from disk through node:http);
 *   - baseline: fetch + FormData + fs.openAsBlob, the obvious alternative.
 * Reported: RSS before the upload and the peak while it ran (sampled every 10 ms), and the growth.
 * Target: growth under 64 MB for the streamed upload.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SIZE_MB = Number(process.env.UPLOAD_MB ?? 500);
const SIZE = SIZE_MB * 1024 * 1024;
const MB = 1024 * 1024;

const SERVER = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  let n = 0;
  req.on('data', (c) => { n += c.length; });
  req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify({ jobId: 'bench-' + n })); });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

interface Figures {
  variant: string;
  beforeMb: number;
  peakMb: number;
  growthMb: number;
  seconds: number;
  answer: string;
}

async function runVariant(variant: 'stream' | 'baseline', file: string, baseUrl: string): Promise<Figures> {
  // Load the client before measuring: module code is not upload memory.
  const { UpstreamClient } = await import('../electron/upstream');
  const started = performance.now();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  let answer: string;
  try {
    if (variant === 'stream') {
      const client = new UpstreamClient({ baseUrl, storageUrl: baseUrl, earlyAccess: true, credentials: () => ({ clientId: 'bench', clientSecret: 'bench' }) });
      const res = await client.create('upload-3d', { file: { path: file, name: 'model.glb', mime: 'model/gltf-binary', size: SIZE } }, { idleMs: 600_000 });
      answer = res.jobId ?? '';
    } else {
      const form = new FormData();
      form.append('file', await fs.openAsBlob(file, { type: 'model/gltf-binary' }), 'model.glb');
      const res = await fetch(`${baseUrl}/jobs/upload-3d`, { method: 'POST', body: form, headers: { 'x-client-id': 'bench', 'x-client-secret': 'bench' } });
      answer = ((await res.json()) as { jobId: string }).jobId;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { variant, beforeMb: before / MB, peakMb: peak / MB, growthMb: (peak - before) / MB, seconds: (performance.now() - started) / 1000, answer };
}

function child(args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (c: Buffer) => (out += c.toString()));
    p.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

async function main(): Promise<void> {
  const variant = process.env.UPLOAD_VARIANT as 'stream' | 'baseline' | undefined;
  if (variant) {
    const figures = await runVariant(variant, process.env.UPLOAD_FILE!, process.env.UPLOAD_BASE_URL!);
    process.stdout.write(JSON.stringify(figures));
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-bench-'));
  const file = path.join(dir, 'model.glb');
  // A sparse file: the size is real, the disk use is not.
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, Buffer.from('glTF'));
  fs.ftruncateSync(fd, SIZE);
  fs.closeSync(fd);

  const server = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => server.stdout.once('data', (c: Buffer) => resolve(c.toString().trim())));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const results: Figures[] = [];
    for (const v of ['stream', 'baseline'] as const) {
      const out = await child(['--import', 'tsx', __filename], { UPLOAD_VARIANT: v, UPLOAD_FILE: file, UPLOAD_BASE_URL: baseUrl });
      results.push(JSON.parse(out) as Figures);
    }
    process.stdout.write(`Upload of a ${SIZE_MB} MB file to a local server (Node ${process.version}, ${os.cpus().length} cores)\n`);
    for (const r of results) {
      process.stdout.write(
        `  ${r.variant.padEnd(9)} ${(r.variant === 'stream' ? 'upstream client, node:http stream' : 'fetch + FormData + openAsBlob').padEnd(33)}  RSS before ${r.beforeMb.toFixed(0)} MB, peak ${r.peakMb.toFixed(0)} MB, growth ${r.growthMb.toFixed(1)} MB, ${r.seconds.toFixed(1)} s (${r.answer})\n`,
      );
    }
    const stream = results.find((r) => r.variant === 'stream')!;
    const baseline = results.find((r) => r.variant === 'baseline')!;
    process.stdout.write(`  streamed growth ${stream.growthMb.toFixed(1)} MB vs baseline ${baseline.growthMb.toFixed(1)} MB; target < 64 MB: ${stream.growthMb < 64 ? 'met' : 'NOT met'}\n`);
    if (stream.growthMb >= 64) process.exitCode = 1;
  } finally {
    server.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
