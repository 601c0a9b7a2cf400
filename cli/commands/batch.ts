/**
 * `asset-studio batch LIST --out DIR [--env NAME] [--keys all] [--kind KIND] [--json]`
 *
 * Runs a batch headlessly through the same services as the app (same data
 * directory, ledger and batch files). Running the same command again after an
 * interruption (Ctrl-C, a crash, a 402) continues the unfinished batch for
 * that list and folder instead of starting over.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isGenerationKind } from '../../shared/api';
import type { Batch, BatchRow, BatchSummary, Result } from '../../shared/ipc';
import type { HandlerContext } from '../../electron/services/contracts';
import { failureReason, progressLine, validRows } from '../../electron/services/batch/progress-text';
import { pickEnvironment } from '../job-support';
import type { Services } from '../../electron/compose';
import { openServices } from '../services';
import { EXIT, UsageError, parseOptions, type CliCommand, type CliIo } from '../command';

const usage = [
  'Usage: asset-studio batch LIST --out DIR [--env NAME] [--keys all] [--kind KIND] [--json]',
  '',
  'Generates every row of LIST (a CSV with a header row of field names, or a JSON array of',
  'objects) and exports the finished assets to DIR with batch-report.csv and batch-report.json.',
  '',
  'Options:',
  '  --out DIR      Output folder (created when missing).',
  '  --env NAME     Environment by name or id (default: the ASSET_STUDIO_* one, else the active one).',
  '  --keys all     Spread rows across every key of the environment (5 active jobs per key).',
  '  --kind KIND    Kind for every row when the list has no "kind" column (e.g. text-to-3d).',
  '  --json         JSON lines on stdout: one per event, then a summary.',
  '',
  'Rows are validated before anything is sent; invalid rows are reported and never sent.',
  'Running the same command again continues an unfinished batch (nothing is sent twice).',
  'Exit status: 0 when every valid row succeeded, 1 otherwise (the reason is printed), 2 for usage errors.',
  '',
  'Through npm: npm run cli -- batch LIST.csv --out DIR',
].join('\n');

const ctx: HandlerContext = { shell: 'cli' };

export const command: CliCommand = {
  name: 'batch',
  summary: 'Generate every row of a CSV or JSON list and export the assets to a folder',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseOptions(
      argv,
      {
        out: { type: 'string' },
        env: { type: 'string' },
        keys: { type: 'string' },
        kind: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
      { allowPositionals: true },
    );
    if (positionals.length !== 1) throw new UsageError('Give exactly one list file (CSV or JSON).');
    if (!values.out) throw new UsageError('--out DIR is required: the folder the assets and the report are written to.');
    if (values.keys !== undefined && values.keys !== 'all') throw new UsageError('--keys takes one value: all.');
    if (values.kind !== undefined && !isGenerationKind(values.kind)) throw new UsageError(`--kind "${values.kind}" is not a generation type.`);

    const listPath = path.resolve(io.cwd, positionals[0]!);
    const outDir = path.resolve(io.cwd, values.out);
    let text: string;
    try {
      text = await fs.readFile(listPath, 'utf8');
    } catch (err) {
      io.stderr.write(`The list could not be read at ${listPath}: ${(err as NodeJS.ErrnoException).code ?? String(err)}.\n`);
      return EXIT.failure;
    }

    const out = new Output(io, values.json ?? false);
    const services = await openServices(io, { sandbox: io.env.ASSET_STUDIO_BASE_URL ? 'none' : 'embedded' });
    try {
      return await runBatch(services, io, out, { listPath, text, outDir, env: values.env, spread: values.keys === 'all', kind: values.kind });
    } finally {
      await services.dispose();
    }
  },
};

interface RunOptions {
  listPath: string;
  text: string;
  outDir: string;
  env?: string;
  spread: boolean;
  kind?: string;
}

async function runBatch(services: Services, io: CliIo, out: Output, opts: RunOptions): Promise<number> {
  const h = services.handlers;
  const target = resolveEnvironment(services, io.env, opts.env);
  if (!target.ok) {
    out.fail(target.problem.message);
    return EXIT.failure;
  }

  // Continue an unfinished batch of the same list and folder, if there is one.
  const sha = createHash('sha256').update(opts.text).digest('hex');
  const listed = await h['batch:list']({}, ctx);
  const previous = listed.ok
    ? listed.value.find((b: BatchSummary) => b.listPath === opts.listPath && b.listSha256 === sha && b.outDir === opts.outDir && ['running', 'paused', 'cancelling'].includes(b.state))
    : undefined;

  let batch: Batch;
  if (previous) {
    const got = await h['batch:get']({ batchId: previous.id }, ctx);
    if (!got.ok) return out.failed(got.problem.message);
    batch = got.value;
    out.event({ event: 'continue', batchId: batch.id, done: batch.counts.done, total: validRows(batch.counts) });
    out.note(`Continuing batch ${batch.id}: ${batch.counts.done} of ${validRows(batch.counts)} rows already done.`);
    if (batch.state === 'paused') {
      const resumed = await h['batch:resume']({ batchId: batch.id }, ctx);
      if (!resumed.ok) return out.failed(resumed.problem.message);
      batch = resumed.value;
    }
  } else {
    const imported = await h['batch:import']({ path: opts.listPath, ...(opts.kind ? { kind: opts.kind as never } : {}) }, ctx);
    if (!imported.ok) return out.failed(imported.problem.message);
    batch = imported.value;
    for (const row of batch.rows) {
      if (row.state === 'invalid') {
        out.event({ event: 'invalid', row: row.row, problems: row.problems });
        out.note(`Row ${row.row} is invalid and will not be sent: ${row.problems.map((p) => p.message).join(' ')}`);
      }
      if (row.duplicateOf?.state === 'uncertain') {
        out.note(`Row ${row.row} repeats an earlier send whose outcome is unknown (${row.duplicateOf.localId}): the service may already hold a paid job for it, so it is not sent again; resend or dismiss it in the history.`);
      } else if (row.duplicateOf) out.note(`Row ${row.row} repeats an earlier job (${row.duplicateOf.jobId ?? row.duplicateOf.localId}); its result is reused.`);
    }
    const started = await h['batch:start'](
      { batchId: batch.id, outDir: opts.outDir, environmentId: target.value.environmentId, keyId: target.value.keyId, spreadAcrossKeys: opts.spread },
      ctx,
    );
    if (!started.ok) return out.failed(started.problem.message);
    batch = started.value;
    out.event({ event: 'start', batchId: batch.id, rows: batch.counts.total, valid: validRows(batch.counts), environment: target.value.name });
  }

  const final = await follow(services, io, out, batch);
  if (!final) {
    out.endLine();
    out.note('Interrupted. Jobs already sent keep running upstream; run the same command again to continue.');
    out.event({ event: 'interrupted', batchId: batch.id });
    return EXIT.failure;
  }
  out.endLine();
  const reason = failureReason(final);
  out.event({
    event: 'summary',
    batchId: final.id,
    state: final.state,
    counts: final.counts,
    outDir: final.outDir,
    assetDir: final.assetDir,
    report: final.report,
    ok: !reason,
    ...(reason ? { reason } : {}),
  });
  if (reason) {
    out.fail(reason);
    return EXIT.failure;
  }
  const folder = final.assetDir ?? final.outDir ?? '';
  out.note(`Done: ${final.counts.done} asset(s) in ${folder}; report: ${final.report?.csv ?? path.join(folder, 'batch-report.csv')}`);
  return EXIT.ok;
}

/** Waits until the batch ends (finished, cancelled, or paused by a 402); undefined when interrupted. */
function follow(services: Services, io: CliIo, out: Output, initial: Batch): Promise<Batch | undefined> {
  return new Promise((resolve) => {
    const seen = new Map<number, RowMark>(initial.rows.map((r) => [r.row, rowMark(r)]));
    let latest = initial;
    const settle = (value: Batch | undefined) => {
      unsubscribe();
      clearInterval(ticker);
      io.signal.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onAbort = () => settle(undefined);
    const consider = (batch: Batch) => {
      latest = batch;
      for (const row of batch.rows) {
        if (!rowLineDue(seen.get(row.row), row)) continue;
        seen.set(row.row, rowMark(row));
        out.row(row);
      }
      out.progress(progressLine(batch, Date.now()));
      const ended = batch.state === 'finished' || batch.state === 'cancelled' || (batch.state === 'paused' && batch.pauseReason === 'credits' && batch.counts.running === 0);
      if (ended) settle(batch);
    };
    const unsubscribe = services.events.subscribe((name, payload) => {
      if (name !== 'batch:changed') return;
      const batch = payload as Batch;
      if (batch.id === initial.id) consider(batch);
    });
    io.signal.addEventListener('abort', onAbort, { once: true });
    // Redraw the elapsed time between events; also catches a batch that ended before we subscribed.
    const ticker = setInterval(() => {
      void services.handlers['batch:get']?.({ batchId: initial.id }, ctx).then((r) => {
        if (r.ok && r.value.updatedAt !== latest.updatedAt) consider(r.value);
        else out.progress(progressLine(latest, Date.now()));
      });
    }, 1000);
    consider(initial);
  });
}

/** What a row line last said that matters to whoever reads the lines: the row's state and the service's job id. */
export interface RowMark {
  state: BatchRow['state'];
  jobId: string | null;
}

export function rowMark(row: Pick<BatchRow, 'state' | 'jobId'>): RowMark {
  return { state: row.state, jobId: row.jobId ?? null };
}

/**
 * A row gets a new line when its state changes, and also when the service's job id arrives: a row reads running
 * while its request is still being sent, and the id (a job that exists and is paid for) comes a moment later in the
 * same state. Without its own line, a pipeline (or a kill) learnt that id only when the row was done, which is
 * seconds later while the first assets are checked.
 */
export function rowLineDue(last: RowMark | undefined, row: Pick<BatchRow, 'state' | 'jobId'>): boolean {
  const now = rowMark(row);
  return !last || last.state !== now.state || last.jobId !== now.jobId;
}

/** The same choice as `generate` and `track`: --env, else the ASSET_STUDIO_* environment, else the active one. */
function resolveEnvironment(services: Services, env: NodeJS.ProcessEnv, wanted: string | undefined): Result<{ environmentId: string; keyId: string; name: string }> {
  const picked = pickEnvironment(services.registry, env, wanted);
  if ('error' in picked) return { ok: false, problem: { reason: 'environment', message: picked.error } };
  const name = services.registry.get(picked.environmentId)?.name ?? picked.environmentId;
  return { ok: true, value: { ...picked, name } };
}

/** Where words go: a single updating line on a terminal, row lines otherwise, JSON lines with --json. */
class Output {
  private readonly tty: boolean;
  private drawn = false;

  constructor(
    private readonly io: CliIo,
    private readonly json: boolean,
  ) {
    this.tty = !json && Boolean((io.stdout as { isTTY?: boolean }).isTTY);
  }

  event(data: Record<string, unknown>): void {
    if (this.json) this.io.stdout.write(`${JSON.stringify({ ...data, at: new Date().toISOString() })}\n`);
  }

  row(row: BatchRow): void {
    this.event({ event: 'row', row: row.row, state: row.state, jobId: row.jobId ?? null, file: row.file ?? null, error: row.error ?? null });
    if (this.json || this.tty) return;
    if (row.state === 'done') this.io.stdout.write(`row ${row.row}: done ${row.file ?? ''}\n`);
    else if (row.state === 'failed') this.io.stdout.write(`row ${row.row}: failed: ${row.error ?? ''}\n`);
  }

  progress(line: string): void {
    if (!this.tty) return;
    this.io.stdout.write(`\r\x1b[2K${line}`);
    this.drawn = true;
  }

  endLine(): void {
    if (this.tty && this.drawn) this.io.stdout.write('\n');
    this.drawn = false;
  }

  note(text: string): void {
    if (this.json) return;
    this.endLine();
    this.io.stderr.write(`${text}\n`);
  }

  fail(reason: string): void {
    this.endLine();
    this.io.stderr.write(`${reason}\n`);
  }

  failed(reason: string): number {
    this.event({ event: 'summary', ok: false, reason });
    this.fail(reason);
    return EXIT.failure;
  }
}
