/**
 * The one event sink every service emits into, and the point shells attach
 * to (Electron windows, browser-shell sockets). `jobs:changed` is coalesced:
 * a burst of record changes becomes one event per window of `coalesceMs`,
 * holding the latest version of each record, so a 1,000-job batch does not
 * flood the renderer with 1,000 messages.
 */
import type { EventName, PayloadOf } from '../../shared/ipc';
import type { JobRecord } from '../../shared/domain/job';
import type { EventSink } from './contracts';

export type HubListener = (name: EventName, payload: unknown) => void;

export interface EventHub extends EventSink {
  /** Attaches a shell; returns its own detach. */
  subscribe(listener: HubListener): () => void;
  /** Sends whatever is being coalesced now (shutdown, tests). */
  flush(): void;
  /** Flushes and stops: later emits are dropped. */
  dispose(): void;
}

export interface EventHubOptions {
  coalesceMs?: number;
  /** Reports a listener that threw (the others still get the event). */
  onListenerError?: (name: EventName, error: unknown) => void;
}

export const JOBS_CHANGED = 'jobs:changed' satisfies EventName;

export function createEventHub(options: EventHubOptions = {}): EventHub {
  const coalesceMs = options.coalesceMs ?? 100;
  const listeners = new Set<HubListener>();
  /** Pending `jobs:changed` records by local id; Map keeps first-seen order, `set` replaces with the latest. */
  let pendingJobs = new Map<string, JobRecord>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const deliver = (name: EventName, payload: unknown): void => {
    for (const listener of [...listeners]) {
      try {
        listener(name, payload);
      } catch (err) {
        options.onListenerError?.(name, err);
      }
    }
  };

  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pendingJobs.size === 0) return;
    const batch = [...pendingJobs.values()];
    pendingJobs = new Map();
    deliver(JOBS_CHANGED, batch);
  };

  return {
    emit<K extends EventName>(name: K, payload: PayloadOf<K>): void {
      if (disposed) return;
      if (name === JOBS_CHANGED) {
        for (const job of payload as JobRecord[]) pendingJobs.set(job.localId, job);
        if (!timer && pendingJobs.size > 0) {
          timer = setTimeout(flush, coalesceMs);
          timer.unref?.();
        }
        return;
      }
      deliver(name, payload);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    flush,
    dispose() {
      flush();
      disposed = true;
      listeners.clear();
    },
  };
}
