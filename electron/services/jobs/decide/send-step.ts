/**
 * A submission's answers as record changes, without side effects: the intent
 * to send, the service's acceptance (a job id, or a merged GLB), the verdict
 * of a failure (judgeSubmitFailure, ./answers.ts), a service that is down
 * and a key without a free slot. The submitter applies them;
 * ./send-step.test.ts holds their table.
 */
import type { AssetRecord, JobProblem } from '../../../../shared/domain/job';
import type { SubmitVerdict } from './answers';
import { iso, type EngineRecord, type HostDown, type Step } from './engine-record';

export const KEY_GONE = 'The environment or key of this request no longer exists. Submit it again with another key.';

export type SendAnswer =
  /** About to send on this key: the intent, durable before the first byte leaves. */
  | { type: 'sending'; keyId: string; keyName: string }
  /** The record's environment or key is gone from Settings. */
  | { type: 'no-client' }
  /** The service made the job. */
  | { type: 'accepted'; jobId: string }
  /** A synchronous endpoint answered with the finished GLB (merge): `asset` is the pending asset record. */
  | { type: 'merged'; asset: AssetRecord }
  /** The send failed; `down` is its service's state now when it is down. */
  | { type: 'failed'; verdict: SubmitVerdict; problem: JobProblem; down?: HostDown }
  /** Not sent: its service is down (the queue goes on with the others). */
  | { type: 'host-down'; down: HostDown }
  /** Not sent: no key of its environment has a free slot. */
  | { type: 'no-slot' };

export type SendNext =
  /** Nothing more for this record now. */
  | { do: 'none' }
  /** Follow the job (poll it). */
  | { do: 'poll' }
  /** Take the merged file into the cache. */
  | { do: 'accept-file' }
  /** Hold the record's batch: its rows wait for the user (out of credits). */
  | { do: 'hold-batch'; batchId: string };

const none: SendNext = { do: 'none' };

export function sendStep(answer: SendAnswer, rec: EngineRecord, now: number): Step<SendNext> {
  const q = rec.queue;
  switch (answer.type) {
    case 'sending':
      return { patch: { state: 'submitting', keyId: answer.keyId, keyName: answer.keyName, submittedAt: iso(now) }, durable: true, next: none };
    case 'no-client':
      return { patch: { state: 'rejected', problem: { message: KEY_GONE } }, durable: true, next: none };
    case 'accepted':
      // The job id is durable before anyone is told.
      return { patch: { state: 'pending', upstreamStatus: 'pending', jobId: answer.jobId, acceptedAt: iso(now), queue: undefined, problem: undefined }, durable: true, next: { do: 'poll' } };
    case 'merged':
      return {
        patch: { state: 'success', upstreamStatus: 'success', acceptedAt: iso(now), finishedAt: iso(now), queue: undefined, problem: undefined, asset: answer.asset },
        durable: true,
        next: { do: 'accept-file' },
      };
    case 'no-slot':
      return { patch: q?.reason === 'cap' ? undefined : { queue: { reason: 'cap', attempts: q?.attempts ?? 0, serverErrors: q?.serverErrors } }, durable: false, next: none };
    case 'host-down': {
      // The record says which service it waits for, why, and when the next try is (only when that changed).
      const { down } = answer;
      const retryAt = Number.isFinite(down.until) ? iso(down.until) : undefined;
      if (q?.reason === 'network' && q.host === down.host && q.retryAt === retryAt) return { patch: undefined, durable: false, next: none };
      return {
        patch: {
          queue: { reason: 'network', attempts: q?.attempts ?? 0, host: down.host, ...(q?.serverErrors !== undefined ? { serverErrors: q.serverErrors } : {}), ...(retryAt ? { retryAt } : {}) },
          problem: rec.problem ?? { message: down.reason },
        },
        durable: false,
        next: none,
      };
    }
    case 'failed':
      return failedSend(answer.verdict, answer.problem, answer.down, rec, now);
  }
}

function failedSend(verdict: SubmitVerdict, problem: JobProblem, down: HostDown | undefined, rec: EngineRecord, now: number): Step<SendNext> {
  const q = rec.queue;
  switch (verdict.action) {
    case 'uncertain':
      return { patch: { state: 'uncertain', problem }, durable: true, next: none };
    case 'unsent':
      return { patch: { state: 'queued', queue: { reason: 'cap', attempts: q?.attempts ?? 0, serverErrors: q?.serverErrors } }, durable: true, next: none };
    case 'requeue': {
      if (verdict.networkDown && down) {
        // Waits for its service (the probe says when it answers), not for a delay of its own.
        const retryAt = Number.isFinite(down.until) ? iso(down.until) : undefined;
        return {
          patch: { state: 'queued', queue: { reason: 'network', attempts: verdict.attempts, serverErrors: verdict.serverErrors, host: down.host, ...(retryAt ? { retryAt } : {}) }, problem },
          durable: true,
          next: none,
        };
      }
      return {
        patch: { state: 'queued', queue: { reason: verdict.reason, attempts: verdict.attempts, serverErrors: verdict.serverErrors, retryAt: iso(now + verdict.delayMs) }, problem },
        durable: true,
        next: none,
      };
    }
    case 'hold-batch':
      return {
        patch: { state: 'queued', queue: { reason: 'paused', attempts: verdict.attempts, serverErrors: verdict.serverErrors }, problem },
        durable: true,
        next: rec.batchId !== undefined ? { do: 'hold-batch', batchId: rec.batchId } : none,
      };
    case 'rejected':
      return { patch: { state: 'rejected', problem: verdict.message ? { ...problem, message: verdict.message } : problem, queue: undefined, finishedAt: iso(now) }, durable: true, next: none };
  }
}
