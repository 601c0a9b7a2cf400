/** A poll's answers as record changes: one row per answer, the record before, the change and what comes next. No sandbox, no timers. */
import { describe, expect, it } from 'vitest';
import type { JobResource } from '../../../../shared/api';
import type { JobRecord } from '../../../../shared/domain/job';
import { jobRecord } from '../../../../shared/domain/test/job-record';
import type { PollVerdict } from './answers';
import type { EngineRecord } from './engine-record';
import { inferKind, KEY_NOT_IN_SETTINGS, pollStep, type PollAnswer, type PollNext } from './poll-step';

const NOW = Date.parse('2026-01-02T03:04:05.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const asset = { state: 'downloading' as const, format: 'glb' as const, attempts: 0 };
const waits = { jitterMs: 30, fallbackMs: 30_000 };
const down = { until: NOW + 4_000, reason: 'the service at api.test is not answering', host: 'api.test' };
const problem = { status: 500, message: 'said 500' };
const running = (extra: Partial<EngineRecord> = {}): EngineRecord => jobRecord({ localId: 'a', jobId: 'job-1', state: 'running', upstreamStatus: 'running', title: 'Chair', ...extra });
const retrying = (attempts: number, extra: Partial<JobRecord['polling']> = {}) => ({ polling: { state: 'retrying' as const, reason: 'said 502', attempts, ...extra } });
const resource = (r: Partial<JobResource>): JobResource => ({ id: 'job-1', status: 'running', title: 'Chair', ...r }) as JobResource;
const status = (r: Partial<JobResource>): PollAnswer => ({ type: 'status', resource: resource(r), asset });
const failed = (verdict: PollVerdict, extra: { status?: number; down?: typeof down } = {}): PollAnswer => ({ type: 'failed', verdict, problem, waits, ...extra });

describe('a poll answer as a record change', () => {
  it.each<[string, PollAnswer, EngineRecord, Partial<EngineRecord> | undefined, boolean, PollNext]>([
    ['the same status again: no change, polled at the policy', status({}), running(), undefined, false, { do: 'poll', changed: false }],
    ['pending to running: the status changed', status({}), running({ state: 'pending', upstreamStatus: 'pending' }), { upstreamStatus: 'running', state: 'running' }, false, { do: 'poll', changed: true }],
    [
      'a new stage and a title',
      status({ title: 'Oak chair', fragments: [{ name: 'mesh', displayName: 'Mesh' }] as JobResource['fragments'] }),
      running(),
      { title: 'Oak chair', fragments: [{ name: 'mesh', displayName: 'Mesh' }] },
      false,
      { do: 'poll', changed: false },
    ],
    ['answered after failed polls: the retry note goes', status({}), running(retrying(2)), { polling: undefined }, false, { do: 'poll', changed: false }],
    [
      'success: finished, its asset pending, durable',
      status({ status: 'success' }),
      running(),
      { upstreamStatus: 'success', state: 'success', finishedAt: at(0), asset },
      true,
      { do: 'ended' },
    ],
    [
      'error: finished with the service message',
      status({ status: 'error', errorMessage: 'Out of memory' }),
      running(),
      { upstreamStatus: 'error', state: 'error', problem: { message: 'Out of memory' }, finishedAt: at(0) },
      true,
      { do: 'ended' },
    ],
    [
      'error without a message',
      status({ status: 'error' }),
      running(),
      { upstreamStatus: 'error', state: 'error', problem: { message: 'The service reported an error without a message.' }, finishedAt: at(0) },
      true,
      { do: 'ended' },
    ],
    [
      'tracked by id with a guessed kind: the parameters say image',
      status({ genParams: { aspectRatio: '1:1' } }),
      running({ kindInferred: true }),
      { genParams: { aspectRatio: '1:1' }, kind: 'text-to-image' },
      false,
      { do: 'poll', changed: false },
    ],
    ['its key is paused: says so once', { type: 'key-paused', reason: 'rejected' }, running(retrying(1)), { polling: { state: 'key-rejected', reason: 'rejected', attempts: 2, status: 401 } }, false, { do: 'none' }],
    ['its key is paused, already saying so: no change', { type: 'key-paused', reason: 'rejected' }, running({ polling: { state: 'key-rejected', reason: 'rejected', attempts: 1, status: 401 } }), undefined, false, { do: 'none' }],
    ['another job of its key got the 401', { type: 'key-rejected-too', reason: 'rejected' }, running(retrying(3)), { polling: { state: 'key-rejected', reason: 'rejected', attempts: 3, status: 401 } }, false, { do: 'none' }],
    [
      'its key is gone from Settings',
      { type: 'no-client', retryMs: 30_000 },
      running(),
      { polling: { state: 'retrying', reason: KEY_NOT_IN_SETTINGS, attempts: 1, retryAt: at(30_000) } },
      false,
      { do: 'poll-in', delayMs: 30_000 },
    ],
    [
      'its service is down: which, why, when; polled just after',
      { type: 'host-down', down, waits },
      running(retrying(2)),
      { polling: { state: 'retrying', reason: down.reason, attempts: 2, host: 'api.test', retryAt: at(4_000) } },
      false,
      { do: 'poll-in', delayMs: 4_030 },
    ],
    [
      'its service is down, already saying so: no change',
      { type: 'host-down', down, waits },
      running(retrying(2, { reason: down.reason, host: 'api.test', retryAt: at(4_000) })),
      undefined,
      false,
      { do: 'poll-in', delayMs: 4_030 },
    ],
    [
      'its service is down, probe out: the fallback delay',
      { type: 'host-down', down: { ...down, until: Infinity }, waits },
      running(),
      { polling: { state: 'retrying', reason: down.reason, attempts: 0, host: 'api.test' } },
      false,
      { do: 'poll-in', delayMs: 30_000 },
    ],
    ['stopping: nothing', failed({ action: 'stop' }), running(), undefined, false, { do: 'none' }],
    [
      '401: the key pauses',
      failed({ action: 'pause-key', reason: 'rejected' }),
      running(retrying(1)),
      { polling: { state: 'key-rejected', reason: 'rejected', attempts: 2, status: 401 } },
      false,
      { do: 'pause-key', reason: 'rejected' },
    ],
    [
      '403: the job ends in error with the service message',
      failed({ action: 'end', message: 'job belongs to another key' }),
      running(retrying(1)),
      { state: 'error', polling: undefined, problem: { status: 500, message: 'job belongs to another key' }, finishedAt: at(0) },
      true,
      { do: 'ended' },
    ],
    [
      'a 500: retried with its status',
      failed({ action: 'retry', reason: 'said 500', delayMs: 2_000, networkDown: false }, { status: 500 }),
      running(retrying(1)),
      { polling: { state: 'retrying', reason: 'said 500', attempts: 2, retryAt: at(2_000), status: 500 } },
      false,
      { do: 'poll-in', delayMs: 2_000 },
    ],
    [
      'a 404: retried, the count kept',
      failed({ action: 'retry', reason: 'not known yet (404, 2 of 6 allowed)', delayMs: 1_000, networkDown: false, missing: 2 }, { status: 404 }),
      running({ polling: { state: 'key-rejected', reason: 'x', attempts: 5 } }),
      { polling: { state: 'retrying', reason: 'not known yet (404, 2 of 6 allowed)', attempts: 1, retryAt: at(1_000), status: 404 } },
      false,
      { do: 'poll-in', delayMs: 1_000, missing: 2 },
    ],
    [
      'a dropped connection while its service is down: waits for the service',
      failed({ action: 'retry', reason: 'socket hang up', delayMs: 1_000, networkDown: true }, { down }),
      running(retrying(1)),
      { polling: { state: 'retrying', reason: down.reason, attempts: 2, host: 'api.test', retryAt: at(4_000) } },
      false,
      { do: 'poll-in', delayMs: 4_030 },
    ],
    [
      'a dropped connection, service not marked down: its own delay',
      failed({ action: 'retry', reason: 'socket hang up', delayMs: 1_000, networkDown: true }),
      running(),
      { polling: { state: 'retrying', reason: 'socket hang up', attempts: 1, retryAt: at(1_000) } },
      false,
      { do: 'poll-in', delayMs: 1_000 },
    ],
  ])('%s', (_what, answer, rec, patch, durable, next) => {
    const step = pollStep(answer, rec, NOW);
    expect(step.patch).toStrictEqual(patch);
    expect(step.durable).toBe(durable);
    expect(step.next).toEqual(next);
  });

  it.each<[string, Record<string, unknown> | undefined, string | undefined]>([
    ['an aspect ratio is an image', { aspectRatio: '16:9' }, 'text-to-image'],
    ['a face count is a model', { targetFaceCount: 10_000 }, 'text-to-3d'],
    ['nothing telling', { seed: 1 }, undefined],
    ['no parameters', undefined, undefined],
  ])('the kind of a job tracked by id: %s', (_what, genParams, kind) => {
    expect(inferKind(resource(genParams ? { genParams } : {}))).toBe(kind);
  });
});
