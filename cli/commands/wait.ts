/** `asset-studio wait <localId|jobId> [--json] [--out DIR]`: follow a job of the history until it settles. */
import { describeLine, exportTo, failureOf, waitSettled } from '../../electron/services/jobs/cli-support';
import { openServices } from '../services';
import { EXIT, UsageError, parseOptions, type CliCommand } from '../command';

const usage = [
  'Usage: asset-studio wait <localId|jobId> [--json] [--out DIR]',
  '',
  'Resumes the job (sending it if it is still queued, polling, downloading) and waits until it',
  'finished with a verified asset (exit 0) or failed, is uncertain or its asset is unavailable',
  '(exit 1, with the reason).',
  '  --out DIR   Export the asset into DIR.',
  '  --json      Print the record as JSON.',
].join('\n');

export const command: CliCommand = {
  name: 'wait',
  summary: 'Wait for a job of the history to finish (and export its asset)',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseOptions(argv, { json: { type: 'boolean', default: false }, out: { type: 'string' } }, { allowPositionals: true });
    if (positionals.length !== 1) throw new UsageError('Give exactly one local id or job id.');
    const services = await openServices(io, { sandbox: io.env.ASSET_STUDIO_BASE_URL ? 'none' : 'embedded' });
    try {
      const engine = services.engine;
      const id = positionals[0]!;
      const found = engine.get(id) ?? engine.list({ includeHidden: true }).find((j) => j.jobId === id);
      if (!found) {
        io.stderr.write(`No job "${id}" in the history. Use "track ${id}" for a job created elsewhere.\n`);
        return EXIT.failure;
      }
      const job = await waitSettled(engine, found.localId, io.signal);
      const failure = failureOf(job);
      let exported: string | undefined;
      if (!failure && values.out) {
        const res = await exportTo(services.handlers, engine, job, values.out);
        if (!res.ok) {
          io.stderr.write(`Export failed: ${res.message}\n`);
          return EXIT.failure;
        }
        exported = res.file;
      }
      io.stdout.write(values.json ? `${JSON.stringify({ ...job, ...(exported ? { exportedTo: exported } : {}) })}\n` : `${describeLine(job)}${exported ? `\n${exported}` : ''}\n`);
      if (failure) {
        io.stderr.write(`${failure}\n`);
        return EXIT.failure;
      }
      return EXIT.ok;
    } finally {
      await services.dispose();
    }
  },
};
