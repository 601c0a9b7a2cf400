/**
 * The network state of one service: an environment's base URL (two
 * environments on the same URL are one service). A refused connection or an
 * exchange where nothing moved until the idle deadline puts the service
 * "down" until `retryAt`; after that one probe (a free GET) asks whether it
 * answers again, and nothing else is sent to it until one does. Any answer
 * (an error status included) makes it healthy. Other services are never
 * touched: a server that refuses or hangs delays only its own jobs.
 *
 * Pure: `reduceHost` is the whole state machine, `hostGate` what a caller may
 * do now (./host-health.test.ts holds their tables). EngineCore applies them.
 */
import { fullJitter } from './answers';

export type HostTrouble = 'refused' | 'not-answering';

export interface HostHealth {
  trouble: HostTrouble;
  /** Failed requests (or probes) in a row. */
  failures: number;
  /** The last failure, as the user reads it. */
  reason: string;
  /** When the first failure of this run was seen (ms). */
  since: number;
  /** When the next probe may go (ms). */
  retryAt: number;
  /** A probe is on its way: its outcome decides, nothing else goes. */
  probing: boolean;
}

export type HostEvent =
  /** A request to the service failed with no answer: refused, reset, or nothing moving until the idle deadline. */
  | { type: 'failed'; at: number; trouble: HostTrouble; reason: string; random: number }
  /** The probe failed the same way: the wait before the next one grows. */
  | { type: 'probe-failed'; at: number; trouble: HostTrouble; reason: string; random: number }
  /** The service answered something (any HTTP status). */
  | { type: 'answered' }
  /** The probe left. */
  | { type: 'probe-sent' };

export interface HostTiming {
  retryBaseMs: number;
  retryCapMs: number;
}

/** The next state of one service's health; `undefined` is healthy. */
export function reduceHost(state: HostHealth | undefined, ev: HostEvent, t: HostTiming): HostHealth | undefined {
  switch (ev.type) {
    case 'answered':
      return undefined;
    case 'probe-sent':
      return state ? { ...state, probing: true } : state;
    case 'failed':
      // Already down: one more request of the same outage (sent before it was known) says why, and changes no wait.
      if (state) return { ...state, trouble: ev.trouble, reason: ev.reason };
      return { trouble: ev.trouble, failures: 1, reason: ev.reason, since: ev.at, retryAt: ev.at + backoff(1, t, ev.random), probing: false };
    case 'probe-failed': {
      const failures = (state?.failures ?? 0) + 1;
      return { trouble: ev.trouble, failures, reason: ev.reason, since: state?.since ?? ev.at, retryAt: ev.at + backoff(failures, t, ev.random), probing: false };
    }
  }
}

/** The same backoff as a failed submission: the base, plus full jitter doubling up to the cap. */
function backoff(failures: number, t: HostTiming, random: number): number {
  return t.retryBaseMs + fullJitter(Math.min(failures - 1, 6), t.retryBaseMs, t.retryCapMs, random);
}

export type Gate =
  /** Healthy: send now. */
  | { action: 'go' }
  /** Down: wait until `until` (ms), or, while a probe is out, for its outcome (`until` is Infinity). */
  | { action: 'wait'; until: number }
  /** Down and the wait is over: the caller sends the probe. */
  | { action: 'probe' };

export function hostGate(state: HostHealth | undefined, now: number): Gate {
  if (!state) return { action: 'go' };
  if (state.probing) return { action: 'wait', until: Infinity };
  if (state.retryAt > now) return { action: 'wait', until: state.retryAt };
  return { action: 'probe' };
}

/** Which service a base URL names: scheme, host, port and path, without a trailing slash. */
export function hostKey(baseUrl: string): string {
  try {
    const u = new URL(baseUrl);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return baseUrl;
  }
}

/** The host (and port) a person recognises in a base URL. */
export function hostName(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
