/**
 * The command-line entry: `asset-studio <command> [options]`.
 *
 * Commands are discovered, not listed: every `cli/commands/<name>.ts` that
 * exports `command` is one, so each feature adds its own file. Running a
 * command loads only its file (a slow import elsewhere never slows it down);
 * `help` loads them all.
 */
import fs from 'node:fs';
import path from 'node:path';
import packageJson from '../package.json';
import { EXIT, UsageError, type CliCommand, type CliIo } from './command';

export interface CliOptions {
  /** The folder holding `<name>.ts` command modules. */
  commandsDir: string;
  io?: Partial<Omit<CliIo, 'listCommands'>>;
  /** Installs SIGINT/SIGTERM handlers that abort `io.signal` (off for in-process tests). */
  handleSignals?: boolean;
}

const COMMAND_FILE = /^([a-z][a-z0-9-]*)\.(ts|mts|js|mjs)$/;

/** Command module files in the folder, by command name (tests and declaration files excluded). */
export function commandFiles(commandsDir: string): Map<string, string> {
  const files = new Map<string, string>();
  let entries: string[] = [];
  try {
    entries = fs.readdirSync(commandsDir).sort();
  } catch {
    return files;
  }
  for (const entry of entries) {
    if (/\.(test|spec|d)\.[a-z]+$/.test(entry)) continue;
    const match = COMMAND_FILE.exec(entry);
    if (match && !files.has(match[1]!)) files.set(match[1]!, path.join(commandsDir, entry));
  }
  return files;
}

function isCommand(value: unknown): value is CliCommand {
  const c = value as Partial<CliCommand> | undefined;
  return !!c && typeof c.name === 'string' && typeof c.summary === 'string' && typeof c.usage === 'string' && typeof c.run === 'function';
}

async function loadCommand(file: string): Promise<CliCommand> {
  const mod = (await import(file)) as { command?: unknown; default?: { command?: unknown } };
  // A CommonJS-compiled module imported from ESM may carry its exports under `default`.
  const command = mod.command ?? mod.default?.command;
  if (!isCommand(command)) throw new Error(`${path.basename(file)} does not export a \`command\` with name, summary, usage and run.`);
  return command;
}

/**
 * Every command that loads (or those named, when their files are found by
 * name); a file that fails to load is reported and skipped so the others still work.
 */
export async function loadAllCommands(commandsDir: string, stderr: CliIo['stderr'], names?: string[]): Promise<CliCommand[]> {
  const commands: CliCommand[] = [];
  const files = commandFiles(commandsDir);
  const wanted = names && names.every((n) => files.has(n)) ? names : undefined;
  for (const [name, file] of files) {
    if (wanted && !wanted.includes(name)) continue;
    try {
      commands.push(await loadCommand(file));
    } catch (err) {
      stderr.write(`warning: the "${name}" command could not be loaded: ${err instanceof Error ? err.message : String(err)}\n`);
    }
  }
  return commands.sort((a, b) => a.name.localeCompare(b.name));
}

export async function runCli(argv: string[], options: CliOptions): Promise<number> {
  const controller = new AbortController();
  const io: CliIo = {
    stdout: options.io?.stdout ?? process.stdout,
    stderr: options.io?.stderr ?? process.stderr,
    env: options.io?.env ?? process.env,
    cwd: options.io?.cwd ?? process.cwd(),
    signal: options.io?.signal ?? controller.signal,
    listCommands: (names) => loadAllCommands(options.commandsDir, io.stderr, names),
  };
  const [first, ...rest] = argv;
  const name = first === undefined || first === '--help' || first === '-h' ? 'help' : first;
  const args = first === undefined || first === '--help' || first === '-h' ? [] : rest;
  if (name === '--version') {
    io.stdout.write(`${packageJson.version}\n`);
    return EXIT.ok;
  }

  const files = commandFiles(options.commandsDir);
  const file = files.get(name);
  let command: CliCommand | undefined;
  try {
    command = file ? await loadCommand(file) : (await io.listCommands()).find((c) => c.name === name);
  } catch (err) {
    io.stderr.write(`The "${name}" command could not be loaded: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT.failure;
  }
  if (!command) {
    io.stderr.write(`Unknown command "${name}". Run "asset-studio help" to list the commands.\n`);
    return EXIT.usage;
  }
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    io.stdout.write(`${command.usage.trimEnd()}\n`);
    return EXIT.ok;
  }

  const detachSignals = options.handleSignals ? forwardSignals(controller, io.stderr) : () => {};
  // The job engine's timers are unref'd (they must never keep the app or a test alive), so a
  // command that waits on them needs this to stop Node from exiting mid-wait with code 13.
  const keepAlive = setInterval(() => {}, 60_000);
  try {
    return await command.run(args, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`${err.message}\n\n${command.usage.trimEnd()}\n`);
      return EXIT.usage;
    }
    io.stderr.write(`${command.name} failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT.failure;
  } finally {
    clearInterval(keepAlive);
    detachSignals();
  }
}

/**
 * First SIGINT/SIGTERM aborts `io.signal` so the command can stop cleanly;
 * if it has not finished 5 s later, or on a second signal, the process exits.
 */
function forwardSignals(controller: AbortController, stderr: CliIo['stderr']): () => void {
  const onSignal = (signal: NodeJS.Signals): void => {
    const code = signal === 'SIGINT' ? 130 : 143;
    if (controller.signal.aborted) process.exit(code);
    controller.abort(new Error(`received ${signal}`));
    setTimeout(() => {
      stderr.write(`Still running 5 s after ${signal}; exiting.\n`);
      process.exit(code);
    }, 5000).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}
