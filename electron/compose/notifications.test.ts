import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobRecord } from '../../shared/domain/job';
import { jobRecord } from '../../shared/domain/test/job-record';
import type { EventName, PayloadOf } from '../../shared/ipc';
import type { Platform } from '../services/contracts';
import { finishedMoment, finishedNotice, groupedNotice, NOTIFY_GATHER_MS, notifyFinishedJobs } from './notifications';

function job(patch: Partial<JobRecord>): JobRecord {
  return jobRecord({ prompt: 'a red chair', ...patch });
}

describe('finishedMoment: which record is a job worth telling about', () => {
  it.each([
    ['queued', job({ state: 'queued' }), undefined],
    ['running', job({ state: 'running' }), undefined],
    ['success, file still downloading', job({ state: 'success', asset: { state: 'downloading', format: 'glb', attempts: 0 } }), undefined],
    ['success, file retrying', job({ state: 'success', asset: { state: 'retrying', format: 'glb', attempts: 2 } }), undefined],
    ['success, file ready', job({ state: 'success', asset: { state: 'ready', format: 'glb', attempts: 1 } }), 'success'],
    ['success, file unavailable', job({ state: 'success', asset: { state: 'unavailable', format: 'glb', attempts: 9 } }), 'success'],
    ['outcome unknown', job({ state: 'uncertain' }), 'uncertain'],
    ['upstream error', job({ state: 'error' }), 'failed'],
    ['refused on sending', job({ state: 'rejected' }), 'failed'],
    ['dismissed by the user', job({ state: 'dismissed' }), undefined],
  ] as const)('%s', (_what, record, expected) => {
    expect(finishedMoment(record)).toBe(expected);
  });
});

describe('finishedNotice: what the user reads', () => {
  it.each([
    ['success', job({ state: 'success', title: 'Chair' }), { level: 'success', title: 'Text to 3D finished', body: 'Chair' }],
    ['success without a title: the prompt', job({ state: 'success' }), { level: 'success', title: 'Text to 3D finished', body: 'a red chair' }],
    ['uncertain', job({ state: 'uncertain', problem: { message: 'No answer.' } }), { level: 'warning', title: 'Text to 3D: outcome unknown', body: 'No answer.' }],
    ['failed', job({ state: 'error', problem: { message: 'Mesh failed.' } }), { level: 'error', title: 'Text to 3D failed', body: 'Mesh failed.' }],
  ] as const)('%s', (_what, record, expected) => {
    const notice = finishedNotice(record, finishedMoment({ ...record, asset: { state: 'ready', format: 'glb', attempts: 1 } })!);
    expect(notice).toMatchObject({ ...expected, id: `job-job-abc123-${record.state}`, localId: 'job-abc123' });
  });

  it('an asset that ended unavailable is told as such, with the reason, not as finished', () => {
    const record = job({ state: 'success', asset: { state: 'unavailable', format: 'glb', attempts: 3, failure: 'invalid', problem: 'Asset unavailable: Not a GLB (an HTML or XML page).' } });
    expect(finishedNotice(record, finishedMoment(record)!)).toMatchObject({ level: 'error', title: 'Text to 3D: asset unavailable', body: 'Asset unavailable: Not a GLB (an HTML or XML page).' });
  });
});

