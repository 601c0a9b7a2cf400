/**
 * Job store figures (`npx tsx bench/ledger-load.ts`; LEDGER_RECORDS, default
 * 100,000): seeding the studio database with finished jobs as the engine
 * records them (bench/history-ledger.ts), opening it as the engine does (the
 * records being worked on are read into memory, the rest stay on disk), the
 * resident memory of a fresh process that opened it against one that opened
 * an empty store (each in a child process, so seeding does not count), and the
 * commit of one status change (median): an ordinary one (survives the process
 * being killed) and a durable one (synced to the disk, as the intent before
 * sending and the job id are); and the costs page's spend ledger read on
 * main against read on a thread (./query-thread.ts): how long main's event
 * loop stood still each way (median of 3).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JobStore } from '../electron/services/jobs/store/job-store';
import { seedJobs } from '../electron/services/jobs/store/seed';
import { readSpendLedger, readSpendLedgerOffMain } from '../electron/services/jobs/store/spend-ledger';
import { finishedJob } from './history-ledger';
import { withLoopWatch } from './loop-watch';

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

/** In a child process: open the store in `dir`, collect, and print the resident memory (MB) as JSON. */
function measureChild(dir: string): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = rssMb();
  const store = new JobStore({ dataDir: dir });
  const report = store.load();
  gc?.();
  process.stdout.write(JSON.stringify({ before, after: rssMb(), working: report.working }));
  store.close();
}

function rssOpening(dir: string): { before: number; after: number; working: number } {
  const out = execFileSync(process.execPath, [...process.execArgv, __filename, '--measure', dir], { encoding: 'utf8' });
  return JSON.parse(out) as { before: number; after: number; working: number };
}

async function main(): Promise<void> {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-empty-'));
  const full = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-full-'));
  try {
    seedJobs(empty, []);
    const seedStart = performance.now();
    // One in a hundred is still being worked on (running upstream): those are the ones held in memory.
    seedJobs(full, (function* () {
      for (let i = 0; i < N; i++) {
        const rec = finishedJob(i);
        yield i % 100 === 0 ? { ...rec, state: 'running' as const, upstreamStatus: 'running', asset: undefined, finishedAt: undefined } : rec;
      }
    })());
    const seedMs = performance.now() - seedStart;
    const dbMb = fs.statSync(path.join(full, 'studio.sqlite')).size / 1024 / 1024;

    const openEmpty = openTimes(empty);
    const openFull = openTimes(full);
    const memEmpty = median([0, 1, 2].map(() => rssOpening(empty).after));
    const memFull = median([0, 1, 2].map(() => rssOpening(full).after));

    const store = new JobStore({ dataDir: full });
    store.load();
    const ordinary: number[] = [];
    const durable: number[] = [];
    for (let i = 0; i < 400; i++) {
      const id = finishedJob(i * 100).localId;
      const t = performance.now();
      store.patch(id, { upstreamStatus: i % 2 ? 'running' : 'pending' }, false);
      ordinary.push(performance.now() - t);
      const u = performance.now();
      store.patch(id, { state: 'running' }, true);
      durable.push(performance.now() - u);
    }
    const dbFile = path.join(full, 'studio.sqlite');
    const onMain: { longestGapMs: number; ms: number }[] = [];
    const onThread: { longestGapMs: number; ms: number }[] = [];
    let entries = 0;
    for (let round = 0; round < 3; round++) {
      // Interleaved, so both see the same page cache and machine load.
      onMain.push(await withLoopWatch(() => (entries = readSpendLedger(store.db, 60).length)));
      onThread.push(await withLoopWatch(() => readSpendLedgerOffMain(dbFile, 60)));
    }
    store.close();

    process.stdout.write(`Job store with ${N.toLocaleString('en')} records (Node ${process.version}, ${os.cpus().length} cores):\n`);
    process.stdout.write(`  seeded in one transaction: ${(seedMs / 1000).toFixed(1)} s (database ${dbMb.toFixed(0)} MB)\n`);
    process.stdout.write(`  open, median of ${ROUNDS}: ${openFull.ms.toFixed(0)} ms, reading the ${openFull.working.toLocaleString('en')} records being worked on into memory (empty: ${openEmpty.ms.toFixed(0)} ms)\n`);
    process.stdout.write(`  resident memory of a process that opened it, median of 3: ${memFull.toFixed(0)} MB (empty store: ${memEmpty.toFixed(0)} MB, ratio ${(memFull / memEmpty).toFixed(2)})\n`);
    process.stdout.write(`  one status change committed, median of 400: ${median(ordinary).toFixed(2)} ms (in the WAL: survives a kill), ${median(durable).toFixed(2)} ms durable (synced to the disk)\n`);
    const med = (xs: { longestGapMs: number; ms: number }[], k: 'longestGapMs' | 'ms') => median(xs.map((x) => x[k])).toFixed(0);
    process.stdout.write(`  costs page's spend ledger (${entries.toLocaleString('en')} entries), median of 3: on main ${med(onMain, 'ms')} ms with main stalled ${med(onMain, 'longestGapMs')} ms; on a thread ${med(onThread, 'ms')} ms with main stalled ${med(onThread, 'longestGapMs')} ms at most\n`);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
    fs.rmSync(full, { recursive: true, force: true });
  }
}

const measure = process.argv.indexOf('--measure');
if (measure >= 0) measureChild(process.argv[measure + 1]!);
else void main();
