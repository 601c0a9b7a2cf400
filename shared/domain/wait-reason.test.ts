/** Why a job waits, as a table: every reason a waiting job can have, and the jobs that do not wait. */
import { describe, expect, it } from 'vitest';
import type { JobRecord } from './job';
import { inSeconds, waitReason, type WaitFacts } from './wait-reason';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
type Job = Parameters<typeof waitReason>[0];
const job = (over: Partial<JobRecord>): Job => ({ state: 'queued', keyName: 'Key 1', ...over }) as Job;
const downloading = (asset: Partial<NonNullable<JobRecord['asset']>>): Job => job({ state: 'success', asset: { state: 'downloading', format: 'glb', attempts: 1, ...asset } });

describe('why a job waits', () => {
  it.each<[string, Job, Partial<WaitFacts>, string | undefined]>([
    ['no free slot on its key', job({ queue: { reason: 'cap', attempts: 0 } }), { runningOnKey: 5 }, 'waiting for a free slot on Key 1 (5 running)'],
    ['no free slot, count unknown', job({ queue: { reason: 'cap', attempts: 0 } }), {}, 'waiting for a free slot on Key 1'],
    ['its service does not answer', job({ queue: { reason: 'network', attempts: 1, host: '127.0.0.1:9', retryAt: at(11_200) } }), {}, 'the service at 127.0.0.1:9 is not answering; next try in 12 s'],
    ['its service does not answer, the probe is out', job({ queue: { reason: 'network', attempts: 1, host: 'api.example.com' } }), {}, 'the service at api.example.com is not answering; trying again now'],
    ['a long wait', job({ queue: { reason: 'network', attempts: 6, host: 'h:1', retryAt: at(65_000) } }), {}, 'the service at h:1 is not answering; next try in 1 min 05 s'],
    ['a retry time that has passed never counts down', job({ queue: { reason: 'network', attempts: 1, host: 'h:1', retryAt: at(-4_000) } }), {}, 'the service at h:1 is not answering; trying again now'],
    ['429', job({ queue: { reason: 'rate-limited', attempts: 1, retryAt: at(3_000) } }), {}, 'the service asked to slow down; next try in 3 s'],
    ['500', job({ queue: { reason: 'server-error', attempts: 1, retryAt: at(2_500) } }), {}, 'the service had a server error; next try in 3 s'],
    ['a paused batch, after a 402', job({ queue: { reason: 'paused', attempts: 1 }, problem: { message: 'Not enough credits.' } }), {}, 'paused with its batch; resumes when the batch is resumed; last attempt: Not enough credits'],
    ['a running job whose service does not answer', job({ state: 'running', polling: { state: 'retrying', reason: 'x', attempts: 2, host: 'h:1', retryAt: at(12_000) } }), {}, 'the service at h:1 is not answering; next try in 12 s'],
    ['a running job whose poll got a 500 (said by the answer note instead)', job({ state: 'running', polling: { state: 'retrying', reason: 'x', attempts: 2, retryAt: at(12_000) } }), {}, undefined],
    [
      'a download its process let go',
      downloading({ state: 'retrying', problem: 'The download ended early (10 of 20 bytes announced arrived).' }),
      {},
      'paused: resumes when Asset Studio or the CLI runs; last attempt: The download ended early (10 of 20 bytes announced arrived)',
    ],
    ['a download whose process was killed', downloading({ holder: 4242 }), { holderAlive: false }, 'paused: resumes when Asset Studio or the CLI runs; last attempt: none yet'],
    ['a download in hand', downloading({ holder: 4242 }), {}, undefined],
    ['a download in hand, its process alive', downloading({ holder: 4242 }), { holderAlive: true }, undefined],
    ['a finished job', job({ state: 'success', asset: { state: 'ready', format: 'glb', attempts: 1 } }), {}, undefined],
    ['a job being sent', job({ state: 'submitting' }), {}, undefined],
  ])('%s', (_what, j, facts, expected) => {
    expect(waitReason(j, { now: NOW, ...facts })).toBe(expected);
  });

  it.each([
    [0, '0 s'],
    [400, '1 s'],
    [59_000, '59 s'],
    [60_000, '1 min 00 s'],
    [125_000, '2 min 05 s'],
  ])('%d ms reads %s', (ms, text) => expect(inSeconds(ms)).toBe(text));
});
