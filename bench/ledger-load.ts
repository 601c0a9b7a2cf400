/**
 * Job store figures (`npx tsx bench/ledger-load.ts`; LEDGER_RECORDS, default
 * 100,000): seeding the studio database with finished jobs as the engine
 * records them (bench/history-ledger.ts), opening it as the engine does (the
 * records being worked on are read into memory, the rest stay on disk), the
 * process's resident memory after opening it against an empty one, and the
 * commit of one status change (median): an ordinary one (survives the process
 * being killed) and a durable one (synced to the disk, as the intent before
 * sending and the job id are).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JobStore } from '../electron/services/jobs/store/job-store';
import { seedJobs } from '../electron/services/jobs/store/seed';
import { finishedJob } from './history-ledger';

const N = Number(process.env.LEDGER_RECORDS ?? 100_000);
const ROUNDS = 5;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

function openTimes(dataDir: string): { ms: number; working: number } {
  const times: number[] = [];
  let working = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const store = new JobStore({ dataDir });
    const t = performance.now();
    working = store.load().working;
    times.push(performance.now() - t);
    store.close();
  }
  return { ms: median(times), working };
}

const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-empty-'));
const full = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-full-'));
try {
  seedJobs(empty, []);
  const seedStart = performance.now();
  // A tenth are still being worked on (running upstream): those are the ones held in memory.
  seedJobs(full, (function* () {
    for (let i = 0; i < N; i++) {
      const rec = finishedJob(i);
      yield i % 10 === 0 ? { ...rec, state: 'running' as const, upstreamStatus: 'running', asset: undefined, finishedAt: undefined } : rec;
    }
  })());
  const seedMs = performance.now() - seedStart;
  const dbMb = fs.statSync(path.join(full, 'studio.sqlite')).size / 1024 / 1024;

  const openEmpty = openTimes(empty);
  const openFull = openTimes(full);

  // Memory: one store open on the empty folder, then one on the full folder, each after a collection.
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const rssBase = rssMb();
  const emptyStore = new JobStore({ dataDir: empty });
  emptyStore.load();
  gc?.();
  const rssEmpty = rssMb();
  const store = new JobStore({ dataDir: full });
  store.load();
  gc?.();
  const rssFull = rssMb();

  const ordinary: number[] = [];
  const durable: number[] = [];
  for (let i = 0; i < 400; i++) {
    const id = finishedJob(i * 10).localId;
    const t = performance.now();
    store.patch(id, { upstreamStatus: i % 2 ? 'running' : 'pending' }, false);
    ordinary.push(performance.now() - t);
    const u = performance.now();
    store.patch(id, { state: 'running' }, true);
    durable.push(performance.now() - u);
  }
  store.close();
  emptyStore.close();

  process.stdout.write(`Job store with ${N.toLocaleString('en')} records (Node ${process.version}, ${os.cpus().length} cores):\n`);
  process.stdout.write(`  seeded in one transaction: ${(seedMs / 1000).toFixed(1)} s (database ${dbMb.toFixed(0)} MB)\n`);
  process.stdout.write(`  open, median of ${ROUNDS}: ${openFull.ms.toFixed(0)} ms with ${openFull.working.toLocaleString('en')} records being worked on read into memory (empty: ${openEmpty.ms.toFixed(0)} ms)\n`);
  process.stdout.write(`  resident memory: before ${rssBase.toFixed(0)} MB, empty store open ${rssEmpty.toFixed(0)} MB, ${N.toLocaleString('en')}-record store open ${rssFull.toFixed(0)} MB${gc ? '' : ' (run with --expose-gc for steadier figures)'}\n`);
  process.stdout.write(`  one status change committed, median of 400: ${median(ordinary).toFixed(2)} ms (survives a kill), ${median(durable).toFixed(2)} ms durable (synced to disk)\n`);
} finally {
  fs.rmSync(empty, { recursive: true, force: true });
  fs.rmSync(full, { recursive: true, force: true });
}
