/**
 * What the CLI's tests share: the environment that points a command at a
 * running sandbox with its first key (the same variables a pipeline sets),
 * and running one command in-process with its output captured.
 */
import type { RunningSandbox } from '../sandbox';
import type { CliCommand, CliIo } from './command';

/** The variables that make the CLI use this sandbox, its first key and this data folder. */
export function sandboxEnv(sandbox: RunningSandbox, dataDir: string): NodeJS.ProcessEnv {
  const key = sandbox.keys[0]!;
  return {
    ...process.env,
    ASSET_STUDIO_DATA_DIR: dataDir,
    ASSET_STUDIO_BASE_URL: sandbox.baseUrl,
    ASSET_STUDIO_STORAGE_URL: sandbox.storageUrl,
    ASSET_STUDIO_CLIENT_ID: key.clientId,
    ASSET_STUDIO_CLIENT_SECRET: key.clientSecret,
  };
}

export interface CommandRun {
  code: number;
  out: string;
  err: string;
}

/** An in-process CLI io against the sandbox, with what the command printed. */
export function sandboxIo(sandbox: RunningSandbox, dataDir: string): { io: CliIo; out(): string; err(): string } {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: { write: (c: string) => (out += c) },
    stderr: { write: (c: string) => (err += c) },
    env: sandboxEnv(sandbox, dataDir),
    cwd: dataDir,
    signal: new AbortController().signal,
    listCommands: async () => [],
  };
  return { io, out: () => out, err: () => err };
}

/** Runs `cmd` in-process against the sandbox, as `asset-studio <cmd> ...argv` would. */
export async function runAgainst(sandbox: RunningSandbox, dataDir: string, cmd: CliCommand, argv: string[]): Promise<CommandRun> {
  const run = sandboxIo(sandbox, dataDir);
  const code = await cmd.run(argv, run.io);
  return { code, out: run.out(), err: run.err() };
}