/** An engine that only reports changes, a platform whose focus and notifications the test sets. */
function rig(options: { focused: boolean; notifies: boolean; existing?: JobRecord[]; working?: JobRecord[] }) {
  const listeners = new Set<(job: JobRecord) => void>();
  const engine = {
    list: () => options.existing ?? [],
    ...(options.working ? { working: () => options.working! } : {}),
    onChange: (l: (job: JobRecord) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  const system: string[] = [];
  const bodies: string[] = [];
  const toasts: PayloadOf<'app:toast'>[] = [];
  const platform: Platform = {
    shell: 'electron',
    notify: (title, body) => {
      if (options.notifies) {
        system.push(title);
        bodies.push(body);
      }
      return options.notifies;
    },
    revealInFolder: async () => false,
    isFocused: () => options.focused,
  };
  const events = { emit: <K extends EventName>(name: K, payload: PayloadOf<K>) => void (name === 'app:toast' && toasts.push(payload as PayloadOf<'app:toast'>)) };
  const stop = notifyFinishedJobs(engine, platform, events);
  const change = (record: JobRecord) => listeners.forEach((l) => l(record));
  return { change, stop, system, bodies, toasts, listeners };
}

const ready = { state: 'ready', format: 'glb', attempts: 1 } as const;

describe('groupedNotice: ends told together', () => {
  const ok = (body: string) => ({ id: body, level: 'success' as const, title: 'Text to 3D finished', body });
  const bad = (body: string) => ({ id: body, level: 'error' as const, title: 'Text to 3D failed', body });
  it.each([
    ['one end keeps its own words', [ok('Chair')], { title: 'Text to 3D finished', body: 'Chair' }],
    ['three takes of a set', [ok('Chair'), ok('Chair'), ok('Chair')], { title: '3 jobs finished', body: 'Chair · Chair · Chair' }],
    ['a batch wave with a failure', [ok('Totem'), bad('Mesh failed.'), ok('Lamp'), ok('Crate'), ok('Barrel')], { title: '5 jobs ended: 4 finished, 1 failed', body: 'Totem · Mesh failed. · Lamp and 2 more' }],
  ] as const)('%s', (_what, notices, expected) => {
    expect(groupedNotice(notices)).toEqual(expected);
  });
});

describe('notifyFinishedJobs: the subscriber the composition root attaches', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells a focused window once, with a toast, when the file is ready, however often the record changes after', () => {
    const r = rig({ focused: true, notifies: true });
    r.change(job({ state: 'running' }));
    r.change(job({ state: 'success', asset: { state: 'downloading', format: 'glb', attempts: 0 } }));
    expect(r.toasts).toHaveLength(0);
    r.change(job({ state: 'success', asset: ready }));
    r.change(job({ state: 'success', asset: { ...ready, hasThumbnail: true } }));
    expect(r.toasts.map((t) => t.title)).toEqual(['Text to 3D finished']);
    expect(r.system).toEqual([]);
  });

  it('uses a system notification when the window is in the background, and a toast when the shell has none', () => {
    const withSystem = rig({ focused: false, notifies: true });
    withSystem.change(job({ state: 'error', problem: { message: 'Mesh failed.' } }));
    vi.advanceTimersByTime(NOTIFY_GATHER_MS);
    expect(withSystem.system).toEqual(['Text to 3D failed']);
    expect(withSystem.toasts).toEqual([]);

    const headless = rig({ focused: false, notifies: false });
    headless.change(job({ state: 'error', problem: { message: 'Mesh failed.' } }));
    vi.advanceTimersByTime(NOTIFY_GATHER_MS);
    expect(headless.toasts.map((t) => t.body)).toEqual(['Mesh failed.']);
  });

  it('in the background, a batch of ends makes one system notification, not one each', () => {
    const r = rig({ focused: false, notifies: true });
    for (const [i, prompt] of ['a totem', 'a lamp', 'a crate', 'a barrel'].entries()) r.change(job({ localId: `job-b${i}0000`, prompt, state: 'success', asset: ready }));
    expect(r.system).toEqual([]);
    vi.advanceTimersByTime(NOTIFY_GATHER_MS);
    expect(r.system).toEqual(['4 jobs finished']);
    expect(r.bodies).toEqual(['a totem · a lamp · a crate and 1 more']);
    r.change(job({ localId: 'job-b90000', state: 'success', asset: ready }));
    vi.advanceTimersByTime(NOTIFY_GATHER_MS);
    expect(r.system).toEqual(['4 jobs finished', 'Text to 3D finished']);
  });

  it('stays silent about jobs that had already ended when it subscribed, and tells a download retried to the end again', () => {
    const done = job({ state: 'success', asset: { state: 'unavailable', format: 'glb', attempts: 9 } });
    const r = rig({ focused: true, notifies: false, existing: [done] });
    r.change(done);
    expect(r.toasts).toHaveLength(0);
    r.change(job({ state: 'success', asset: { state: 'downloading', format: 'glb', attempts: 0 } }));
    r.change(job({ state: 'success', asset: ready }));
    expect(r.toasts).toHaveLength(1);
  });

  it('with the engine answering only the jobs not yet ended: the others stay silent, a job still running or made since is told', () => {
    vi.setSystemTime(Date.parse('2026-11-27T12:00:00.000Z'));
    const before = '2026-11-27T11:00:00.000Z';
    const after = '2026-11-27T12:00:05.000Z';
    const ended = job({ localId: 'ended-before', createdAt: before, state: 'success', asset: ready });
    const running = job({ localId: 'running-at-start', createdAt: before, state: 'running' });
    const r = rig({ focused: true, notifies: false, working: [running] });
    // A job ended before the start changes (removed from the history, a thumbnail saved): not told again.
    r.change({ ...ended, hidden: true });
    expect(r.toasts).toHaveLength(0);
    r.change({ ...running, state: 'success', asset: ready });
    // Made by the CLI after the start and read in only at its end: told.
    r.change(job({ localId: 'made-since', createdAt: after, state: 'error', problem: { message: 'Mesh failed.' } }));
    expect(r.toasts).toHaveLength(2);
    // A download of the job ended before the start, retried to the end: told again.
    r.change({ ...ended, asset: { state: 'downloading', format: 'glb', attempts: 0 } });
    r.change(ended);
    expect(r.toasts).toHaveLength(3);
  });

  it('stops when unsubscribed', () => {
    const r = rig({ focused: true, notifies: false });
    r.stop();
    expect(r.listeners.size).toBe(0);
  });
});
