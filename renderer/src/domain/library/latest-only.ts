/**
 * Runs the newest of a stream of requests: one at a time, and while one is
 * out only the latest waiting one is kept. Typing "chair" sends "c" at once,
 * and whatever was typed by the time its answer comes, never the letters in
 * between; an answer overtaken by newer typing is not shown.
 */
export interface LatestOnly<A> {
  /** Asks for `args`; earlier waiting asks are dropped. */
  request(args: A): void;
  /** Forgets what waits and ignores the answer under way (the view closed). */
  cancel(): void;
}

export function latestOnly<A, R>(run: (args: A) => Promise<R>, apply: (result: R, args: A) => void, onError?: (err: unknown, args: A) => void): LatestOnly<A> {
  let busy = false;
  let waiting: { args: A } | null = null;
  let epoch = 0;
  const start = (args: A) => {
    busy = true;
    const mine = epoch;
    void run(args).then(
      (result) => settle(mine, () => apply(result, args)),
      (err) => settle(mine, () => onError?.(err, args)),
    );
  };
  const settle = (mine: number, deliver: () => void) => {
    if (mine !== epoch) return;
    busy = false;
    if (waiting) {
      const next = waiting.args;
      waiting = null;
      start(next);
      return;
    }
    deliver();
  };
  return {
    request(args) {
      if (busy) waiting = { args };
      else start(args);
    },
    cancel() {
      epoch++;
      busy = false;
      waiting = null;
    },
  };
}
