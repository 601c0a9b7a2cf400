/**
 * A download's answers as record changes, without side effects: taking a
 * download in hand (or resuming one), the next step after a failed attempt
 * (nextDownloadStep, ./download-verdict.ts), a checked file, and letting the
 * download go. Every change is to the record's asset; the downloader applies
 * them and keeps the timers; ./download-step.test.ts holds their table.
 */
import { assetFormatFor, shownOfKind, type AssetFormat } from '../../../../shared/api';
import type { AssetRecord, JobRecord } from '../../../../shared/domain/job';
import type { DownloadNext } from './download-verdict';
import { iso, type EngineRecord, type Step } from './engine-record';

export function formatOf(rec: JobRecord): AssetFormat {
  return assetFormatFor(shownOfKind(rec.kind)) ?? 'glb';
}

export function pendingAsset(rec: JobRecord): AssetRecord {
  return { state: 'downloading', format: formatOf(rec), attempts: 0 };
}

/** How long a download waiting to retry still has to wait (never more than the backoff's cap: clocks differ). */
export function retryWaitMs(asset: AssetRecord | undefined, format: AssetFormat, nowMs: number, capMs: number): number {
  if (asset?.state !== 'retrying' || asset.format !== format || !asset.nextAttemptAt) return 0;
  const at = Date.parse(asset.nextAttemptAt);
  return Number.isFinite(at) ? Math.min(capMs, Math.max(0, at - nowMs)) : 0;
}

/** The record's asset with `change` laid over it; a field set to undefined is removed. */
export function mergeAsset(rec: JobRecord, change: Partial<AssetRecord>): AssetRecord {
  const merged = { ...(rec.asset ?? { state: 'none', format: 'glb', attempts: 0 }), ...change } as AssetRecord;
  for (const k of Object.keys(change) as (keyof AssetRecord)[]) if (change[k] === undefined) delete merged[k];
  return merged;
}

export type DownloadAnswer =
  /**
   * This process (`pid`) took the download in hand: `fresh` starts a new round (Retry download); `capMs` bounds
   * the wait a record taken over while waiting to retry still shows.
   */
  | { type: 'taken'; pid: number; fresh: boolean; capMs: number }
  /** An attempt failed: what nextDownloadStep says comes next, after `attempts` attempts. */
  | { type: 'failed'; step: DownloadNext; attempts: number }
  /** The file is in the cache and checked: what it holds (bytes, hash, statistics…), in `format`. */
  | { type: 'checked'; format: AssetFormat; found: Partial<AssetRecord> }
  /** This process no longer works on the download (done, given up, or stopping). */
  | { type: 'let-go' };

export type FetchNext =
  /** Nothing now. */
  | { do: 'none' }
  /** Try (again) after `delayMs` (0: now). */
  | { do: 'fetch-in'; delayMs: number }
  /** Done or given up: the lease goes. */
  | { do: 'let-go' };

const none: FetchNext = { do: 'none' };

function assetStep(rec: JobRecord, change: Partial<AssetRecord>, durable: boolean, next: FetchNext): Step<FetchNext> {
  return { patch: { asset: mergeAsset(rec, change) }, durable, next };
}

export function downloadStep(answer: DownloadAnswer, rec: EngineRecord, now: number): Step<FetchNext> {
  const asset = rec.asset;
  switch (answer.type) {
    case 'taken': {
      const format = formatOf(rec);
      // Readers (the app, `asset-studio jobs`) can tell a download in hand from one nobody works on.
      const holder: Partial<AssetRecord> | undefined = asset && asset.holder !== answer.pid ? { holder: answer.pid } : undefined;
      // Taken over (or resumed after a restart) while waiting to retry: the wait the record shows is kept.
      const waitMs = answer.fresh ? 0 : retryWaitMs(asset, format, now, answer.capMs);
      if (waitMs > 0) return holder ? assetStep(rec, holder, false, { do: 'fetch-in', delayMs: waitMs }) : { patch: undefined, durable: false, next: { do: 'fetch-in', delayMs: waitMs } };
      if (asset?.state !== 'downloading' || asset.format !== format) {
        const attempts = asset?.state === 'unavailable' ? 0 : (asset?.attempts ?? 0);
        return assetStep(rec, { state: 'downloading', format, attempts, problem: undefined, nextAttemptAt: undefined, failure: undefined, holder: answer.pid }, false, { do: 'fetch-in', delayMs: 0 });
      }
      return holder ? assetStep(rec, holder, false, { do: 'fetch-in', delayMs: 0 }) : { patch: undefined, durable: false, next: { do: 'fetch-in', delayMs: 0 } };
    }
    case 'failed': {
      const { step, attempts } = answer;
      if (step.action === 'ready') return { patch: undefined, durable: false, next: none };
      const reason = `${step.reason.charAt(0).toUpperCase()}${step.reason.slice(1)}.`;
      if (step.action === 'unavailable') {
        return assetStep(rec, { state: 'unavailable', attempts, failure: step.failure, problem: `Asset unavailable: ${reason} Use "Retry download" to try again.`, nextAttemptAt: undefined }, true, { do: 'let-go' });
      }
      return assetStep(rec, { state: 'retrying', attempts, failure: step.failure, problem: reason, nextAttemptAt: iso(now + step.delayMs) }, false, { do: 'fetch-in', delayMs: step.delayMs });
    }
    case 'checked': {
      const { found, format } = answer;
      // Ready on the record before the lease goes: nobody takes over a download that is done.
      return assetStep(rec, { ...found, state: 'ready', format, nextAttemptAt: undefined, failure: undefined, ...(found.problem ? {} : { problem: undefined }) }, true, { do: 'let-go' });
    }
    case 'let-go':
      // Nobody works on it now: the record says so (a download left unfinished reads "paused" until a process takes it).
      return asset?.holder !== undefined ? assetStep(rec, { holder: undefined }, true, none) : { patch: undefined, durable: false, next: none };
  }
}
