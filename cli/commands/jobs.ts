/** `asset-studio jobs [--json] [--all]`: the job history of this data directory (the app's ledger). */
import { openServices } from '../services';
import { describeLine } from '../../electron/services/jobs/cli-support';
import { EXIT, parseOptions, type CliCommand } from '../command';

const usage = [
  'Usage: asset-studio jobs [--json] [--all]',
  '',
  'Lists the jobs of the app\'s history, newest first: local id, job id, kind, state, title.',
  '  --json   One JSON array of the records.',
  '  --all    Include jobs removed from the history view.',
].join('\n');

export const command: CliCommand = {
  name: 'jobs',
  summary: 'List the job history (the app\'s ledger)',
  usage,
  async run(argv, io) {
    const { values } = parseOptions(argv, { json: { type: 'boolean', default: false }, all: { type: 'boolean', default: false } });
    const services = await openServices(io, { sandbox: 'none' });
    try {
      const jobs = services.engine.list({ includeHidden: values.all });
      if (values.json) io.stdout.write(`${JSON.stringify(jobs)}\n`);
      else if (jobs.length === 0) io.stderr.write('No jobs yet.\n');
      else for (const job of jobs) io.stdout.write(`${describeLine(job)}\n`);
      return EXIT.ok;
    } finally {
      await services.dispose();
    }
  },
};
