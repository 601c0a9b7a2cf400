/**
 * Every timer of the engine, and the work they start: one timer per key (a
 * record's next poll or download attempt, a service's probe, the submission
 * queue's next look, the refresh from disk), the promises in flight, and
 * whether the engine runs. Stopping aborts what is on the wire, clears every
 * timer and waits for the work in flight, so nothing fires after stop().
 */
export class Scheduler {
  #running = false;
  #abort = new AbortController();
  readonly #timers = new Map<string, NodeJS.Timeout>();
  readonly #busy = new Set<Promise<unknown>>();
  /** Waits (pause) that end early when the engine stops. */
  readonly #pauses = new Set<() => void>();

  /** Whether the engine runs: timers set while it does not are not set. */
  get running(): boolean {
    return this.#running;
  }

  /** Aborted at stop: every request the loops make carries it. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  start(): void {
    this.#running = true;
    this.#abort = new AbortController();
  }

  /** No new timer from here; what is on the wire is aborted and awaited. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#abort.abort();
    for (const t of this.#timers.values()) clearTimeout(t);
    this.#timers.clear();
    for (const wake of [...this.#pauses]) wake();
    await Promise.allSettled([...this.#busy]);
  }

  /** Work in flight, awaited by stop(). */
  track<T>(p: Promise<T>): Promise<T> {
    this.#busy.add(p);
    void p.finally(() => this.#busy.delete(p)).catch(() => undefined);
    return p;
  }

  has(key: string): boolean {
    return this.#timers.has(key);
  }

  cancel(key: string): void {
    const old = this.#timers.get(key);
    if (old) clearTimeout(old);
    this.#timers.delete(key);
  }

  /** Runs `fn` after `delayMs`, replacing the key's timer (one timer per record: polling and downloading never overlap for one job). */
  after(key: string, delayMs: number, fn: () => unknown): void {
    this.cancel(key);
    if (!this.#running) return;
    const t = setTimeout(() => {
      this.#timers.delete(key);
      const done = fn();
      if (done instanceof Promise) void this.track(done);
    }, delayMs);
    t.unref?.();
    this.#timers.set(key, t);
  }

  /** Runs `fn` every `everyMs` until stop (or cancel). */
  every(key: string, everyMs: number, fn: () => void): void {
    this.after(key, everyMs, () => {
      // Set again first: a throwing round does not end the repeat.
      this.every(key, everyMs, fn);
      fn();
    });
  }

  /** A wait inside work in flight (a write tried again): ends after `ms`, or at once when the engine stops. */
  pause(ms: number): Promise<void> {
    if (!this.#running) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(t);
        this.#pauses.delete(wake);
        resolve();
      };
      const t = setTimeout(wake, ms);
      t.unref?.();
      this.#pauses.add(wake);
    });
  }
}
