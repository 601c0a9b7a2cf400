/**
 * Kill -9 soak: the CLI (`generate --wait --out`), the browser shell and a
 * batch (`batch LIST --out`) are killed with SIGKILL at chosen moments of a
 * job's life (submit, poll, download, export), 30 times (× SOAK_SCALE), each
 * restarted after its kill (`wait`, the shell again, the same batch command),
 * all against one standalone sandbox (`asset-studio sandbox`, which outlives
 * them) and one data folder. Then: every job the service created is in the
 * ledger or recorded as an uncertain submission, none was created twice, no
 * file in the cache or an export folder is partial, and the ledger opens.
 *
 * The moment is aimed at by watching the ledger (the trial's record reaching
 * `submitting`, `pending`/`running`, `success` with its asset not yet ready,
 * or ready with the export not yet done) and killing after a random delay
 * inside that window; the moment reported is the one the record shows at the
 * kill. Trials cycle through every process × moment pair, starting with the batch at submit. A batch aimed at submit is killed once the service
 * has created a job whose answer never arrived (the sandbox drops the answers for that moment), so its
 * restart (the same command again) faces submissions that are uncertain but real.
 *
 * Jobs run 1.5 s upstream instead of the real 30 s to minutes: what a kill can
 * break is the same at every duration (the windows are the same steps), and a
 * short job lets 30 kill-and-restart cycles run in minutes. The sandbox adds
 * 20–250 ms latency (so a request is in flight long enough to be killed
 * inside) and truncates downloads for 1 s after a job succeeds (so downloads
 * retry, as a slow storage host makes them).
 *
 * Writes bench/results/soak-kill.json; exits 1 on a duplicate, a loss, a
 * partial file or a ledger that does not open.
 *
 * Run: npm run soak:kill   (SOAK_SCALE=0.1 for a short run, SOAK_SEED=N to vary the delays)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { JobRecord } from '../shared/domain/job';
import { isSettled } from '../cli/job-support';
import {
  auditFiles,
  auditJobs,
  cli,
  invoke,
  readLedger,
  scaled,
  setChaos,
  sleep,
  soakScale,
  startSoak,
  startShell,
  upstreamJobs,
  writeResult,
  type Proc,
} from './soak/lib';

const MOMENTS = ['submit', 'poll', 'download', 'export'] as const;
type Moment = (typeof MOMENTS)[number];
const TARGETS = ['cli', 'shell', 'batch'] as const;
type Target = (typeof TARGETS)[number];

const SCALE = soakScale();
const TRIALS = scaled(30, SCALE);
const JOB_SECONDS = 1.5;
const BATCH_ROWS = 3;
const RUN = `soak-kill-${Date.now().toString(36)}`;
let seed = Number(process.env.SOAK_SEED ?? 7) >>> 0;
/** mulberry32: the kill delays repeat under one SOAK_SEED. */
function random(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const fields = { targetFaceCount: 500, textureResolution: '128' } as const;
const BASE_CHAOS = 'latency=20-250ms,truncate=1s';
const promptOf = (trial: number, row = 0) => `${RUN} t${trial} r${row} crate`;

/** What a record shows about where its job stood. */
function momentOf(rec: JobRecord | undefined, exported: boolean): Moment | 'before intent' | 'settled' {
  if (!rec) return 'before intent';
  if (rec.state === 'queued' || rec.state === 'submitting') return 'submit';
  if (rec.state === 'pending' || rec.state === 'running') return 'poll';
  if (rec.state === 'success' && rec.asset && rec.asset.state !== 'ready' && rec.asset.state !== 'unavailable') return 'download';
  if (rec.state === 'success' && rec.asset?.state === 'ready' && !exported) return 'export';
  return 'settled';
}

/** The window each moment is aimed at, as a predicate on the record, and how long after it opens to kill. */
const AIM: Record<Moment, { open: (r: JobRecord) => boolean; delayMs: () => number }> = {
  submit: { open: (r) => r.state === 'queued' || r.state === 'submitting', delayMs: () => random() * 120 },
  poll: { open: (r) => r.state === 'pending' || r.state === 'running', delayMs: () => random() * JOB_SECONDS * 600 },
  download: { open: (r) => r.state === 'success' && r.asset?.state !== 'ready', delayMs: () => random() * 400 },
  export: { open: (r) => r.state === 'success' && r.asset?.state === 'ready', delayMs: () => random() * 40 },
};

function trialRecords(dataDir: string, trial: number): JobRecord[] {
  const prefix = `${RUN} t${trial} `;
  return readLedger(dataDir).records.filter((r) => typeof r.request.prompt === 'string' && (r.request.prompt as string).startsWith(prefix));
}

/** Waits until the aimed window opens for one of the trial's records (or the process ends first). */
async function aim(dataDir: string, trial: number, moment: Moment, proc: Proc, timeoutMs = 30_000): Promise<JobRecord | undefined> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end && !proc.done) {
    const hit = trialRecords(dataDir, trial).find(AIM[moment].open);
    if (hit) return hit;
    await sleep(20);
  }
  return undefined;
}

