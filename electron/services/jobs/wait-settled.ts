/**
 * Engine.waitFor: resolves with the job once it is settled for waiting
 * (finished with its asset ready or unavailable, or ended), from its
 * change events; rejects when the job is unknown or the signal aborts.
 */
import type { JobRecord } from '../../../shared/domain/job';
import { settledForWaiting as settled } from '../../../shared/domain/settled';
import type { JobEngine } from './engine-api';

export function waitSettled(engine: Pick<JobEngine, 'get' | 'onChange'>, localId: string, signal?: AbortSignal): Promise<JobRecord> {
  const now = engine.get(localId);
  if (!now) return Promise.reject(new Error(`No job ${localId}.`));
  if (settled(now)) return Promise.resolve(now);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      off();
      reject(new Error('Stopped waiting.'));
    };
    const off = engine.onChange((r) => {
      if (r.localId === localId && settled(r)) {
        off();
        signal?.removeEventListener('abort', onAbort);
        resolve(r);
      }
    });
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}
