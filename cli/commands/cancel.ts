/** `asset-studio cancel <job id or local id>`: cancel a request of the history that has not been sent yet. */
import { findJob } from '../job-support';
import { openServices } from '../services';
import { EXIT, UsageError, parseOptions, type CliCommand } from '../command';

const usage = [
  'Usage: asset-studio cancel <job id or local id> [--json]',
  '',
  'Cancels a request that has not been sent yet: queued, waiting for a free slot on its key,',
  'waiting for its service to answer, or waiting to retry. It is never sent afterwards, by this',
  'command, the app or another CLI. A request already on its way to the service cannot be',
  'cancelled (exit 1, saying so): if the service made the job, it appears in the history.',
  'The id may be a local id, the service\'s job id or the library\'s asset id (j_…).',
  '  --json   Print the cancelled record as JSON.',
].join('\n');

export const command: CliCommand = {
  name: 'cancel',
  summary: 'Cancel a request that has not been sent yet',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseOptions(argv, { json: { type: 'boolean', default: false } }, { allowPositionals: true });
    if (positionals.length !== 1) throw new UsageError('Give exactly one job id or local id.');
    // The engine is not started: this command must not send the queued job it came to cancel (nor any other).
    const services = await openServices(io, { sandbox: 'none', startEngine: false });
    try {
      const engine = services.engine;
      const id = positionals[0]!;
      const found = findJob(engine, id);
      if (!found) {
        io.stderr.write(`No job "${id}" in the history.\n`);
        return EXIT.failure;
      }
      const result = await engine.cancel(found.localId);
      if (!result.ok) {
        io.stderr.write(`${result.problem.message}\n`);
        return EXIT.failure;
      }
      if (values.json) io.stdout.write(`${JSON.stringify(result.value)}\n`);
      else io.stdout.write(`Cancelled ${result.value.localId}: it will not be sent.\n`);
      return EXIT.ok;
    } finally {
      await services.dispose();
    }
  },
};