async function waitExit(proc: Proc, timeoutMs: number, what: string): Promise<number | null> {
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), timeoutMs);
  const code = await proc.exited;
  clearTimeout(timer);
  if (code !== 0) process.stderr.write(`  (${what} exited ${code}: ${proc.stderr().trim().split('\n').slice(-2).join(' | ')})\n`);
  return code;
}

async function main(): Promise<void> {
  const run = await startSoak('soak-kill', { jobSeconds: JOB_SECONDS, keys: 1, chaos: BASE_CHAOS });
  const { work, dataDir, sandbox, env } = run;
  const exportsRoot = path.join(dataDir, 'soak-exports');
  fs.mkdirSync(exportsRoot, { recursive: true });
  const hits: Record<string, number> = {};
  const rows: string[] = [];
  const started = performance.now();
  console.log(`soak:kill: ${TRIALS} kills (SOAK_SCALE=${SCALE}), jobs of ${JOB_SECONDS} s, sandbox ${sandbox.baseUrl}, data ${dataDir}`);

  try {
    for (let trial = 0; trial < TRIALS; trial++) {
      // Offset by two, so the first trial is a batch at submit with the answers lost (the case a re-run could
      // send twice) and the short form (3 trials) has it, with a CLI at poll and the shell at download.
      const target: Target = TARGETS[(trial + 2) % TARGETS.length]!;
      const moment: Moment = MOMENTS[trial % MOMENTS.length]!;
      const trialStart = performance.now();
      const outDir = path.join(exportsRoot, `t${trial}`);
      fs.mkdirSync(outDir, { recursive: true });
      let proc: Proc;
      let shell: Awaited<ReturnType<typeof startShell>> | undefined;
      let batchList: string | undefined;
      if (target === 'cli') {
        proc = cli(['generate', 'text-to-3d', '--prompt', promptOf(trial), '--targetFaceCount', '500', '--textureResolution', '128', '--wait', '--out', outDir, '--json'], env);
      } else if (target === 'batch') {
        batchList = path.join(work, `t${trial}.csv`);
        fs.writeFileSync(batchList, ['prompt,targetFaceCount,textureResolution', ...Array.from({ length: BATCH_ROWS }, (_, r) => `${promptOf(trial, r)},500,128`)].join('\n') + '\n');
        proc = cli(['batch', batchList, '--out', outDir, '--kind', 'text-to-3d', '--json'], env);
      } else {
        shell = await startShell(env);
        proc = shell.proc;
        const answer = await invoke(shell, 'jobs:submit', { kind: 'text-to-3d', fields: { prompt: promptOf(trial), ...fields }, environmentId: shell.environmentId }).catch(() => undefined);
        if (answer && !answer.ok) throw new Error(`The shell refused the submission: ${answer.problem.message}`);
      }

      const hit = await aim(dataDir, trial, moment, proc);
      if (shell && moment === 'export' && hit) {
        // The shell exports when asked: ask, then kill while it writes.
        const folder = await invoke(shell, 'export:addFolder', { path: outDir });
        if (folder.ok) void invoke(shell, 'export:run', { localIds: [hit.localId], folderId: (folder.value as { id: string }).id }).catch(() => undefined);
      }
      // A batch killed at submit is killed after the service created its jobs but before their answers were
      // recorded (the sandbox drops the answers for that moment): the case where a restart must not send again.
      const answerLost = target === 'batch' && moment === 'submit' && hit !== undefined;
      if (answerLost) {
        await setChaos(sandbox, 'drop=1');
        const end = Date.now() + 1_500;
        while (Date.now() < end && !(await upstreamJobs(sandbox)).some((j) => String(j.genParams.prompt).startsWith(`${RUN} t${trial} `))) await sleep(50);
      } else await sleep(AIM[moment].delayMs());
      const exitedBefore = proc.done;
      await proc.kill9();
      if (answerLost) await setChaos(sandbox, BASE_CHAOS);
      const after = trialRecords(dataDir, trial);
      const shown = hit ? after.find((r) => r.localId === hit.localId) : after[0];
      const exported = fs.readdirSync(outDir).some((n) => n.endsWith('.glb'));
      // With its answers dropped a short batch can end by itself before the kill: its re-run faces the same uncertain rows.
      const label = answerLost ? `submit, answer lost${exitedBefore ? ', exited before the kill' : ''}` : exitedBefore ? 'exited before the kill' : momentOf(shown, exported);
      hits[`${target}@${label}`] = (hits[`${target}@${label}`] ?? 0) + 1;

      // Restart, as a user would, and let it finish.
      if (target === 'cli') {
        const rec = after[0];
        const again = rec ? cli(['wait', rec.localId, '--out', outDir], env) : cli(['generate', 'text-to-3d', '--prompt', promptOf(trial), '--targetFaceCount', '500', '--textureResolution', '128', '--wait', '--out', outDir], env);
        await waitExit(again, 90_000, rec ? 'wait' : 'generate');
      } else if (target === 'batch') {
        await waitExit(cli(['batch', batchList!, '--out', outDir, '--kind', 'text-to-3d', '--json'], env), 120_000, 'batch (continued)');
      } else {
        const again = await startShell(env);
        try {
          if (after.length === 0) await invoke(again, 'jobs:submit', { kind: 'text-to-3d', fields: { prompt: promptOf(trial), ...fields }, environmentId: again.environmentId });
          const end = Date.now() + 90_000;
          let recs = trialRecords(dataDir, trial);
          while (Date.now() < end && !(recs.length > 0 && recs.every(isSettled))) {
            await sleep(100);
            recs = trialRecords(dataDir, trial);
          }
          const ready = recs.filter((r) => r.state === 'success' && r.asset?.state === 'ready').map((r) => r.localId);
          if (ready.length) {
            const folder = await invoke(again, 'export:addFolder', { path: outDir });
            if (!folder.ok) throw new Error(`The shell refused the export folder: ${folder.problem.message}`);
            const done = await invoke(again, 'export:run', { localIds: ready, folderId: (folder.value as { id: string }).id });
            if (!done.ok) process.stderr.write(`  (export after restart: ${done.problem.message})\n`);
          }
        } finally {
          await again.proc.stop();
        }
      }
      const settled = trialRecords(dataDir, trial);
      const line = `  #${String(trial + 1).padStart(2)} ${((performance.now() - trialStart) / 1000).toFixed(1).padStart(5)} s ${target.padEnd(5)} aimed ${moment.padEnd(8)} killed at ${label.padEnd(14)} → ${settled.map((r) => (r.state === 'success' ? `success/${r.asset?.state}` : r.state)).join(', ') || 'no record'}`;
      rows.push(line);
      console.log(line);
    }

    // After all: compare the service's jobs with the ledger, and look at every file.
    const upstream = await upstreamJobs(sandbox);
    let ledgerOpens = true;
    let records: JobRecord[] = [];
    let skippedLines = 0;
    try {
      ({ records, skipped: skippedLines } = readLedger(dataDir));
    } catch (err) {
      ledgerOpens = false;
      console.log(`The ledger did not open: ${(err as Error).message}`);
    }
    const jobs = await auditJobs(upstream, records, dataDir, (p) => p.startsWith(`${RUN} `));
    const files = await auditFiles(dataDir, [exportsRoot]);
    const unsettled = records.filter((r) => !isSettled(r)).length;
    const figures = {
      kills: TRIALS,
      scale: SCALE,
      jobSeconds: JOB_SECONDS,
      created: jobs.created,
      duplicates: jobs.duplicates,
      lost: jobs.lost,
      uncertain: jobs.uncertain,
      verified: jobs.verified,
      unavailable: jobs.unavailable,
      unsettled,
      records: records.length,
      ledgerOpens,
      ledgerLinesSkipped: skippedLines,
      filesChecked: files.checked,
      partialFiles: files.partial.length,
      leftoverTempFiles: files.leftoverTemp,
      leftoverTemp: files.temp,
      moments: hits,
      states: jobs.states,
      lostJobs: jobs.lostJobs,
      duplicateJobs: jobs.duplicateJobs,
      partial: files.partial,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
    const file = writeResult('soak-kill.json', figures);
    console.log('\nMoments hit (process@moment the record showed at the kill):');
    for (const [k, v] of Object.entries(hits).sort()) console.log(`  ${k.padEnd(32)} ${v}`);
    console.log(`\nRecords by state: ${JSON.stringify(jobs.states)}`);
    console.log(
      `created upstream ${jobs.created} · duplicates ${jobs.duplicates} · lost ${jobs.lost} · uncertain ${jobs.uncertain} · verified ${jobs.verified} · unavailable ${jobs.unavailable} · unsettled ${unsettled}`,
    );
    console.log(`ledger opens: ${ledgerOpens} (${skippedLines} torn lines skipped) · files checked ${files.checked}, partial ${files.partial.length}, temp files left by killed writers ${files.leftoverTemp}`);
    for (const l of [...jobs.lostJobs, ...jobs.duplicateJobs, ...files.partial, ...files.temp]) console.log(`  ! ${l}`);
    console.log(`${file} (${figures.seconds} s)`);
    if (jobs.duplicates > 0 || jobs.lost > 0 || files.partial.length > 0 || !ledgerOpens) process.exitCode = 1;
  } finally {
    await run.finish();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(2);
});
