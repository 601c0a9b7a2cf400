import { describe, expect, it } from 'vitest';
import type { JobRecord, JobState } from '../../../shared/domain/job';
import { flagDuplicates } from './duplicates';
import type { StoredRow } from './store';

const REQUEST = { prompt: 'a wooden crate' };

function ledgerJob(state: JobState, extra: Partial<JobRecord> = {}): JobRecord {
  return {
    localId: 'L_earlier', kind: 'text-to-3d', state, jobId: 'job-1', environmentId: 'env', environmentName: 'Sandbox',
    keyId: 'k', keyName: 'Key', request: REQUEST, title: 'a wooden crate', batchId: 'B_earlier',
    createdAt: '2026-11-25T10:00:00.000Z', updatedAt: '2026-11-25T10:00:00.000Z', fragments: [], ...extra,
  } as JobRecord;
}

function readyRow(): StoredRow {
  return { index: 0, state: 'ready', kind: 'text-to-3d', fields: { ...REQUEST }, problems: [] } as unknown as StoredRow;
}

describe('flagDuplicates: which earlier jobs a re-run list reuses instead of sending again', () => {
  it.each<[string, boolean, JobRecord]>([
    ['finished with its asset', true, ledgerJob('success')],
    ['finished, asset unavailable', false, ledgerJob('success', { asset: { state: 'unavailable' } } as Partial<JobRecord>)],
    ['still running upstream', true, ledgerJob('running')],
    ['queued locally', true, ledgerJob('queued')],
    // The soak:kill finding: a batch re-run after a crash left rows uncertain sent them again (paid duplicates).
    ['sent with an unknown outcome (uncertain)', true, ledgerJob('uncertain', { jobId: undefined })],
    ['ended in error', false, ledgerJob('error')],
    ['removed from the history', false, ledgerJob('success', { hidden: true } as Partial<JobRecord>)],
  ])('an earlier job %s: reused = %s', (_label, reused, job) => {
    const row = readyRow();
    flagDuplicates([row], [job], 'B_new');
    expect(row.duplicateOf !== undefined).toBe(reused);
    if (reused) {
      expect(row.duplicateOf).toMatchObject({ localId: 'L_earlier', state: job.state });
      expect(row.duplicateChoice).toBe('reuse');
    }
  });

  it("leaves out the batch's own jobs", () => {
    const row = readyRow();
    flagDuplicates([row], [ledgerJob('uncertain', { batchId: 'B_new' })], 'B_new');
    expect(row.duplicateOf).toBeUndefined();
  });
});
