/** The engine's one scheduler: nothing fires after stop, one timer per key, and stop awaits the work in flight. Fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from './scheduler';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the scheduler', () => {
  it('sets no timer before start, and one per key after', async () => {
    const s = new Scheduler();
    const fired: string[] = [];
    s.after('a', 10, () => fired.push('before start'));
    expect(s.has('a')).toBe(false);
    s.start();
    s.after('a', 10, () => fired.push('first'));
    s.after('a', 20, () => fired.push('second'));
    await vi.advanceTimersByTimeAsync(50);
    expect(fired).toEqual(['second']);
    expect(s.has('a')).toBe(false);
  });

  it('repeats until stopped, and nothing fires after stop (a repeat, a record timer, a probe)', async () => {
    const s = new Scheduler();
    s.start();
    let rounds = 0;
    const late: string[] = [];
    s.every('refresh', 100, () => rounds++);
    s.after('record', 1_000, () => late.push('record'));
    s.after('\u0000host:x', 2_000, () => late.push('probe'));
    await vi.advanceTimersByTimeAsync(350);
    expect(rounds).toBe(3);
    await s.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(rounds).toBe(3);
    expect(late).toEqual([]);
    expect(s.running).toBe(false);
    expect(s.signal.aborted).toBe(true);
  });

  it('stop aborts the signal, ends a pause at once and awaits the work in flight', async () => {
    const s = new Scheduler();
    s.start();
    const signal = s.signal;
    let finished = false;
    const work = (async () => {
      await s.pause(60_000);
      finished = true;
    })();
    void s.track(work);
    let stopped = false;
    const stopping = s.stop().then(() => (stopped = true));
    await stopping;
    expect(signal.aborted).toBe(true);
    expect(finished).toBe(true);
    expect(stopped).toBe(true);
  });

  it('a new start gets a fresh signal', async () => {
    const s = new Scheduler();
    s.start();
    await s.stop();
    s.start();
    expect(s.signal.aborted).toBe(false);
    expect(s.running).toBe(true);
  });
});
