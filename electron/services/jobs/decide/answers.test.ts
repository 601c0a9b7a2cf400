/** What an upstream failure means: the submission's and the poll's verdicts, as tables. No sandbox, no timers. */
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../../upstream';
import { factsOf, judgePollFailure, judgeSubmitFailure, KEY_REJECTED, type FailureFacts } from './answers';

const T = { retryBaseMs: 1_000, retryCapMs: 30_000, maxServerAttempts: 4, maxPoll404: 6, pollMaxMs: 30_000 };
const http = (status: number, extra: Partial<FailureFacts> = {}): FailureFacts => ({ kind: 'http', outcome: 'not-created', status, message: `said ${status}`, ...extra });

describe('a failed submission', () => {
  it.each<[string, FailureFacts, { attempts?: number; serverErrors?: number } | undefined, boolean, string, Record<string, unknown>]>([
    ['body sent, no answer', { kind: 'network', outcome: 'unknown', message: 'reset' }, undefined, false, 'uncertain', {}],
    ['2xx without a job id', { kind: 'unexpected', outcome: 'unknown', status: 201, message: 'x' }, undefined, false, 'uncertain', {}],
    ['refused connection', { kind: 'network', outcome: 'not-created', message: 'ECONNREFUSED' }, undefined, false, 'requeue', { reason: 'network', networkDown: true, attempts: 1 }],
    ['timeout before sending', { kind: 'timeout', outcome: 'not-created', message: 't' }, { attempts: 2 }, false, 'requeue', { reason: 'network', attempts: 3 }],
    ['429 with Retry-After', http(429, { retryAfterMs: 7_000 }), undefined, false, 'requeue', { reason: 'rate-limited', delayMs: 7_000, serverErrors: 0 }],
    ['first 500', http(500), undefined, false, 'requeue', { reason: 'server-error', serverErrors: 1 }],
    ['429s do not count as server errors', http(503), { attempts: 5, serverErrors: 0 }, false, 'requeue', { serverErrors: 1, attempts: 6 }],
    ['fourth 500', http(500), { attempts: 3, serverErrors: 3 }, false, 'rejected', { message: 'said 500 Gave up after 4 server errors.' }],
    ['402 in a batch', http(402), undefined, true, 'hold-batch', { attempts: 1 }],
    ['402 alone', http(402), undefined, false, 'rejected', {}],
    ['422', http(422), undefined, false, 'rejected', {}],
    ['401', http(401), undefined, false, 'rejected', {}],
    ['cancelled by stop', { kind: 'aborted', outcome: 'not-created', message: 'c' }, { attempts: 1 }, false, 'unsent', {}],
    ['a bug', { kind: 'internal', outcome: 'not-created', message: 'boom' }, undefined, false, 'rejected', {}],
  ])('%s → %s', (_what, facts, queue, inBatch, action, fields) => {
    const v = judgeSubmitFailure(facts, queue ? { reason: 'cap', ...queue, attempts: queue.attempts ?? 0 } : undefined, inBatch, T, 0.5);
    expect(v.action).toBe(action);
    expect(v).toMatchObject(fields);
  });

  it('backs off further with every attempt, within the cap', () => {
    const delays = [0, 1, 2, 3, 4, 5, 8].map((a) => {
      const v = judgeSubmitFailure({ kind: 'network', outcome: 'not-created', message: 'x' }, { reason: 'network', attempts: a }, false, T, 0.99);
      return v.action === 'requeue' ? v.delayMs : -1;
    });
    for (let i = 1; i < delays.length; i++) expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(Math.max(...delays)).toBeLessThanOrEqual(T.retryCapMs + T.retryBaseMs);
  });
});

describe('a failed poll', () => {
  it.each<[string, FailureFacts, number, string, RegExp | undefined]>([
    ['401: the key was revoked or rotated', http(401), 0, 'pause-key', new RegExp(KEY_REJECTED)],
    ['403: ends at once with the service message', http(403, { message: 'Not allowed (403). The service said: "job belongs to another key"' }), 0, 'end', /another key/],
    ['first 404: the service may lag', http(404), 0, 'retry', /404, 1 of 6/],
    ['fifth 404 in a row', http(404), 4, 'retry', /404, 5 of 6/],
    ['sixth 404 in a row', http(404), 5, 'end', /said 404/],
    ['500', http(500), 0, 'retry', /said 500/],
    ['429', http(429), 0, 'retry', /said 429/],
    ['unreadable body', { kind: 'unexpected', outcome: 'not-created', status: 200, message: 'Unexpected answer from the service (a job status)' }, 0, 'retry', /Unexpected answer/],
    ['dropped connection', { kind: 'network', outcome: 'not-created', message: 'socket hang up' }, 0, 'retry', /hang up/],
    ['engine stopping', { kind: 'aborted', outcome: 'not-created', message: 'x' }, 0, 'stop', undefined],
  ])('%s → %s', (_what, facts, missing, action, says) => {
    const v = judgePollFailure(facts, { missing, attempts: 0 }, T, 0.5);
    expect(v.action).toBe(action);
    if (says) expect('reason' in v ? v.reason : 'message' in v ? v.message : '').toMatch(says);
  });

  it('holds back every poll after a dropped connection, not after a 5xx', () => {
    const drop = judgePollFailure({ kind: 'network', outcome: 'not-created', message: 'x' }, { missing: 0, attempts: 0 }, T, 0.5);
    const five = judgePollFailure(http(502), { missing: 0, attempts: 0 }, T, 0.5);
    expect(drop.action === 'retry' && drop.networkDown).toBe(true);
    expect(five.action === 'retry' && five.networkDown).toBe(false);
  });

  it('backs off with the failures in a row, never below the base nor above the poll cap', () => {
    const at = (attempts: number) => {
      const v = judgePollFailure(http(500), { missing: 0, attempts }, T, 0.999);
      return v.action === 'retry' ? v.delayMs : -1;
    };
    expect(at(0)).toBeGreaterThanOrEqual(T.retryBaseMs);
    expect(at(3)).toBeGreaterThan(at(0));
    expect(at(20)).toBeLessThanOrEqual(T.pollMaxMs);
  });

  it('reads the facts of an UpstreamError and of anything else', () => {
    expect(factsOf(new UpstreamError('m', { kind: 'http', outcome: 'not-created', status: 401 }))).toMatchObject({ kind: 'http', status: 401, message: 'm' });
    expect(factsOf(new Error('boom'))).toMatchObject({ kind: 'internal', message: 'boom' });
  });
});
