/**
 * Fault injection: what can go wrong on purpose, and the `--chaos` syntax.
 *
 * Every fault is off by default. Probabilities are per request (or per job for
 * `legacy` and `fail`); durations are milliseconds. Decisions are drawn from
 * the sandbox's seeded generator, so a run under a seed repeats.
 */

export interface ChaosConfig {
  /** Probability that any call answers 500 before doing anything. */
  error500: number;
  /** Probability that a call's connection is dropped mid-response. For create calls half of the drops happen after the job was created (the "uncertain" case). */
  drop: number;
  /** Added latency, drawn uniformly from [min, max] ms. */
  latencyMinMs: number;
  latencyMaxMs: number;
  /** Probability that a create call starts a 429 burst for its key. */
  burst429: number;
  /** How long a 429 burst lasts. */
  burstMs: number;
  /** For this long after a job succeeds, its asset download is truncated. */
  truncateMs: number;
  /** Share of new jobs that report the legacy statuses created / completed / failed. */
  legacy: number;
  /** Share of new jobs that end in error. */
  fail: number;
}

export const NO_CHAOS: ChaosConfig = {
  error500: 0,
  drop: 0,
  latencyMinMs: 0,
  latencyMaxMs: 0,
  burst429: 0,
  burstMs: 1000,
  truncateMs: 0,
  legacy: 0,
  fail: 0,
};

/** Help text for `--chaos`, shared by the CLI usage and the README. */
export const CHAOS_HELP = [
  '--chaos SPEC     comma-separated faults, each KEY=VALUE (all off by default):',
  '  500=P          answer HTTP 500 to a share P (0..1) of calls',
  '  drop=P         drop the connection mid-response for a share P of calls; for create',
  '                 calls half of these drops happen after the job was created',
  '  latency=A-Bms  add a random delay between A and B milliseconds (or latency=Bms)',
  '  429=P          a share P of create calls start a burst of 429 answers for that key',
  '  burst=Dms      how long a 429 burst lasts (default 1000ms)',
  '  truncate=Ds    asset downloads are cut short for D seconds after a job succeeds',
  '  legacy=P       a share P of jobs report created/completed/failed',
  '  fail=P         a share P of jobs end in error with an errorMessage',
  '  Durations take ms or s. Example: 500=0.05,drop=0.05,latency=0-300ms,429=0.1,truncate=2s,legacy=0.3,fail=0.1',
].join('\n');

function parseDuration(text: string, key: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(text.trim());
  if (!m) throw new Error(`chaos ${key}: "${text}" is not a duration such as 300ms or 2s.`);
  const n = Number(m[1]);
  return m[2] === 's' ? n * 1000 : n;
}

function parseProbability(text: string, key: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || n > 1 || text.trim() === '') {
    throw new Error(`chaos ${key}: "${text}" is not a probability between 0 and 1.`);
  }
  return n;
}

/** Parses a `--chaos` spec. Throws an Error whose message names the bad part. */
export function parseChaos(spec: string): ChaosConfig {
  const out: ChaosConfig = { ...NO_CHAOS };
  for (const part of spec.split(',').map((p) => p.trim()).filter(Boolean)) {
    const eq = part.indexOf('=');
    if (eq < 0) throw new Error(`chaos: "${part}" must be KEY=VALUE.`);
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    switch (key) {
      case '500':
        out.error500 = parseProbability(value, key);
        break;
      case 'drop':
        out.drop = parseProbability(value, key);
        break;
      case '429':
        out.burst429 = parseProbability(value, key);
        break;
      case 'legacy':
        out.legacy = parseProbability(value, key);
        break;
      case 'fail':
        out.fail = parseProbability(value, key);
        break;
      case 'burst':
        out.burstMs = parseDuration(value, key);
        break;
      case 'truncate':
        out.truncateMs = parseDuration(value, key);
        break;
      case 'latency': {
        const unit = /(ms|s)$/.exec(value)?.[1] ?? 'ms';
        const [a, b] = value.replace(/(ms|s)$/, '').split('-');
        const min = parseDuration(`${a}${unit}`, key);
        const max = b === undefined ? min : parseDuration(`${b}${unit}`, key);
        out.latencyMinMs = b === undefined ? 0 : min;
        out.latencyMaxMs = max;
        if (out.latencyMaxMs < out.latencyMinMs) throw new Error(`chaos latency: "${value}" has its bounds the wrong way round.`);
        break;
      }
      default:
        throw new Error(`chaos: unknown fault "${key}" (known: 500, drop, latency, 429, burst, truncate, legacy, fail).`);
    }
  }
  return out;
}

export function resolveChaos(input: string | Partial<ChaosConfig> | undefined): ChaosConfig {
  if (input === undefined) return { ...NO_CHAOS };
  if (typeof input === 'string') return parseChaos(input);
  return { ...NO_CHAOS, ...input };
}
