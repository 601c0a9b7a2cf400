import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobRecord } from '../../shared/domain/job';
import { createEventHub } from '../services/event-hub';

const job = (localId: string, state: JobRecord['state']) => ({ localId, state }) as JobRecord;

describe('event hub', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('coalesces a burst of jobs:changed into one event with the latest record per job', () => {
    const hub = createEventHub({ coalesceMs: 100 });
    const received: { name: string; payload: unknown }[] = [];
    hub.subscribe((name, payload) => received.push({ name, payload }));

    for (let i = 0; i < 500; i++) hub.emit('jobs:changed', [job(`job-${i % 5}`, i < 495 ? 'pending' : 'running')]);
    hub.emit('jobs:changed', [job('job-0', 'success')]);
    expect(received).toHaveLength(0);

    vi.advanceTimersByTime(100);
    expect(received).toHaveLength(1);
    const batch = received[0]!.payload as JobRecord[];
    expect(batch.map((j) => j.localId)).toEqual(['job-0', 'job-1', 'job-2', 'job-3', 'job-4']);
    expect(batch.find((j) => j.localId === 'job-0')?.state).toBe('success');
    expect(batch.filter((j) => j.localId !== 'job-0').every((j) => j.state === 'running')).toBe(true);

    hub.emit('jobs:changed', [job('job-9', 'queued')]);
    vi.advanceTimersByTime(100);
    expect(received).toHaveLength(2);
  });

  it('delivers other events at once, and to every subscriber even if one throws', () => {
    const errors: unknown[] = [];
    const hub = createEventHub({ onListenerError: (_n, e) => errors.push(e) });
    const second = vi.fn();
    hub.subscribe(() => {
      throw new Error('broken shell');
    });
    hub.subscribe(second);
    hub.emit('app:toast', { id: 't1', level: 'info', title: 'Done' });
    expect(second).toHaveBeenCalledWith('app:toast', { id: 't1', level: 'info', title: 'Done' });
    expect(errors).toHaveLength(1);
  });

  it('stops delivering after unsubscribe, and dispose flushes what is pending', () => {
    const hub = createEventHub({ coalesceMs: 100 });
    const a = vi.fn();
    const b = vi.fn();
    const detachA = hub.subscribe(a);
    hub.subscribe(b);
    detachA();
    hub.emit('jobs:changed', [job('job-1', 'running')]);
    hub.dispose();
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledWith('jobs:changed', [job('job-1', 'running')]);
    hub.emit('app:toast', { id: 't2', level: 'info', title: 'late' });
    expect(b).toHaveBeenCalledTimes(1);
  });
});
