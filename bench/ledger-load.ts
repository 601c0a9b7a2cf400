/**
 * Ledger figures (`node --import tsx bench/ledger-load.ts`): loading 10,000
 * records from the journal (one put and three status patches each) and from a
 * compacted snapshot, against a baseline measured in the same run: parsing a
 * plain JSON array of the same records. Also the cost of one status change.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JobRecord } from '../shared/domain/job';
import { Ledger } from '../electron/services/jobs/ledger';

const N = Number(process.env.LEDGER_RECORDS ?? 10_000);

function record(i: number): JobRecord {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
  return {
    localId: `rec${String(i).padStart(8, '0')}`,
    kind: 'text-to-3d',
    state: 'queued',
    environmentId: 'env',
    environmentName: 'Sandbox',
    keyId: 'k0',
    keyName: 'Key 0',
    request: { prompt: `a carved wooden chest number ${i} with iron bands`, textureResolution: '2k' },
    title: '',
    prompt: `a carved wooden chest number ${i} with iron bands`,
    createdAt: at,
    updatedAt: at,
    fragments: [],
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-bench-'));
const ledger = new Ledger({ dir, compactAfterLines: Number.MAX_SAFE_INTEGER });
ledger.load();
for (let i = 0; i < N; i++) ledger.put(record(i));
for (let i = 0; i < N; i++) ledger.patch(record(i).localId, { state: 'pending', jobId: `job-${i}` });
for (let i = 0; i < N; i++) ledger.patch(record(i).localId, { state: 'running', fragments: [{ name: 'geometry', displayName: 'Geometry' }] });
const patchTimes: number[] = [];
for (let i = 0; i < N; i++) {
  const t = performance.now();
  ledger.patch(record(i).localId, { state: 'success' });
  patchTimes.push(performance.now() - t);
}
const durableTimes: number[] = [];
for (let i = 0; i < 50; i++) {
  const t = performance.now();
  ledger.patch(record(i).localId, { title: `t${i}` }, true);
  durableTimes.push(performance.now() - t);
}
const all = ledger.all();
ledger.close();
const journalBytes = fs.statSync(path.join(dir, 'journal.jsonl')).size;

const plain = path.join(dir, 'plain.json');
fs.writeFileSync(plain, JSON.stringify(all));
const times = { journal: [] as number[], snapshot: [] as number[], baseline: [] as number[] };
for (let round = 0; round < 5; round++) {
  const l = new Ledger({ dir });
  times.journal.push(l.load().ms);
  l.close();
  const t = performance.now();
  JSON.parse(fs.readFileSync(plain, 'utf8'));
  times.baseline.push(performance.now() - t);
}
const c = new Ledger({ dir });
c.load();
c.compact();
c.close();
for (let round = 0; round < 5; round++) {
  const l = new Ledger({ dir });
  times.snapshot.push(l.load().ms);
  l.close();
}
process.stdout.write(`Ledger with ${N} records (Node ${process.version}), median of 5 loads:\n`);
process.stdout.write(`  journal (${N * 4 + 50} lines, ${(journalBytes / 1024 / 1024).toFixed(1)} MB): ${median(times.journal).toFixed(0)} ms\n`);
process.stdout.write(`  compacted snapshot:                ${median(times.snapshot).toFixed(0)} ms\n`);
process.stdout.write(`  baseline, JSON.parse of one array: ${median(times.baseline).toFixed(0)} ms\n`);
process.stdout.write(`  one status change: median ${(median(patchTimes) * 1000).toFixed(0)} µs appended; durable (fdatasync) ${median(durableTimes).toFixed(2)} ms\n`);
fs.rmSync(dir, { recursive: true, force: true });
