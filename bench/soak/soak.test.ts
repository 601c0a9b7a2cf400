/**
 * The short form of both soak scripts, as CI runs them: each script runs as
 * `npm run soak:*` would (its own process, its own standalone sandbox) with
 * SOAK_SCALE=0.1 (3 kills; 20 jobs through every fault), and its figures are
 * read back from the JSON it wrote. A duplicate or a lost paid job fails.
 *
 * The short soak:kill makes three kills: a batch at submit after the service created its jobs but their
 * answers were lost (its re-run must reuse those uncertain rows, never send them again), a CLI at poll and the
 * shell at download.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soak-results-'));
afterAll(() => fs.rmSync(resultsDir, { recursive: true, force: true }));

function runScript(script: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', script)], {
      cwd: ROOT,
      env: { ...process.env, SOAK_SCALE: '0.1', SOAK_RESULTS_DIR: resultsDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

interface Figures {
  created: number;
  duplicates: number;
  lost: number;
  uncertain: number;
  verified: number;
  partialFiles: number;
  unsettled: number;
  moments?: Record<string, number>;
  batchHung?: boolean;
  batchExit?: number | null;
}

const figures = (name: string): Figures => JSON.parse(fs.readFileSync(path.join(resultsDir, name), 'utf8')) as Figures;

describe('soak scripts, short form (SOAK_SCALE=0.1)', () => {
  it('soak:kill: three kills (a batch at submit with its answers lost, a CLI at poll, the shell at download) lose nothing and duplicate nothing', async () => {
    const run = await runScript('soak-kill.ts');
    expect(run.code, run.output).toBe(0);
    const f = figures('soak-kill.json');
    // The case that found paid duplicates (51b1ef7) was reached: a batch killed after its answers were lost, then run again.
    expect(Object.keys(f.moments ?? {}).filter((m) => m.startsWith('batch@submit, answer lost')), run.output).toHaveLength(1);
    expect(f.duplicates, run.output).toBe(0);
    expect(f.lost, run.output).toBe(0);
    expect(f.partialFiles, run.output).toBe(0);
    expect(f.unsettled, run.output).toBe(0);
    // Every job the service made ends verified or uncertain: a run that made nothing proves nothing.
    expect(f.created).toBeGreaterThan(0);
    expect(f.verified + f.uncertain).toBeGreaterThanOrEqual(f.created);
  }, 240_000);

  it('soak:chaos: 20 jobs through every fault, by the CLI and the shell at once, lose nothing and duplicate nothing', async () => {
    const run = await runScript('soak-chaos.ts');
    expect(run.code, run.output).toBe(0);
    const f = figures('soak-chaos.json');
    // The CLI batch exits once every job has settled, though the shell changes the same ledger beside it.
    expect(f.batchHung, run.output).toBe(false);
    expect(f.batchExit, run.output).not.toBeNull();
    expect(f.duplicates, run.output).toBe(0);
    expect(f.lost, run.output).toBe(0);
    expect(f.partialFiles, run.output).toBe(0);
    // Every job settles: a download the batch held when it exited is finished by the shell (download leases).
    expect(f.unsettled, run.output).toBe(0);
    expect(f.created).toBeGreaterThanOrEqual(18);
    expect(f.verified).toBeGreaterThan(0);
  }, 420_000);
});
