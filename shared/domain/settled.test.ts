import { describe, expect, it } from 'vitest';
import type { JobRecord } from './job';
import { assetSettled, settledAfterRestart, settledForBatchRow, settledForCommandLine, settledForWaiting } from './settled';

type Row = [string, Pick<JobRecord, 'state' | 'asset' | 'polling'>, { waiting: boolean; batchRow: boolean; commandLine: boolean; afterRestart: boolean }];
const asset = (state: NonNullable<JobRecord['asset']>['state']) => ({ state, format: 'glb' as const, attempts: 1 });

describe('settled: the four moments side by side', () => {
  it.each<Row>([
    ['running', { state: 'running' }, { waiting: false, batchRow: false, commandLine: false, afterRestart: false }],
    ['queued', { state: 'queued' }, { waiting: false, batchRow: false, commandLine: false, afterRestart: false }],
    ['success, file downloading', { state: 'success', asset: asset('downloading') }, { waiting: false, batchRow: false, commandLine: false, afterRestart: false }],
    ['success, file retrying', { state: 'success', asset: asset('retrying') }, { waiting: false, batchRow: false, commandLine: false, afterRestart: false }],
    ['success, file ready', { state: 'success', asset: asset('ready') }, { waiting: true, batchRow: true, commandLine: true, afterRestart: true }],
    ['success, file unavailable', { state: 'success', asset: asset('unavailable') }, { waiting: true, batchRow: true, commandLine: true, afterRestart: true }],
    // Where they differ on purpose: a success whose download has not begun, and an unknown outcome.
    ['success, no asset record yet', { state: 'success' }, { waiting: true, batchRow: false, commandLine: true, afterRestart: false }],
    ['uncertain', { state: 'uncertain' }, { waiting: false, batchRow: false, commandLine: true, afterRestart: true }],
    ['running, polling paused on a rejected key', { state: 'running', polling: { state: 'key-rejected', reason: 'The service rejected this key.', attempts: 1, status: 401 } }, { waiting: false, batchRow: false, commandLine: true, afterRestart: false }],
    ['running, polls retrying after a 5xx', { state: 'running', polling: { state: 'retrying', reason: 'Server error.', attempts: 2, status: 503 } }, { waiting: false, batchRow: false, commandLine: false, afterRestart: false }],
    ['error', { state: 'error' }, { waiting: true, batchRow: true, commandLine: true, afterRestart: true }],
    ['rejected', { state: 'rejected' }, { waiting: true, batchRow: true, commandLine: true, afterRestart: true }],
    ['dismissed', { state: 'dismissed' }, { waiting: true, batchRow: true, commandLine: true, afterRestart: true }],
  ])('%s', (_what, job, expected) => {
    expect({
      waiting: settledForWaiting(job),
      batchRow: settledForBatchRow(job),
      commandLine: settledForCommandLine(job),
      afterRestart: settledAfterRestart(job),
    }).toEqual(expected);
  });

  it('no record is never settled', () => {
    for (const settled of [settledForWaiting, settledForBatchRow, settledForCommandLine, settledAfterRestart]) expect(settled(undefined)).toBe(false);
    expect(assetSettled(undefined)).toBe(false);
  });
});
