/**
 * What a CLI command is. `cli/main.ts` discovers every `cli/commands/*.ts`
 * file and uses its exported `command`, so adding a command never touches
 * main. Commands write results to `io.stdout` (machine-readable where the
 * usage says so) and everything else to `io.stderr`; they return the exit code.
 * `help` imports every command module, so a command should import heavy
 * modules (the services, sharp, glTF tooling) inside `run`, not at the top.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface CliIo {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Aborted on SIGINT/SIGTERM: long-running commands (web, sandbox, wait) stop cleanly when it fires. */
  signal: AbortSignal;
  /** The discovered commands (for `help`): all of them, or only those named (loading only their files). */
  listCommands(names?: string[]): Promise<CliCommand[]>;
}

export interface CliCommand {
  name: string;
  /** One line for `help`. */
  summary: string;
  /** Full usage text for `help <command>` and `<command> --help`. */
  usage: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

/** Exit codes every command shares. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/** A usage problem: main prints the message and the command's usage, and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Shared option parsing (`node:util` parseArgs, strict): unknown options and
 * missing values become a UsageError with a sentence a user can act on.
 */
export function parseOptions<T extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: T,
  config: { allowPositionals?: boolean } = {},
) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: config.allowPositionals ?? false });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

/** Reads an integer option; throws a UsageError naming the option when it is not one. */
export function intOption(value: string | undefined, name: string, range: { min?: number; max?: number } = {}): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || (range.min !== undefined && n < range.min) || (range.max !== undefined && n > range.max)) {
    const bounds = range.min !== undefined && range.max !== undefined ? ` between ${range.min} and ${range.max}` : '';
    throw new UsageError(`--${name} must be a whole number${bounds}, not "${value}".`);
  }
  return n;
}
