/**
 * Where a checking process comes from (./check-pool.ts): a child of main that
 * runs check-worker, one task in, one answer out.
 *
 * Why a process and not a thread in main: decoding a large model grows the
 * heap, the WebAssembly memories (meshoptimizer, Draco) and the allocator's
 * arenas of whoever decodes it, and none of these shrink. On threads that
 * memory was main's: the 500k-triangle sandbox model exported to each format
 * left main 435-504 MB above its idle level, and two warm threads added
 * about 110 MB to main's idle. A child's memory is its own, and all of it
 * goes back to the system when the child ends (after a large task, or idle).
 *
 * Plain Node (CLI, browser shell, tests, benches) forks the entry with
 * `child_process.fork`; the Electron app, whose RunAsNode fuse is off, starts
 * an Electron utility process instead and hands its launcher in with
 * `useCheckerLauncher` (nothing under services imports electron).
 */
import { fork } from 'node:child_process';

export interface Checker {
  send(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Once, when the process is gone, with why in words. */
  onExit(listener: (why: string) => void): void;
  /** Keeps main's event loop alive while work waits (plain Node; a utility process never holds the app open). */
  hold(held: boolean): void;
  end(): Promise<void>;
  /** Its process id once started (the bench reads its resident memory). */
  readonly pid: number | undefined;
}

export interface CheckerStart {
  /** The check-worker file: the bundled .js/.cjs, or the .ts source run through tsx's loader. */
  entry: string;
  /** tsx's loader (a file URL) when `entry` is TypeScript. */
  tsxLoader?: string;
  /** How far below main it runs (./thread-priority.ts). */
  nice: number;
  /** Its JavaScript heap at most, MB. */
  heapMb: number;
}

export type CheckerLauncher = (start: CheckerStart) => Checker;

/** The flag that carries the nice value to the child (read back by check-worker.ts). */
export const NICE_FLAG = '--check-nice=';

export const forkChecker: CheckerLauncher = ({ entry, tsxLoader, nice, heapMb }) => {
  // Advanced serialization: the byte arrays of a model and its exported files arrive as bytes, not as JSON lists.
  // execArgv is set, not inherited: main's `--import tsx` would slow a bundled child's start for nothing.
  const child = fork(entry, [`${NICE_FLAG}${nice}`], {
    serialization: 'advanced',
    execArgv: [`--max-old-space-size=${heapMb}`, ...(tsxLoader ? ['--import', tsxLoader] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let gone = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    send: (message) => void child.send(message as object),
    onMessage: (listener) => void child.on('message', listener),
    onExit: (listener) => {
      const once = (why: string) => {
        if (gone) return;
        gone = true;
        listener(why);
      };
      child.once('exit', (code, signal) => once(signal ? `ended by ${signal}` : `exit code ${code}`));
      child.once('error', (err) => once(err.message));
    },
    hold: (held) => {
      // The IPC channel holds the loop open as well as the process handle.
      const channel = child.channel as { ref?(): void; unref?(): void } | null | undefined;
      if (held) {
        child.ref();
        channel?.ref?.();
      } else {
        child.unref();
        channel?.unref?.();
      }
    },
    end: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      return exited;
    },
    get pid() {
      return child.pid;
    },
  };
};

let launcher: CheckerLauncher = forkChecker;

/** The Electron app's utility-process launcher, set before any file is checked. */
export function useCheckerLauncher(next: CheckerLauncher): void {
  launcher = next;
}

export function launchChecker(start: CheckerStart): Checker {
  return launcher(start);
}
