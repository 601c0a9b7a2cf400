/** A submission's answers as record changes: one row per answer, the record before, the change and what comes next. No sandbox, no timers. */
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../../shared/domain/job';
import { jobRecord } from '../../../../shared/domain/test/job-record';
import type { SubmitVerdict } from './answers';
import { sendStep, KEY_GONE, type SendAnswer, type SendNext } from './send-step';

const NOW = Date.parse('2026-01-02T03:04:05.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const problem = { status: 500, message: 'said 500' };
const queued = (extra: Partial<JobRecord> = {}) => jobRecord({ localId: 'a', state: 'queued', queue: { reason: 'cap', attempts: 1, serverErrors: 1 }, ...extra });
const failed = (verdict: SubmitVerdict, down?: { until: number; reason: string; host: string }): SendAnswer => ({ type: 'failed', verdict, problem, ...(down ? { down } : {}) });
const down = { until: NOW + 4_000, reason: 'the service at api.test is not answering', host: 'api.test' };
const probing = { ...down, until: Infinity };

describe('a submission answer as a record change', () => {
  it.each<[string, SendAnswer, JobRecord, Partial<JobRecord> | undefined, boolean, SendNext]>([
    ['the intent to send', { type: 'sending', keyId: 'k2', keyName: 'Second' }, queued(), { state: 'submitting', keyId: 'k2', keyName: 'Second', submittedAt: at(0) }, true, { do: 'none' }],
    ['its key is gone', { type: 'no-client' }, queued(), { state: 'rejected', problem: { message: KEY_GONE } }, true, { do: 'none' }],
    [
      'accepted: the job id, durable, then followed',
      { type: 'accepted', jobId: 'job-1' },
      queued({ state: 'submitting', problem: { message: 'earlier' } }),
      { state: 'pending', upstreamStatus: 'pending', jobId: 'job-1', acceptedAt: at(0), queue: undefined, problem: undefined },
      true,
      { do: 'poll' },
    ],
    [
      'merged: success with its asset pending in one change',
      { type: 'merged', asset: { state: 'downloading', format: 'glb', attempts: 0 } },
      queued({ state: 'submitting' }),
      { state: 'success', upstreamStatus: 'success', acceptedAt: at(0), finishedAt: at(0), queue: undefined, problem: undefined, asset: { state: 'downloading', format: 'glb', attempts: 0 } },
      true,
      { do: 'accept-file' },
    ],
    ['no free slot: says cap', { type: 'no-slot' }, queued({ queue: { reason: 'rate-limited', attempts: 2, serverErrors: 1 } }), { queue: { reason: 'cap', attempts: 2, serverErrors: 1 } }, false, { do: 'none' }],
    ['no free slot, already saying so: no change', { type: 'no-slot' }, queued(), undefined, false, { do: 'none' }],
    [
      'its service is down: which, why and when',
      { type: 'host-down', down },
      queued(),
      { queue: { reason: 'network', attempts: 1, serverErrors: 1, host: 'api.test', retryAt: at(4_000) }, problem: { message: down.reason } },
      false,
      { do: 'none' },
    ],
    [
      'its service is down, probe out: no time shown, its own problem kept',
      { type: 'host-down', down: probing },
      queued({ queue: { reason: 'cap', attempts: 0 }, problem }),
      { queue: { reason: 'network', attempts: 0, host: 'api.test' }, problem },
      false,
      { do: 'none' },
    ],
    ['its service is down, already saying so: no change', { type: 'host-down', down }, queued({ queue: { reason: 'network', attempts: 1, host: 'api.test', retryAt: at(4_000) } }), undefined, false, { do: 'none' }],
    ['uncertain: the body may have arrived', failed({ action: 'uncertain' }), queued({ state: 'submitting' }), { state: 'uncertain', problem }, true, { do: 'none' }],
    ['unsent (stopping): back as it was', failed({ action: 'unsent' }), queued({ state: 'submitting' }), { state: 'queued', queue: { reason: 'cap', attempts: 1, serverErrors: 1 } }, true, { do: 'none' }],
    [
      'requeued after a 500, at its delay',
      failed({ action: 'requeue', reason: 'server-error', delayMs: 1_500, attempts: 2, serverErrors: 2, networkDown: false }),
      queued({ state: 'submitting' }),
      { state: 'queued', queue: { reason: 'server-error', attempts: 2, serverErrors: 2, retryAt: at(1_500) }, problem },
      true,
      { do: 'none' },
    ],
    [
      'requeued after a refusal while its service is down: waits for the service',
      failed({ action: 'requeue', reason: 'network', delayMs: 900, attempts: 2, serverErrors: 1, networkDown: true }, down),
      queued({ state: 'submitting' }),
      { state: 'queued', queue: { reason: 'network', attempts: 2, serverErrors: 1, host: 'api.test', retryAt: at(4_000) }, problem },
      true,
      { do: 'none' },
    ],
    [
      'requeued after a refusal, service not marked down: its own delay',
      failed({ action: 'requeue', reason: 'network', delayMs: 900, attempts: 2, serverErrors: 1, networkDown: true }),
      queued({ state: 'submitting' }),
      { state: 'queued', queue: { reason: 'network', attempts: 2, serverErrors: 1, retryAt: at(900) }, problem },
      true,
      { do: 'none' },
    ],
    [
      'a 429 ignores a down service (it answered)',
      failed({ action: 'requeue', reason: 'rate-limited', delayMs: 7_000, attempts: 1, serverErrors: 0, networkDown: false }, down),
      queued({ state: 'submitting' }),
      { state: 'queued', queue: { reason: 'rate-limited', attempts: 1, serverErrors: 0, retryAt: at(7_000) }, problem },
      true,
      { do: 'none' },
    ],
    [
      'out of credits in a batch: paused, the batch held',
      failed({ action: 'hold-batch', attempts: 1, serverErrors: 0 }),
      queued({ state: 'submitting', batchId: 'b1' }),
      { state: 'queued', queue: { reason: 'paused', attempts: 1, serverErrors: 0 }, problem },
      true,
      { do: 'hold-batch', batchId: 'b1' },
    ],
    ['refused', failed({ action: 'rejected' }), queued({ state: 'submitting' }), { state: 'rejected', problem, queue: undefined, finishedAt: at(0) }, true, { do: 'none' }],
    [
      'refused after the last 500: says it gave up',
      failed({ action: 'rejected', message: 'said 500 Gave up after 4 server errors.' }),
      queued({ state: 'submitting' }),
      { state: 'rejected', problem: { status: 500, message: 'said 500 Gave up after 4 server errors.' }, queue: undefined, finishedAt: at(0) },
      true,
      { do: 'none' },
    ],
  ])('%s', (_what, answer, rec, patch, durable, next) => {
    const step = sendStep(answer, rec, NOW);
    expect(step.patch).toStrictEqual(patch);
    expect(step.durable).toBe(durable);
    expect(step.next).toEqual(next);
  });
});
