/**
 * The engine in a child process, for the kill test: it resumes whatever the
 * ledger holds, submits a few new jobs, and prints every job id only after
 * the engine reported it (which it does only once the id is durable).
 * Environment: KILL_DATA_DIR, KILL_BASE_URL, KILL_STORAGE_URL, KILL_KEYS (JSON), KILL_SUBMIT.
 */
import { settledAfterRestart } from '../../../../shared/domain/settled';
import { StagingArea } from '../../files/staging';
import { Engine } from '../engine';
import { FAST_TIMING, staticRegistry } from './harness';

const env = process.env;
const dataDir = env.KILL_DATA_DIR!;
const registry = staticRegistry(env.KILL_BASE_URL!, env.KILL_STORAGE_URL!, JSON.parse(env.KILL_KEYS!) as { clientId: string; clientSecret: string }[]);
const engine = new Engine({ dataDir, registry, staging: new StagingArea(dataDir), timing: FAST_TIMING });
const printed = new Set<string>();

const settled = settledAfterRestart;

engine.onChange((job) => {
  if (job.jobId && !printed.has(job.jobId)) {
    printed.add(job.jobId);
    process.stdout.write(`JOB ${job.localId} ${job.jobId}\n`);
  }
  if (engine.list({ includeHidden: true }).every(settled)) process.stdout.write('ALL-SETTLED\n');
});

async function main(): Promise<void> {
  await engine.start();
  process.stdout.write('READY\n');
  const submit = Number(env.KILL_SUBMIT ?? '0');
  for (let i = 0; i < submit; i++) {
    const kind = i % 2 === 0 ? 'text-to-3d' : 'text-to-image';
    const r = await engine.submit({ kind, fields: { prompt: `kill trial object ${i} ${Date.now()}` } });
    // Acknowledged: from here the submission is durable, whatever moment the kill comes.
    if (r.ok) process.stdout.write(`QUEUED ${r.value.localId}\n`);
  }
  if (engine.list({ includeHidden: true }).every(settled)) process.stdout.write('ALL-SETTLED\n');
}

// The engine's timers are unref'd; this keeps the child running until the test kills it.
setInterval(() => {}, 60_000);
void main();
