import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test/harness';
import { JobStore } from './job-store';
import { holderAlive, pidStartedAt, WorkClaims } from './work-claims';

const stores: JobStore[] = [];
function claimsIn(dataDir: string, kind: 'send' | 'download' = 'send'): { claims: WorkClaims; store: JobStore } {
  const store = new JobStore({ dataDir });
  store.load();
  stores.push(store);
  return { claims: new WorkClaims(() => store.db, kind), store };
}
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

/** A row as another process (live or gone) left it. */
function holdAs(store: JobStore, localId: string, pid: number, startedAt: number | null): void {
  store.db.prepare("INSERT INTO work_claims (local_id, kind, token, pid, pid_started_at, claimed_at) VALUES (?, 'send', ?, ?, ?, 0)").run(localId, `${pid}.beef`, pid, startedAt);
}

const DEAD_PID = 2147483646;
const LIVE_OTHER = process.ppid;

describe('work claims', () => {
  it.each([
    ['a dead holder, the record needs no more work (an old sent job)', DEAD_PID, false, true],
    ['a dead holder, the record still needs work (a killed send: made uncertain next)', DEAD_PID, true, false],
    ['a live other holder (the CLI finishing its send)', LIVE_OTHER, false, false],
    ['a live other holder, work needed', LIVE_OTHER, true, false],
  ])('sweep at start, %s → removed: %s', (_what, pid, needed, removed) => {
    const { claims, store } = claimsIn(tempDir('claims'));
    holdAs(store, 'job1', pid, pidStartedAt(pid) ?? null);
    expect(claims.sweep(() => needed)).toBe(removed ? 1 : 0);
    expect(claims.holder('job1') !== undefined).toBe(!removed);
  });

  it('one of two engines on one folder gets a claim; a dead holder’s claim is taken over; release frees it', () => {
    const dir = tempDir('claims-two');
    const a = claimsIn(dir).claims;
    const { claims: b, store } = claimsIn(dir);
    expect(a.claim('job1')).toBe(true);
    expect(a.claim('job1')).toBe(true);
    expect(b.claim('job1')).toBe(false);
    expect(b.heldByOther('job1')).toBe(true);
    a.release('job1');
    expect(b.claim('job1')).toBe(true);
    holdAs(store, 'job2', DEAD_PID, null);
    expect(a.heldByOther('job2')).toBe(false);
    expect(a.claim('job2')).toBe(true);
    expect(a.holder('job2')).toBe(a.token);
  });

  it('a live pid that started after the claim was taken is another program: the claim is taken over', () => {
    const { claims, store } = claimsIn(tempDir('claims-reused'));
    const start = pidStartedAt(LIVE_OTHER);
    holdAs(store, 'job1', LIVE_OTHER, start === undefined ? null : start - 1);
    // Where start times cannot be read (not Linux), a live pid still holds the claim.
    expect(claims.claim('job1')).toBe(start !== undefined);
  });

  it("removes this engine's own claim once its record needs nothing, and keeps the downloads' apart", () => {
    const dir = tempDir('claims-kinds');
    const sends = claimsIn(dir).claims;
    const downloads = claimsIn(dir, 'download').claims;
    expect(sends.claim('job1') && downloads.claim('job1')).toBe(true);
    expect(sends.sweep(() => false)).toBe(1);
    expect(downloads.holder('job1')).toBe(downloads.token);
  });

  it.each([
    ['a dead pid', DEAD_PID, null, false],
    ['this process, start time unknown', process.pid, null, true],
    ['this process with its start time', process.pid, pidStartedAt(process.pid) ?? null, true],
  ])('holderAlive: %s → %s', (_what, pid, startedAt, alive) => {
    expect(holderAlive(pid, startedAt)).toBe(alive);
  });
});
