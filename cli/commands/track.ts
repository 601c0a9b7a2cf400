/** `asset-studio track <jobId> [--kind KIND] [--env NAME] [--wait] [--json]`: follow a job created elsewhere with the same key. */
import { GENERATION_KINDS, isGenerationKind } from '../../shared/api';
import { finishAndPrint, pickEnvironment, waitWithProgress } from '../job-support';
import { openServices } from '../services';
import { EXIT, UsageError, parseOptions, type CliCommand } from '../command';

const usage = [
  'Usage: asset-studio track <jobId> [--kind KIND] [--env NAME] [--wait] [--json]',
  '',
  'Adds a job created elsewhere (another tool, the same API key) to the app\'s history,',
  'polls it and downloads its asset like any other job.',
  '  --kind KIND   What kind of job it is (default: guessed from what the service reports).',
  '  --env NAME    Environment by name or id (default: the ASSET_STUDIO_* one, else the active one).',
  '  --wait        Wait until it finished and its asset is verified (each change a line on stderr; exit 1 with',
  '                the reason when it failed, its asset is unavailable or the service rejected the key).',
  '  --json        Print the record as JSON.',
].join('\n');

export const command: CliCommand = {
  name: 'track',
  summary: 'Follow a job created elsewhere with the same key',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseOptions(
      argv,
      { kind: { type: 'string' }, env: { type: 'string' }, wait: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } },
      { allowPositionals: true },
    );
    if (positionals.length !== 1) throw new UsageError('Give exactly one job id.');
    if (values.kind !== undefined && !isGenerationKind(values.kind)) throw new UsageError(`Unknown kind "${values.kind}". Kinds: ${GENERATION_KINDS.join(', ')}.`);
    const services = await openServices(io, { sandbox: io.env.ASSET_STUDIO_BASE_URL ? 'none' : 'embedded' });
    try {
      const engine = services.engine;
      const target = pickEnvironment(services.registry, io.env, values.env);
      if ('error' in target) {
        io.stderr.write(`${target.error}\n`);
        return EXIT.failure;
      }
      const tracked = await engine.track({ jobId: positionals[0]!, environmentId: target.environmentId, keyId: target.keyId, ...(values.kind && isGenerationKind(values.kind) ? { kind: values.kind } : {}) });
      if (!tracked.ok) {
        io.stderr.write(`${tracked.problem.message}\n`);
        return EXIT.failure;
      }
      let job = tracked.value;
      if (values.wait) job = await waitWithProgress(engine, job.localId, io, { json: values.json });
      return await finishAndPrint(io, { handlers: services.handlers, engine }, job, { json: values.json, waited: values.wait });
    } finally {
      await services.dispose();
    }
  },
};
