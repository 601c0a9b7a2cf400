/**
 * The job store: records as rows shared by processes, each write applied to
 * the row as the database has it, other processes' changes reported once,
 * only the records being worked on held in memory, and writes the disk
 * refuses reported in plain words with nothing changed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../../shared/domain/job';
import { tempDir } from '../test/harness';
import { JobStore } from './job-store';
import { estimateSpend } from '../../../../shared/domain/spend';
import { queuedRecord, sampleRecord } from './test/records';
import { LedgerWriteError } from './write-errors';

const open: JobStore[] = [];
function storeIn(dataDir: string): JobStore {
  const s = new JobStore({ dataDir });
  s.load();
  open.push(s);
  return s;
}
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

describe('job store', () => {
  it('reads for the spend figures only the jobs sent and made since a week before the period, by the creation-time index', () => {
    const store = storeIn(tempDir('store-charged'));
    const day = (d: number) => new Date(Date.UTC(2026, 10, 27) - d * 86_400_000).toISOString();
    store.putMany([
      { ...sampleRecord(1), createdAt: day(40) },
      { ...sampleRecord(2), createdAt: day(12) },
      { ...sampleRecord(3), createdAt: day(2) },
      { ...queuedRecord(4), createdAt: day(1) },
    ]);
    // Period from 7 days ago: a job made 12 days ago may have waited in the queue and been sent within it; one made 40 days ago not.
    expect(store.chargedSince(day(7)).map((r) => r.localId).sort()).toEqual([sampleRecord(2).localId, sampleRecord(3).localId]);
  });

  it('gives the costs page the same estimate as the whole records from a few grouped entries, at any UTC offset', async () => {
    const store = storeIn(tempDir('store-spend'));
    const job = (n: number, extra: Partial<JobRecord>): JobRecord => ({ ...sampleRecord(n), ...extra });
    const records: JobRecord[] = [
      // Older records have no acceptedAt: charged at the send's time, or the record's.
      job(1, { acceptedAt: undefined, submittedAt: '2026-11-21T23:30:00.000Z' }),
      job(2, { acceptedAt: undefined, submittedAt: undefined, createdAt: '2026-11-21T22:10:00.000Z', hidden: true, kind: 'image-upload' }),
      job(3, { state: 'error', environmentId: 'prod', environmentName: 'Production', keyId: 'k9', keyName: 'Studio key' }),
      queuedRecord(4),
    ];
    // Sixty jobs over three days either side of midnight UTC, with and without the quads and high-poly surcharges.
    for (let i = 0; i < 60; i++) {
      const at = new Date(Date.UTC(2026, 10, 20 + (i % 3), 23, 0) + (i % 4) * 30 * 60_000).toISOString();
      records.push(job(10 + i, { acceptedAt: at, request: { prompt: `prop ${i}`, topology: i % 2 ? 'quads' : 'triangle', targetFaceCount: i % 5 ? 30_000 : 200_000 } }));
    }
    store.putMany(records);
    const whole = store.all();
    const cards = { sandbox: { perKind: { 'text-to-3d': 20, 'image-upload': 5 }, quads: 5, highFaceCount: 10 }, prod: undefined };
    for (const offset of [0, 60, -300, 330]) {
      const dayOf = (iso: string) => new Date(Date.parse(iso) + offset * 60_000).toISOString().slice(0, 10);
      const ledger = await store.spendLedger(offset);
      expect(estimateSpend(ledger, cards, dayOf), `at UTC${offset >= 0 ? '+' : ''}${offset / 60}`).toEqual(estimateSpend(whole, cards, dayOf));
      expect(ledger.length).toBeLessThan(30);
    }
    const totals = estimateSpend(await store.spendLedger(0), cards).map((k) => k.total);
    expect(totals.reduce((a, t) => a + t.jobs, 0)).toBe(63);
    // Read on a thread with its own connection: a job accepted a moment ago is already counted.
    store.putMany([job(200, { acceptedAt: '2026-11-22T10:00:00.000Z', request: { prompt: 'late prop' } })]);
    const after = estimateSpend(await store.spendLedger(0), cards).map((k) => k.total);
    expect(after.reduce((a, t) => a + t.jobs, 0)).toBe(64);
  });

  it("gives the history's window: the newest records, without those removed from the history unless asked, and how many there are in all", () => {
    const store = storeIn(tempDir('store-newest'));
    store.putMany(Array.from({ length: 30 }, (_, i) => ({ ...sampleRecord(i + 1), ...(i % 10 === 9 ? { hidden: true } : {}) })));
    const shown = store.newest({ includeHidden: false, limit: 5 });
    expect(shown.total).toBe(27);
    expect(shown.records.map((r) => r.title)).toEqual(['Chest 29', 'Chest 28', 'Chest 27', 'Chest 26', 'Chest 25']);
    const all = store.newest({ includeHidden: true, limit: 2 });
    expect(all).toMatchObject({ total: 30, records: [{ title: 'Chest 30' }, { title: 'Chest 29' }] });
    // Removing from the history is a patch: the count follows it at once.
    store.patch(sampleRecord(29).localId, { hidden: true });
    expect(store.newest({ includeHidden: false, limit: 1 })).toMatchObject({ total: 26, records: [{ title: 'Chest 28' }] });
  });

  it("changes its revision with every change to its records, its own or another process's", () => {
    const dir = tempDir('store-revision');
    const a = storeIn(dir);
    const b = storeIn(dir);
    const start = a.revision;
    a.put(sampleRecord(1));
    const afterPut = a.revision;
    expect(afterPut).not.toBe(start);
    a.patch(sampleRecord(1).localId, { state: 'error' });
    expect(a.revision).not.toBe(afterPut);
    const unchanged = a.revision;
    a.get(sampleRecord(1).localId);
    a.all();
    expect(a.revision).toBe(unchanged);
    b.put(sampleRecord(2));
    expect(a.revision).not.toBe(unchanged);
    expect(a.refresh()).toEqual([sampleRecord(2).localId]);
  });

  it("reports another process's change once, also one read in by a check before sending, never its own", () => {
    const dir = tempDir('store-foreign');
    const cliSide = storeIn(dir);
    const shellSide = storeIn(dir);
    const job: JobRecord = { ...sampleRecord(1), state: 'pending', asset: undefined };
    cliSide.put(job);
    expect(shellSide.refresh()).toEqual([job.localId]);
    shellSide.patch(job.localId, { state: 'success' });
    cliSide.put(sampleRecord(2));
    expect(cliSide.refresh()).toEqual([job.localId]);
    expect(cliSide.get(job.localId)?.state).toBe('success');
    // A read made only to decide something does not swallow the change its listeners wait for.
    shellSide.patch(job.localId, { title: 'Barrel' });
    cliSide.readIn();
    expect(cliSide.get(job.localId)?.title).toBe('Barrel');
    expect(cliSide.refresh()).toEqual([job.localId]);
    expect(cliSide.refresh()).toEqual([]);
    cliSide.patch(sampleRecord(2).localId, { state: 'error' });
    expect(cliSide.refresh()).toEqual([]);
  });

  it("applies a patch to the record as the database has it (the app's retry bookkeeping after a CLI's cancel)", () => {
    // The CLI cancels a queued job; the app, not having read that yet, records its next retry. The retry's patch
    // lands on the cancelled record: the cancel is never undone (the app would have sent the job).
    const dir = tempDir('store-patch-fresh');
    const app = storeIn(dir);
    const cli = storeIn(dir);
    const job = queuedRecord(1);
    app.put(job);
    cli.patch(job.localId, { state: 'dismissed', queue: undefined });
    expect(app.get(job.localId)?.state).toBe('queued');
    const returned = app.patch(job.localId, { problem: { message: 'Cannot reach the service.' } });
    expect(returned).toMatchObject({ state: 'dismissed', problem: { message: 'Cannot reach the service.' } });
    expect('queue' in returned).toBe(false);
    expect(storeIn(dir).get(job.localId)).toEqual(returned);
    // Reported to the app: the cancel came from elsewhere.
    expect(app.refresh()).toEqual([job.localId]);
  });

  it('keeps puts and patches across a reopen, and a patch that removes a field', () => {
    const dir = tempDir('store-reopen');
    const a = storeIn(dir);
    a.put(queuedRecord(1), true);
    a.patch('rec00000001', { state: 'pending', jobId: 'j-1', queue: undefined }, true);
    a.close();
    const rec = storeIn(dir).get('rec00000001')!;
    expect(rec.state).toBe('pending');
    expect(rec.jobId).toBe('j-1');
    expect('queue' in rec).toBe(false);
  });

  it('holds in memory only the records being worked on, and reads the rest from the database', () => {
    const dir = tempDir('store-working');
    const a = storeIn(dir);
    for (let i = 0; i < 50; i++) a.put(sampleRecord(i));
    a.put(queuedRecord(100));
    a.put({ ...sampleRecord(101), asset: { state: 'retrying', format: 'glb', attempts: 2 } });
    a.close();
    const b = storeIn(dir);
    expect(b.workingSet().map((r) => r.localId).sort()).toEqual(['rec00000100', 'rec00000101']);
    expect(b.size).toBe(52);
    expect(b.get(sampleRecord(7).localId)).toEqual(sampleRecord(7));
    expect(b.byJobId(sampleRecord(9).jobId!)?.localId).toBe(sampleRecord(9).localId);
    expect(b.finishedOfKind('text-to-3d', 3).map((r) => r.localId)).toEqual(['rec00000101', 'rec00000049', 'rec00000048']);
    // Sent and finished: it leaves memory; a finished one retried comes back.
    b.patch('rec00000100', { state: 'dismissed' });
    b.patch(sampleRecord(3).localId, { asset: { state: 'downloading', format: 'glb', attempts: 0 } });
    expect(b.workingSet().map((r) => r.localId).sort()).toEqual([sampleRecord(3).localId, 'rec00000101']);
  });

  it('answers the refusals for credits without reading the rest of the history', () => {
    const s = storeIn(tempDir('store-states'));
    s.put(sampleRecord(1));
    s.put(queuedRecord(2));
    s.put({ ...queuedRecord(3), state: 'rejected', problem: { status: 402, message: 'Not enough credits.', credits: { available: 5, required: 20 } } });
    s.put({ ...queuedRecord(4), state: 'rejected', problem: { status: 403, message: 'Forbidden.' } });
    expect(s.refusedForCredits().map((r) => r.localId)).toEqual(['rec00000003']);
  });

  it("answers a batch's jobs, the jobs a request may repeat, and an image's uploads by index, and follows patches", () => {
    const s = storeIn(tempDir('store-lookups'));
    const upload = (i: number, sha256: string): JobRecord => ({
      ...sampleRecord(i),
      kind: 'image-upload',
      request: { file: { name: 'chair.png', sha256, size: 10, mime: 'image/png', path: '/staging/x' } },
    });
    s.putMany([
      { ...sampleRecord(1), batchId: 'b_one' },
      { ...sampleRecord(2), batchId: 'b_two' },
      { ...sampleRecord(3), batchId: 'b_one', hidden: true },
      { ...sampleRecord(4), request: { prompt: sampleRecord(1).request.prompt, textureResolution: '1k' } },
      upload(5, 'aaa'),
      upload(6, 'bbb'),
    ]);
    const ids = (records: JobRecord[]) => records.map((r) => r.localId).sort();
    expect(ids(s.ofBatch('b_one'))).toEqual(['rec00000001', 'rec00000003']);
    expect(ids(s.ofKindAndPrompt('text-to-3d', sampleRecord(1).request.prompt as string))).toEqual(['rec00000001', 'rec00000004']);
    expect(ids(s.ofKindAndPrompt('image-to-3d', sampleRecord(1).request.prompt as string))).toEqual([]);
    expect(ids(s.ofKindAndPrompt('image-upload', undefined))).toEqual(['rec00000005', 'rec00000006']);
    expect(ids(s.uploadsOf('bbb'))).toEqual(['rec00000006']);
    s.patch('rec00000002', { batchId: 'b_one' });
    expect(ids(s.ofBatch('b_one'))).toEqual(['rec00000001', 'rec00000002', 'rec00000003']);
    const plan = (sql: string) => (s.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' ');
    expect(plan("SELECT record FROM jobs WHERE batch_id = 'b'")).toMatch(/USING INDEX jobs_batch/);
    expect(plan("SELECT record FROM jobs WHERE kind = 'text-to-3d' AND prompt = 'p'")).toMatch(/USING INDEX jobs_kind_prompt/);
    expect(plan("SELECT record FROM jobs WHERE file_sha256 = 'x' AND kind = 'image-upload'")).toMatch(/USING INDEX jobs_file_sha256|USING INDEX jobs_kind/);
  });

  it('writes under triggers that replace rows of their own (the library follows this table that way)', () => {
    // The conflict clause of the statement that fires a trigger overrides the trigger body's: an upsert here made
    // the library's INSERT OR REPLACE fail with a UNIQUE error, and the engine's write of that job with it.
    const s = storeIn(tempDir('store-triggers'));
    s.db.exec(`CREATE TABLE follower (local_id TEXT PRIMARY KEY, state TEXT);
      CREATE TRIGGER follower_insert AFTER INSERT ON jobs BEGIN INSERT OR REPLACE INTO follower VALUES (NEW.local_id, NEW.state); END;
      CREATE TRIGGER follower_update AFTER UPDATE ON jobs BEGIN INSERT OR REPLACE INTO follower VALUES (NEW.local_id, NEW.state); END;`);
    s.put(queuedRecord(1));
    s.put({ ...queuedRecord(1), title: 'again' });
    s.patch('rec00000001', { state: 'dismissed' }, true);
    s.putMany([sampleRecord(1), sampleRecord(2)]);
    expect(s.db.prepare('SELECT local_id, state FROM follower ORDER BY local_id').all().map((r) => ({ ...r }))).toEqual([
      { local_id: 'rec00000001', state: 'success' },
      { local_id: 'rec00000002', state: 'success' },
    ]);
  });

  it('loads 10,000 records well under a second, holding none of the finished ones', () => {
    const dir = tempDir('store-10k');
    const a = storeIn(dir);
    for (let i = 0; i < 10_000; i++) a.put(sampleRecord(i));
    a.close();
    const reopened = new JobStore({ dataDir: dir });
    open.push(reopened);
    // CPU time, not wall time: other test files share the machine's cores.
    const cpu = process.cpuUsage();
    const report = reopened.load();
    const used = process.cpuUsage(cpu);
    expect(report).toMatchObject({ records: 10_000, working: 0 });
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
  });

  it.each([
    ['SQLITE_FULL', (s: JobStore) => s.db.exec(`PRAGMA max_page_count = ${(s.db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count}`), /the disk is full/],
    ['SQLITE_READONLY', (s: JobStore) => s.db.exec('PRAGMA query_only = 1'), /the data folder cannot be written/],
  ] as const)('%s: a refused write throws a plain LedgerWriteError and changes nothing', (_code, refuse, plain) => {
    const dir = tempDir('store-refused');
    const s = storeIn(dir);
    for (let i = 0; i < 3; i++) s.put(queuedRecord(i), true);
    refuse(s);
    const big = { ...queuedRecord(9), prompt: 'x'.repeat(200_000) };
    expect(() => s.put(big, true)).toThrow(LedgerWriteError);
    expect(() => s.put(big, true)).toThrow(plain);
    expect(() => s.patch('rec00000001', { title: 'renamed'.repeat(50_000) })).toThrow(plain);
    expect(s.get('rec00000009')).toBeUndefined();
    expect(s.get('rec00000001')?.title).toBe('Chest 1');
    expect(storeIn(dir).get('rec00000001')?.title).toBe('Chest 1');
    expect(s.refresh()).toEqual([]);
  });
});
