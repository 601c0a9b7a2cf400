/** `asset-studio jobs [--json] [--all]`: the job history of this data directory (the app's ledger). */
import { openServices } from '../services';
import { describeLine, waitFactsFor } from '../job-support';
import { EXIT, parseOptions, type CliCommand } from '../command';

const usage = [
  'Usage: asset-studio jobs [--json] [--all]',
  '',
  'Lists the jobs of the app\'s history, newest first: local id, job id, kind, state, title, and',
  'why a job waits when it does (no free slot, its service not answering, a paused download).',
  '  --json   One JSON array of the records.',
  '  --all    Include jobs removed from the history view.',
].join('\n');

export const command: CliCommand = {
  name: 'jobs',
  summary: 'List the job history (the app\'s ledger)',
  usage,
  async run(argv, io) {
    const { values } = parseOptions(argv, { json: { type: 'boolean', default: false }, all: { type: 'boolean', default: false } });
    // A listing sends, polls and downloads nothing: the engine is not started (a download another process left reads "paused").
    const services = await openServices(io, { sandbox: 'none', startEngine: false });
    try {
      const jobs = services.engine.list({ includeHidden: values.all });
      if (values.json) io.stdout.write(`${JSON.stringify(jobs)}\n`);
      else if (jobs.length === 0) io.stderr.write('No jobs yet.\n');
      else {
        const all = services.engine.list({ includeHidden: true });
        for (const job of jobs) io.stdout.write(`${describeLine(job, waitFactsFor(job, all))}\n`);
      }
      return EXIT.ok;
    } finally {
      await services.dispose();
    }
  },
};
