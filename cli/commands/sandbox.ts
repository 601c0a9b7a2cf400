/** `asset-studio sandbox`: runs the local Asset Generation Service on its own. */
import path from 'node:path';
import { CHAOS_HELP, parseChaos, startSandbox, type SandboxOptions } from '../../sandbox';
import { EXIT, UsageError, intOption, parseOptions, type CliCommand } from '../command';

export const command: CliCommand = {
  name: 'sandbox',
  summary: 'Run the local sandbox Asset Generation Service',
  usage: [
    'Usage: asset-studio sandbox [--port N] [--host H] [--data-dir DIR] [--seed S] [--job-seconds X] [--job-spread F]',
    '                            [--credits N] [--keys N] [--early-access] [--chaos SPEC]',
    '',
    'Starts the sandbox and prints exactly one JSON line on stdout once it is listening:',
    '  {"baseUrl": "...", "storageUrl": "...", "keys": [{"clientId": "...", "clientSecret": "..."}]}',
    'Logs go to stderr. Runs until SIGINT or SIGTERM.',
    '',
    '--port N         port to listen on (default 0: a free port)',
    '--host H         interface to listen on (default 127.0.0.1)',
    '--data-dir DIR   keep keys, balances, jobs and assets in DIR across restarts (default: memory only)',
    '--seed S         seed of job outcomes and faults (default 1)',
    '--job-seconds X  duration of each job in seconds, fractions allowed (default 8)',
    '--job-spread F   each job\'s duration varies by up to ±F of it (0..0.9, e.g. 0.3 for ±30 %; default 0: fixed)',
    '--credits N      starting balance of each new key (default 900)',
    '--keys N         number of keys to create on first start (default 1)',
    '--early-access   enable the coming-soon endpoints for every key',
    CHAOS_HELP,
    '',
    'A prompt containing "sandbox:fail" always ends in error (handy for demos and tests).',
    'Inspection for tests (loopback only): GET {origin}/__sandbox/state; POST /__sandbox/balance {clientId, credits};',
    'POST /__sandbox/early-access {clientId, enabled}; POST /__sandbox/chaos {spec}.',
    '',
    'Through npm: npm run cli -- sandbox --job-seconds 2 --chaos 500=0.05',
  ].join('\n'),
  async run(argv, io) {
    const { values } = parseOptions(argv, {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      seed: { type: 'string' },
      'job-seconds': { type: 'string' },
      'job-spread': { type: 'string' },
      credits: { type: 'string' },
      keys: { type: 'string' },
      'early-access': { type: 'boolean' },
      chaos: { type: 'string' },
    });
    const jobSeconds = values['job-seconds'] === undefined ? undefined : Number(values['job-seconds']);
    if (jobSeconds !== undefined && !(Number.isFinite(jobSeconds) && jobSeconds >= 0)) {
      throw new UsageError(`--job-seconds must be a number of seconds (0 or more), not "${values['job-seconds']}".`);
    }
    if (values.chaos !== undefined) {
      try {
        parseChaos(values.chaos);
      } catch (err) {
        throw new UsageError(err instanceof Error ? err.message : String(err));
      }
    }
    const options: SandboxOptions = {
      port: intOption(values.port, 'port', { min: 0, max: 65535 }) ?? 0,
      host: values.host ?? '127.0.0.1',
      keys: intOption(values.keys, 'keys', { min: 1, max: 100 }) ?? 1,
      earlyAccess: values['early-access'] ?? false,
      log: (line) => io.stderr.write(`[sandbox] ${line}\n`),
    };
    if (values['data-dir'] !== undefined) options.dataDir = path.resolve(io.cwd, values['data-dir']);
    if (values.seed !== undefined) options.seed = /^\d+$/.test(values.seed) ? Number(values.seed) : values.seed;
    if (jobSeconds !== undefined) options.jobSeconds = jobSeconds;
    if (values['job-spread'] !== undefined) {
      const spread = Number(values['job-spread']);
      if (!(Number.isFinite(spread) && spread >= 0 && spread <= 0.9)) throw new UsageError(`--job-spread must be a share between 0 and 0.9 (0.3 for ±30 %), not "${values['job-spread']}".`);
      options.jobSpread = spread;
    }
    const credits = intOption(values.credits, 'credits', { min: 0 });
    if (credits !== undefined) options.credits = credits;
    if (values.chaos !== undefined) options.chaos = values.chaos;

    const sandbox = await startSandbox(options);
    io.stdout.write(
      `${JSON.stringify({ baseUrl: sandbox.baseUrl, storageUrl: sandbox.storageUrl, keys: sandbox.keys.map((k) => ({ clientId: k.clientId, clientSecret: k.clientSecret })) })}\n`,
    );
    io.stderr.write(`Sandbox running at ${sandbox.baseUrl}. Press Ctrl+C to stop.\n`);
    await new Promise<void>((resolve) => {
      if (io.signal.aborted) return resolve();
      io.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    await sandbox.close();
    io.stderr.write('Sandbox stopped.\n');
    return EXIT.ok;
  },
};
