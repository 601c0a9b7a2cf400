/**
 * `asset-studio generate <kind> --<field> <value>... [--file PATH] [--variants N] [--wait] [--out DIR] [--json] [--env NAME]`
 *
 * Submits one request (or a set of N takes of it) through the app's job engine (same data directory and
 * ledger, so the job appears in the app's history). Field options are read
 * from the endpoint catalogue: their names, types and files.
 */
import { ENDPOINTS, GENERATION_KINDS, isGenerationKind, type FieldSpec, type GenerationKind } from '../../shared/api';
import type { JobRecord } from '../../shared/domain/job';
import { describeLine, failureOf, finishAndPrint, pickEnvironment, waitWithProgress } from '../job-support';
import { openServices } from '../services';
import { EXIT, UsageError, type CliCommand } from '../command';
import { newSetId, variantsAllowed, VARIANTS_MAX, VARIANTS_MIN } from '../../shared/domain/sets';

const usage = [
  'Usage: asset-studio generate <kind> --<field> <value>... [--file PATH] [--variants N] [--wait] [--out DIR] [--json] [--env NAME]',
  '',
  `Kinds: ${GENERATION_KINDS.join(', ')}.`,
  'Fields are the names the service uses (e.g. --prompt, --targetFaceCount, --textureResolution);',
  'object and array fields take JSON. File fields take a path (--file is the first file field of the kind).',
  '',
  'Options:',
  `  --variants N Submit N takes of the same request (${VARIANTS_MIN}-${VARIANTS_MAX}), each a paid job, shown as one set in the app.`,
  '  --wait       Wait until the job finished and its asset is verified (exit 0), or failed, its asset is unavailable',
  '               or the service rejected the key (exit 1 with the reason). Each change (stage, attempt, reason) is',
  '               one line on stderr.',
  '  --out DIR    With --wait: export the asset into DIR.',
  '  --json       Print the job record as JSON.',
  '  --env NAME   Environment by name or id (default: the ASSET_STUDIO_* one, else the active one).',
  '',
  'Example: npm run cli -- generate text-to-3d --prompt "a wooden barrel" --wait --out ./assets',
].join('\n');

interface Parsed {
  kind: GenerationKind;
  fields: Record<string, string | true>;
  files: Record<string, string>;
  wait: boolean;
  json: boolean;
  out?: string;
  env?: string;
  variants: number;
}

function parse(argv: string[]): Parsed {
  const [kind, ...rest] = argv;
  if (!kind || kind.startsWith('--')) throw new UsageError('Give the kind of request first, e.g. generate text-to-3d --prompt "..."');
  if (!isGenerationKind(kind)) throw new UsageError(`Unknown kind "${kind}". Kinds: ${GENERATION_KINDS.join(', ')}.`);
  const specs = ENDPOINTS[kind].fields as Record<string, FieldSpec>;
  const out: Parsed = { kind, fields: {}, files: {}, wait: false, json: false, variants: 1 };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith('--')) throw new UsageError(`Unexpected "${arg}": values follow an option such as --prompt.`);
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq > 0 ? eq : undefined);
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const next = () => {
      if (inline !== undefined) return inline;
      const v = rest[i + 1];
      if (v === undefined || (v.startsWith('--') && v.length > 2)) throw new UsageError(`--${name} needs a value.`);
      i++;
      return v;
    };
    if (name === 'wait' || name === 'json') {
      out[name] = true;
      continue;
    }
    if (name === 'out' || name === 'env') {
      out[name] = next();
      continue;
    }
    if (name === 'variants') {
      const v = next();
      const n = Number(v);
      if (!Number.isInteger(n) || n < VARIANTS_MIN || n > VARIANTS_MAX) throw new UsageError(`--variants takes a whole number from ${VARIANTS_MIN} to ${VARIANTS_MAX}, not "${v}".`);
      if (n > 1 && !variantsAllowed(kind)) throw new UsageError(`${kind} makes no takes to choose between: --variants is for kinds that generate a model, an image or a skybox.`);
      out.variants = n;
      continue;
    }
    if (name === 'file') {
      const first = Object.entries(specs).find(([, s]) => s.type === 'file');
      if (!first) throw new UsageError(`${kind} takes no file.`);
      out.files[first[0]] = next();
      continue;
    }
    const spec = specs[name];
    if (!spec || spec.retired) throw new UsageError(`${kind} has no field "${name}". Fields: ${Object.entries(specs).filter(([, s]) => !s.retired).map(([n]) => n).join(', ')}.`);
    if (spec.type === 'file') out.files[name] = next();
    else if (spec.type === 'boolean' && inline === undefined && (rest[i + 1] === undefined || rest[i + 1]!.startsWith('--'))) out.fields[name] = true;
    else out.fields[name] = next();
  }
  if (out.out && !out.wait) throw new UsageError('--out needs --wait (the asset is exported once it is ready).');
  return out;
}

