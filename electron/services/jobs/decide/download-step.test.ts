/** A download's answers as changes to the record's asset: one row per answer, the asset before, the asset after and what comes next. No files, no timers. */
import { describe, expect, it } from 'vitest';
import type { AssetRecord } from '../../../../shared/domain/job';
import { jobRecord } from '../../../../shared/domain/test/job-record';
import { downloadStep, type DownloadAnswer, type FetchNext } from './download-step';
import type { EngineRecord } from './engine-record';

const NOW = Date.parse('2026-01-02T03:04:05.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const PID = 4242;
const succeeded = (asset: AssetRecord | undefined, extra: Partial<EngineRecord> = {}): EngineRecord =>
  jobRecord({ localId: 'a', jobId: 'job-1', state: 'success', ...(asset ? { asset } : {}), ...extra });
const taken = (fresh = false): DownloadAnswer => ({ type: 'taken', pid: PID, fresh, capMs: 30_000 });
const downloading: AssetRecord = { state: 'downloading', format: 'glb', attempts: 0 };
const waiting: AssetRecord = { state: 'retrying', format: 'glb', attempts: 2, failure: 'incomplete', problem: 'Cut short.', nextAttemptAt: at(5_000), holder: 1 };

describe('a download answer as a change to the asset', () => {
  it.each<[string, DownloadAnswer, EngineRecord, AssetRecord | undefined, boolean, FetchNext]>([
    ['taken in hand at success: held by this process, fetched now', taken(), succeeded(downloading), { ...downloading, holder: PID }, false, { do: 'fetch-in', delayMs: 0 }],
    ['taken, already held here: no change', taken(), succeeded({ ...downloading, holder: PID }), undefined, false, { do: 'fetch-in', delayMs: 0 }],
    ['taken over while waiting to retry: the wait it shows is kept', taken(), succeeded(waiting), { ...waiting, holder: PID }, false, { do: 'fetch-in', delayMs: 5_000 }],
    [
      'taken over, its wait past: downloading again now',
      taken(),
      succeeded({ ...waiting, nextAttemptAt: at(-1_000) }),
      { state: 'downloading', format: 'glb', attempts: 2, holder: PID },
      false,
      { do: 'fetch-in', delayMs: 0 },
    ],
    [
      'Retry download on an unavailable asset: a fresh round, attempts from 0',
      taken(true),
      succeeded({ state: 'unavailable', format: 'glb', attempts: 3, failure: 'invalid', problem: 'Asset unavailable: x.' }),
      { state: 'downloading', format: 'glb', attempts: 0, holder: PID },
      false,
      { do: 'fetch-in', delayMs: 0 },
    ],
    [
      'a success recorded before its asset (killed between the two)',
      taken(),
      succeeded(undefined, { kind: 'text-to-image' }),
      { state: 'downloading', format: 'png', attempts: 0, holder: PID },
      false,
      { do: 'fetch-in', delayMs: 0 },
    ],
    [
      'cut short: retried at its delay, saying why',
      { type: 'failed', step: { action: 'retry', failure: 'incomplete', reason: 'the connection dropped', delayMs: 1_200 }, attempts: 1 },
      succeeded({ ...downloading, holder: PID }),
      { state: 'retrying', format: 'glb', attempts: 1, failure: 'incomplete', problem: 'The connection dropped.', nextAttemptAt: at(1_200), holder: PID },
      false,
      { do: 'fetch-in', delayMs: 1_200 },
    ],
    [
      'invalid after the last attempt: unavailable, durable, let go',
      { type: 'failed', step: { action: 'unavailable', failure: 'invalid', reason: 'not a GLB file' }, attempts: 3 },
      succeeded({ ...waiting, holder: PID }),
      { state: 'unavailable', format: 'glb', attempts: 3, failure: 'invalid', problem: 'Asset unavailable: Not a GLB file. Use "Retry download" to try again.', holder: PID },
      true,
      { do: 'let-go' },
    ],
    ['a complete file (handled by the check): no change', { type: 'failed', step: { action: 'ready' }, attempts: 1 }, succeeded(downloading), undefined, false, { do: 'none' }],
    [
      'checked: ready with what it holds, the old problem gone',
      { type: 'checked', format: 'glb', found: { bytes: 1_000, sha256: 'abc', attempts: 2, hasThumbnail: true } },
      succeeded({ ...waiting, holder: PID }),
      { state: 'ready', format: 'glb', attempts: 2, bytes: 1_000, sha256: 'abc', hasThumbnail: true, holder: PID },
      true,
      { do: 'let-go' },
    ],
    [
      'checked but too large to inspect: ready, saying so',
      { type: 'checked', format: 'glb', found: { bytes: 9e8, sha256: 'abc', problem: 'Kept without statistics.' } },
      succeeded(downloading),
      { state: 'ready', format: 'glb', attempts: 0, bytes: 9e8, sha256: 'abc', problem: 'Kept without statistics.' },
      true,
      { do: 'let-go' },
    ],
    [
      'checked as an image after a model was expected (kind guessed)',
      { type: 'checked', format: 'png', found: { bytes: 10, sha256: 'p' } },
      succeeded(downloading),
      { state: 'ready', format: 'png', attempts: 0, bytes: 10, sha256: 'p' },
      true,
      { do: 'let-go' },
    ],
    ['let go: the holder goes, durable', { type: 'let-go' }, succeeded({ ...waiting, holder: PID }), { ...waiting, holder: undefined }, true, { do: 'none' }],
    ['let go, nobody held it: no change', { type: 'let-go' }, succeeded(downloading), undefined, false, { do: 'none' }],
  ])('%s', (_what, answer, rec, asset, durable, next) => {
    const step = downloadStep(answer, rec, NOW);
    expect(step.patch).toStrictEqual(asset === undefined ? undefined : { asset: JSON.parse(JSON.stringify(asset)) });
    expect(step.durable).toBe(durable);
    expect(step.next).toEqual(next);
  });
});
