/** `asset-studio wait <localId|jobId> [--json] [--out DIR]`: follow a job of the history until it settles. */
import { findJob, finishAndPrint, waitWithProgress } from '../job-support';
import { openServices } from '../services';
import { EXIT, UsageError, parseOptions, type CliCommand } from '../command';

const usage = [
  'Usage: asset-studio wait <localId|jobId> [--json] [--out DIR]',
  '',
  'Resumes the job (sending it if it is still queued, polling, downloading) and waits until it',
  'finished with a verified asset (exit 0) or failed, is uncertain, its asset is unavailable or',
  'the service rejected its key (exit 1, with the reason). Each change (stage, attempt, reason) is one line on stderr.',
  'The id may be a local id, the service\'s job id or the library\'s asset id (j_…).',
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
      const found = findJob(engine, id);
      if (!found) {
        io.stderr.write(`No job "${id}" in the history. Use "track ${id}" for a job created elsewhere.\n`);
        return EXIT.failure;
      }
      const job = await waitWithProgress(engine, found.localId, io, { json: values.json });
      return await finishAndPrint(io, { handlers: services.handlers, engine }, job, { out: values.out, json: values.json, waited: true });
    } finally {
      await services.dispose();
    }
  },
};