/** Command-line text to the field's type; the catalogue check in the engine has the final word. */
function coerce(spec: FieldSpec, name: string, value: string | true): unknown {
  if (value === true) return true;
  switch (spec.type) {
    case 'integer': {
      const n = Number(value);
      if (!Number.isInteger(n)) throw new UsageError(`--${name} must be a whole number, not "${value}".`);
      return n;
    }
    case 'boolean':
      if (value !== 'true' && value !== 'false') throw new UsageError(`--${name} must be true or false.`);
      return value === 'true';
    case 'object':
    case 'array':
      try {
        return JSON.parse(value) as unknown;
      } catch {
        throw new UsageError(`--${name} takes JSON, e.g. ${spec.type === 'array' ? '[{"url":"...","kind":"style"}]' : '{"mode":"static"}'}.`);
      }
    default:
      return value;
  }
}

export const command: CliCommand = {
  name: 'generate',
  summary: 'Submit one generation request (optionally wait for it and export the asset)',
  usage,
  async run(argv, io) {
    const args = parse(argv);
    const specs = ENDPOINTS[args.kind].fields as Record<string, FieldSpec>;
    const fields: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(args.fields)) fields[name] = coerce(specs[name]!, name, value);
    const services = await openServices(io, { sandbox: io.env.ASSET_STUDIO_BASE_URL ? 'none' : 'embedded' });
    try {
      const engine = services.engine;
      const target = pickEnvironment(services.registry, io.env, args.env);
      if ('error' in target) {
        io.stderr.write(`${target.error}\n`);
        return EXIT.failure;
      }
      for (const [name, file] of Object.entries(args.files)) {
        const staged = await services.handlers['files:stagePath']?.({ path: file }, { shell: 'cli' });
        if (!staged?.ok) {
          io.stderr.write(`${name}: ${staged ? staged.problem.message : 'file staging is not available.'}\n`);
          return EXIT.failure;
        }
        fields[name] = { stagedFileId: staged.value.id };
      }
      const setId = args.variants > 1 ? newSetId() : undefined;
      const jobs: JobRecord[] = [];
      for (let n = 0; n < args.variants; n++) {
        // Each take is its own job through the same queue (cap and key pool) as any other.
        const submitted = await engine.submit({ kind: args.kind, fields, environmentId: target.environmentId, keyId: target.keyId, ...(setId ? { setId } : {}) });
        if (!submitted.ok) {
          io.stderr.write(`Not sent: ${submitted.problem.message}\n`);
          return EXIT.failure;
        }
        jobs.push(submitted.value);
      }
      if (setId && !args.json) io.stderr.write(`set ${setId}: ${jobs.length} takes\n`);
      const codes = await Promise.all(jobs.map((job) => follow(job)));
      return codes.every((c) => c === EXIT.ok) ? EXIT.ok : EXIT.failure;

      async function follow(first: JobRecord): Promise<number> {
        let job = first;
        if (!args.wait) {
          // Until the service answered: the job id (or the refusal) is what the caller needs.
          job = await new Promise<JobRecord>((resolve) => {
            const check = (j: JobRecord | undefined) => {
              if (j && j.localId === job.localId && j.state !== 'queued' && j.state !== 'submitting') {
                off();
                resolve(j);
              }
            };
            const off = engine!.onChange(check);
            io.signal.addEventListener('abort', () => {
              off();
              resolve(engine!.get(job.localId) ?? job);
            });
            check(engine!.get(job.localId));
          });
          io.stdout.write(args.json ? `${JSON.stringify(job)}\n` : `${describeLine(job)}\n`);
          if (job.state === 'rejected' || job.state === 'uncertain') {
            io.stderr.write(`${failureOf(job)}\n`);
            return EXIT.failure;
          }
          // Follow it later with: wait <localId>.
          return EXIT.ok;
        }
        if (!args.json) io.stderr.write(`queued ${job.localId}\n`);
        job = await waitWithProgress(engine!, job.localId, io, { json: args.json, prefix: jobs.length > 1 ? `${job.localId}: ` : '' });
        return finishAndPrint(io, { handlers: services.handlers, engine: engine! }, job, { out: args.out, json: args.json, waited: true });
      }
    } finally {
      await services.dispose();
    }
  },
};
