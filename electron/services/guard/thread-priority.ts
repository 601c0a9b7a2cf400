/**
 * A checking thread yields the CPU to main: on Linux a thread has its own
 * nice value, and main (IPC, polls, the browser shell) waking up while a
 * large model is decoded on a checking thread then gets a core first.
 * Elsewhere setPriority would lower the whole process, main included, so it
 * is left alone.
 */
import os from 'node:os';

/** Lowers the calling thread `nice` steps below where it runs (19 at most); true when it was lowered. */
export function lowerThisThread(
  nice: unknown,
  platform: NodeJS.Platform = process.platform,
  setPriority: (pid: number, priority: number) => void = os.setPriority,
  getPriority: (pid: number) => number = os.getPriority,
): boolean {
  if (platform !== 'linux' || typeof nice !== 'number' || nice <= 0) return false;
  try {
    setPriority(0, Math.min(19, getPriority(0) + Math.round(nice)));
    return true;
  } catch {
    // Not allowed (a sandbox): the thread runs at main's priority.
    return false;
  }
}
