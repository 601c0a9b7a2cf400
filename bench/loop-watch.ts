/**
 * How long main's event loop stood still while some work ran: the longest gap
 * between 1 ms timer ticks, which is what an IPC request arriving then would
 * wait at worst. Shared by the benches that compare work on main with work
 * on a thread (preview-transcode.ts, ledger-load.ts).
 */

/** Runs `work` while a 1 ms timer ticks; returns its result, the longest gap between ticks, and how long it took (ms). */
export async function withLoopWatch<T>(work: () => T | Promise<T>): Promise<{ value: T; longestGapMs: number; ms: number }> {
  const start = performance.now();
  let last = start;
  let longest = 0;
  const timer = setInterval(() => {
    const t = performance.now();
    longest = Math.max(longest, t - last);
    last = t;
  }, 1);
  try {
    const value = await work();
    const end = performance.now();
    longest = Math.max(longest, end - last);
    return { value, longestGapMs: longest, ms: end - start };
  } finally {
    clearInterval(timer);
  }
}
