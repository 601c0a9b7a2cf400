/** One service's network state as a table: what each event does to it, and what a caller may do then. No sockets, no timers. */
import { describe, expect, it } from 'vitest';
import { hostGate, hostKey, hostName, reduceHost, type HostEvent, type HostHealth } from './host-health';

const T = { retryBaseMs: 1_000, retryCapMs: 30_000 };
const down = (over: Partial<HostHealth> = {}): HostHealth => ({ trouble: 'refused', failures: 1, reason: 'ECONNREFUSED', since: 0, retryAt: 1_500, probing: false, ...over });
const failed = (at: number, trouble: 'refused' | 'not-answering' = 'refused', random = 0.5): HostEvent => ({ type: 'failed', at, trouble, reason: trouble, random });
const probeFailed = (at: number, random = 0.5): HostEvent => ({ type: 'probe-failed', at, trouble: 'not-answering', reason: 'silent', random });

describe('one service’s network state', () => {
  it.each<[string, HostHealth | undefined, HostEvent, Partial<HostHealth> | undefined]>([
    ['healthy, a refused connection: down, first backoff', undefined, failed(10_000), { failures: 1, since: 10_000, retryAt: 11_500, probing: false, trouble: 'refused' }],
    ['healthy, nothing moved until the deadline: down, not answering', undefined, failed(0, 'not-answering', 0), { trouble: 'not-answering', retryAt: 1_000 }],
    ['down, another request of the same outage fails: the wait stays', down(), failed(900, 'not-answering'), { failures: 1, retryAt: 1_500, trouble: 'not-answering', reason: 'not-answering' }],
    ['down, the probe leaves', down(), { type: 'probe-sent' }, { probing: true, retryAt: 1_500 }],
    ['probing, the probe fails: the wait grows', down({ probing: true }), probeFailed(2_000), { failures: 2, probing: false, retryAt: 2_000 + 1_000 + 1_000, since: 0 }],
    ['probing, the probe fails at the cap', down({ probing: true, failures: 9 }), probeFailed(0, 1), { failures: 10, retryAt: 1_000 + 30_000 }],
    ['down, any answer: healthy', down(), { type: 'answered' }, undefined],
    ['probing, an error status is an answer too: healthy', down({ probing: true }), { type: 'answered' }, undefined],
    ['healthy, the probe leaves: still healthy', undefined, { type: 'probe-sent' }, undefined],
  ])('%s', (_what, state, event, expected) => {
    const next = reduceHost(state, event, T);
    if (expected === undefined) expect(next).toBeUndefined();
    else expect(next).toMatchObject(expected);
  });

  it('waits longer after every failed probe, never past the cap', () => {
    let state: HostHealth | undefined = reduceHost(undefined, failed(0, 'refused', 0.99), T);
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const at = state!.retryAt;
      state = reduceHost(reduceHost(state, { type: 'probe-sent' }, T), probeFailed(at, 0.99), T);
      waits.push(state!.retryAt - at);
    }
    for (let i = 1; i < waits.length; i++) expect(waits[i]!).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(Math.max(...waits)).toBeLessThanOrEqual(T.retryBaseMs + T.retryCapMs);
  });

  it.each<[string, HostHealth | undefined, number, ReturnType<typeof hostGate>]>([
    ['healthy: go', undefined, 0, { action: 'go' }],
    ['down, before its time: wait until then', down(), 1_000, { action: 'wait', until: 1_500 }],
    ['down, its time came: send the probe', down(), 1_500, { action: 'probe' }],
    ['a probe is out: wait for its outcome', down({ probing: true }), 99_000, { action: 'wait', until: Infinity }],
  ])('gate: %s', (_what, state, now, gate) => {
    expect(hostGate(state, now)).toEqual(gate);
  });

  it.each([
    ['http://127.0.0.1:9/api', 'http://127.0.0.1:9/api', '127.0.0.1:9'],
    ['http://127.0.0.1:9/api/', 'http://127.0.0.1:9/api', '127.0.0.1:9'],
    ['https://api.example.com', 'https://api.example.com', 'api.example.com'],
  ])('names %s as one service', (url, key, name) => {
    expect(hostKey(url)).toBe(key);
    expect(hostName(url)).toBe(name);
  });
});
