/** The ledger: durable appends, torn lines, O(1) status changes, 10,000 records loading fast, compaction. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { JobRecord } from '../../../shared/domain/job';
import { Ledger } from './ledger';
import { tempDir } from './test/harness';

export function sampleRecord(i: number): JobRecord {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
  return {
    localId: `rec${String(i).padStart(8, '0')}`,
    kind: 'text-to-3d',
    state: 'success',
    jobId: `job-${i}-${'x'.repeat(24)}`,
    environmentId: 'env',
    environmentName: 'Sandbox',
    keyId: 'k0',
    keyName: 'Key 0',
    request: { prompt: `a carved wooden chest number ${i} with iron bands`, textureResolution: '2k' },
    title: `Chest ${i}`,
    prompt: `a carved wooden chest number ${i} with iron bands`,
    createdAt: at,
    updatedAt: at,
    fragments: [{ name: 'geometry', displayName: 'Geometry' }, { name: 'texture', displayName: 'Texture' }],
    genParams: { targetFaceCount: 0, textureResolution: '2k', topology: 'auto' },
    asset: { state: 'ready', format: 'glb', attempts: 1, bytes: 123456, sha256: 'ab'.repeat(32) },
  };
}

function ledgerIn(dir: string): Ledger {
  const l = new Ledger({ dir });
  l.load();
  return l;
}

describe('ledger', () => {
  it('changes its revision with every change to its records, its own or another process\'s', () => {
    const dir = tempDir('ledger-revision');
    const a = ledgerIn(dir);
    const b = ledgerIn(dir);
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
    // Another process (the CLI) writes: read in, the records changed, and so does the revision.
    b.refresh();
    b.put(sampleRecord(2));
    expect(a.refresh()).toEqual([sampleRecord(2).localId]);
    expect(a.revision).not.toBe(unchanged);
    a.close();
    b.close();
  });

  it("reports another process's change that it read in while writing its own line (the CLI batch beside the shell)", () => {
    // Two processes on one ledger: the shell finishes a job the CLI made; the CLI then writes a line of its own
    // before its next refresh. Appending reads the shell's lines in first; refresh must still report that job,
    // or the CLI's batch never hears that its row's job ended and never exits.
    const dir = tempDir('ledger-foreign-during-append');
    const cliSide = ledgerIn(dir);
    const shellSide = ledgerIn(dir);
    const job = { ...sampleRecord(1), state: 'pending' as const, asset: undefined };
    cliSide.put(job);
    shellSide.refresh();
    shellSide.patch(job.localId, { state: 'success' });
    cliSide.put(sampleRecord(2));
    expect(cliSide.get(job.localId)?.state).toBe('success');
    expect(cliSide.refresh()).toContain(job.localId);
    // A read made only to decide something (the submitter's check before sending) does not swallow a change.
    shellSide.patch(job.localId, { title: 'Barrel' });
    cliSide.readIn();
    expect(cliSide.get(job.localId)?.title).toBe('Barrel');
    expect(cliSide.refresh()).toContain(job.localId);
    // Reported once: the next refresh has nothing new.
    expect(cliSide.refresh()).toEqual([]);
    // Its own lines are never reported back to it.
    cliSide.patch(sampleRecord(2).localId, { state: 'error' });
    expect(cliSide.refresh()).toEqual([]);
    cliSide.close();
    shellSide.close();
  });

  it("keeps a line another process appends while it writes its own (a cancel from the CLI during the app's retry bookkeeping)", () => {
    // The app records a retry of a queued job; between its size check and its write, the CLI appends the cancel.
    // The file then holds the CLI's line, then the app's: the app must read the cancel, or it sends the job.
    const dir = tempDir('ledger-interleaved-append');
    const app = ledgerIn(dir);
    const cli = ledgerIn(dir);
    const job: JobRecord = { ...sampleRecord(1), state: 'queued', jobId: undefined, asset: undefined, queue: { reason: 'network', attempts: 1 } };
    app.put(job);
    cli.refresh();
    const write = fs.writeSync;
    let cliWrote = false;
    const spy = vi.spyOn(fs, 'writeSync').mockImplementation((...args: Parameters<typeof fs.writeSync>) => {
      if (!cliWrote) {
        cliWrote = true;
        cli.patch(job.localId, { state: 'dismissed', queue: undefined });
      }
      return (write as (...a: unknown[]) => number)(...args);
    });
    app.patch(job.localId, { queue: { reason: 'network', attempts: 2 } });
    spy.mockRestore();
    expect(cliWrote).toBe(true);
    expect(app.refresh()).toContain(job.localId);
    // File order: the cancel, then the retry's queue: memory agrees with a fresh load of the file.
    expect(app.get(job.localId)).toMatchObject({ state: 'dismissed', queue: { attempts: 2 } });
    expect(ledgerIn(dir).get(job.localId)).toEqual(app.get(job.localId));
    // Later lines still read whole, and the app's own line is not reported back to it.
    cli.patch(job.localId, { title: 'Crate' });
    expect(app.refresh()).toEqual([job.localId]);
    expect(app.get(job.localId)?.title).toBe('Crate');
    app.patch(job.localId, { title: 'Crate 2' });
    expect(app.refresh()).toEqual([]);
    app.close();
    cli.close();
  });

  it("applies its own patch on top of what it reads in while appending (the app's retry bookkeeping after a CLI's cancel)", () => {
    // The CLI cancels a queued job; the app, not having read that yet, records its next retry time. Appending reads
    // the cancel in first: the app's patch must land on the cancelled record, not on the queued one it last saw.
    const dir = tempDir('ledger-patch-after-read-in');
    const app = ledgerIn(dir);
    const cli = ledgerIn(dir);
    const job: JobRecord = { ...sampleRecord(1), state: 'queued', jobId: undefined, asset: undefined, queue: { reason: 'network', attempts: 1 } };
    app.put(job);
    cli.refresh();
    cli.patch(job.localId, { state: 'dismissed', queue: undefined });
    const returned = app.patch(job.localId, { problem: { message: 'Cannot reach the service.' } });
    expect(returned.state).toBe('dismissed');
    expect(app.get(job.localId)).toMatchObject({ state: 'dismissed', problem: { message: 'Cannot reach the service.' } });
    expect(app.get(job.localId)).toEqual(ledgerIn(dir).get(job.localId));
    app.close();
    cli.close();
  });

  it('keeps puts and patches across a reopen, and a patch that removes a field', () => {
    const dir = tempDir('ledger');
    const a = ledgerIn(dir);
    a.put({ ...sampleRecord(1), state: 'queued', queue: { reason: 'cap', attempts: 0 } }, true);
    a.patch('rec00000001', { state: 'pending', jobId: 'j-1', queue: undefined }, true);
    a.close();
    const b = ledgerIn(dir);
    const rec = b.get('rec00000001')!;
    expect(rec.state).toBe('pending');
    expect(rec.jobId).toBe('j-1');
    expect('queue' in rec).toBe(false);
    b.close();
  });

  it('costs one short appended line per status change, not a rewrite', () => {
    const dir = tempDir('ledger');
    const l = ledgerIn(dir);
    for (let i = 0; i < 500; i++) l.put(sampleRecord(i));
    const journal = path.join(dir, 'journal.jsonl');
    const before = fs.statSync(journal).size;
    l.patch('rec00000007', { state: 'error' });
    const grown = fs.statSync(journal).size - before;
    expect(grown).toBeGreaterThan(0);
    expect(grown).toBeLessThan(200);
    l.close();
  });

  it('loads after a torn last line and keeps later appends readable', () => {
    const dir = tempDir('ledger');
    const a = ledgerIn(dir);
    a.put(sampleRecord(1), true);
    a.close();
    // A kill in the middle of a write: half a line, no newline.
    fs.appendFileSync(path.join(dir, 'journal.jsonl'), '{"t":"patch","id":"rec00000001","p":{"sta');
    const b = new Ledger({ dir });
    const report = b.load();
    expect(report.records).toBe(1);
    // Set aside once, with a message, instead of being skipped on every load.
    expect(report.skipped).toBe(1);
    expect(report.setAside?.message).toMatch(/One line of the job history could not be read .* set aside in .*journal\.set-aside\.jsonl; every other job is kept\./);
    b.patch('rec00000001', { title: 'after the crash' }, true);
    b.close();
    const c = new Ledger({ dir });
    const again = c.load();
    expect(again.skipped).toBe(0);
    expect(again.setAside).toBeUndefined();
    expect(c.get('rec00000001')?.title).toBe('after the crash');
    c.close();
  });

  it('loads 10,000 records well under a second', () => {
    const dir = tempDir('ledger');
    const l = ledgerIn(dir);
    for (let i = 0; i < 10_000; i++) l.put(sampleRecord(i));
    for (let i = 0; i < 10_000; i += 3) l.patch(sampleRecord(i).localId, { hidden: true });
    l.close();
    const reopened = new Ledger({ dir });
    // CPU time, not wall time: other test files share the machine's cores.
    const cpu = process.cpuUsage();
    const report = reopened.load();
    const used = process.cpuUsage(cpu);
    expect(report.records).toBe(10_000);
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
    expect(reopened.get(sampleRecord(9999).localId)?.hidden).toBe(true);
    reopened.close();
  });

  it('compacts into a snapshot with the same records and a fresh journal', () => {
    const dir = tempDir('ledger');
    const l = ledgerIn(dir);
    for (let i = 0; i < 50; i++) l.put(sampleRecord(i));
    for (let i = 0; i < 50; i++) l.patch(sampleRecord(i).localId, { title: `renamed ${i}` });
    expect(l.compact()).toBe(true);
    expect(fs.statSync(path.join(dir, 'journal.jsonl')).size).toBe(0);
    l.patch(sampleRecord(3).localId, { state: 'error' });
    l.close();
    const r = ledgerIn(dir);
    expect(r.size).toBe(50);
    expect(r.get(sampleRecord(49).localId)?.title).toBe('renamed 49');
    expect(r.get(sampleRecord(3).localId)?.state).toBe('error');
    r.close();
  });
});
