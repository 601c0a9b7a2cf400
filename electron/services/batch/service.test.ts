import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNothingFor } from '../../../testkit/expect-nothing';
import type { Batch, StagedFile } from '../../../shared/ipc';
import { sha256File } from './check-row';
import { BatchService } from './service';
import { REPORT_CSV, REPORT_JSON } from './output';
import { FakeEngine, type FakeEngineOptions } from './test/fake-engine';

const cleanup: (() => Promise<void> | void)[] = [];
const dirs: string[] = [];
afterEach(async () => {
  // Services first (their last writes land), then their folders.
  for (const fn of cleanup.splice(0).reverse()) await fn();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `batch-${name}-`));
  dirs.push(dir);
  return dir;
}

async function setup(
  engineOptions: Partial<FakeEngineOptions> = {},
  dataDir = tempDir('data'),
  engine?: FakeEngine,
  extra: Partial<ConstructorParameters<typeof BatchService>[0]> = {},
) {
  const eng = engine ?? new FakeEngine({ dir: path.join(dataDir, 'assets'), ...engineOptions });
  await eng.start();
  const events: Batch[] = [];
  const service = new BatchService({ dataDir, engine: eng, events: { emit: (_n, p) => events.push(p as Batch) }, settleMs: 5, ...extra });
  await service.init();
  cleanup.push(async () => {
    await service.dispose();
    await eng.stop();
  });
  return { engine: eng, service, dataDir, events };
}

function writeList(lines: string[], name = 'props.csv'): string {
  const dir = tempDir('list');
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

const twelveRows = [
  'kind,prompt,targetFaceCount,textureResolution',
  ...Array.from({ length: 10 }, (_, i) => `text-to-3d,prop number ${i + 1},${1000 + i},512`),
  'text-to-3d,a broken row,-5,512',
  'text-to-3d,another broken row,100,3k',
];

/** Waits for a condition the batch service reaches on its own (vitest polls it). */
function until<T>(fn: () => T | undefined | false, timeout = 10_000): Promise<T> {
  return vi.waitFor(
    () => {
      const v = fn();
      if (!v) throw new Error('condition not met in time');
      return v;
    },
    { timeout, interval: 10 },
  );
}

function value<T>(r: { ok: true; value: T } | { ok: false; problem: { message: string } }): T {
  if (!r.ok) throw new Error(r.problem.message);
  return r.value;
}

describe('BatchService', () => {
  it('shows invalid rows with their problems, sends only fixed and valid rows, and writes assets and the report', async () => {
    const { service, engine } = await setup();
    const list = writeList(twelveRows);
    let batch = value(await service.import({ path: list }));
    expect(batch.counts).toMatchObject({ total: 12, invalid: 2, queued: 10 });
    expect(batch.rows[10]!.problems.map((p) => p.field)).toEqual(['targetFaceCount']);
    expect(batch.rows[11]!.problems.map((p) => p.field)).toEqual(['textureResolution']);

    batch = value(await service.updateRow({ batchId: batch.id, row: 11, fields: { prompt: 'a fixed row', targetFaceCount: '500', textureResolution: '512' } }));
    expect(batch.rows[10]!.state).toBe('ready');
    batch = value(await service.updateRow({ batchId: batch.id, row: 12, skip: true }));
    expect(batch.rows[11]!.state).toBe('skipped');

    const out = tempDir('out');
    value(await service.start({ batchId: batch.id, outDir: out }));
    const done = await until(() => {
      const b = value(service.get(batch.id));
      return b.state === 'finished' && b;
    });
    expect(done.counts).toMatchObject({ done: 11, skipped: 1, failed: 0 });
    expect(engine.sent).toHaveLength(11);
    expect(new Set(engine.sent).size).toBe(11);
    expect(engine.maxActive).toBeLessThanOrEqual(5);
    // The fixed row was sent with its coerced values.
    const fixed = engine.get(done.rows[10]!.localId!)!;
    expect(fixed.request).toMatchObject({ prompt: 'a fixed row', targetFaceCount: 500 });

    const files = fs.readdirSync(out).filter((f) => f.endsWith('.glb'));
    expect(files).toHaveLength(11);
    await until(() => fs.existsSync(path.join(out, REPORT_JSON)) && JSON.parse(fs.readFileSync(path.join(out, REPORT_JSON), 'utf8')).filter((l: { status: string }) => l.status === 'done').length === 11);
    const report = JSON.parse(fs.readFileSync(path.join(out, REPORT_JSON), 'utf8')) as { row: number; jobId: string; status: string; file: string }[];
    expect(report).toHaveLength(12);
    expect(report[11]).toMatchObject({ row: 12, status: 'skipped', jobId: '' });
    expect(files).toContain(report[0]!.file);
    const csv = fs.readFileSync(path.join(out, REPORT_CSV), 'utf8').trim().split(/\r\n/);
    expect(csv[0]).toBe('row,job id,status,file,error');
    expect(csv).toHaveLength(13);
  });

  it('says finished only once its folder is whole: the reports on disk already name every row done, no write under way', async () => {
    const out = tempDir('out');
    // What the folder holds at the moment each change is told (a script may copy or clear it on "finished").
    const seen: { state: string; done: number; temps: string[] }[] = [];
    const look = (b: Batch) => {
      const report = path.join(out, REPORT_JSON);
      const lines = fs.existsSync(report) ? (JSON.parse(fs.readFileSync(report, 'utf8')) as { status: string }[]) : [];
      seen.push({ state: b.state, done: lines.filter((l) => l.status === 'done').length, temps: fs.readdirSync(out).filter((f) => f.endsWith('.tmp')) });
    };
    const { service } = await setup({ jobMs: 5 }, undefined, undefined, { events: { emit: (_n, p) => look(p as Batch) } });
    const batch = value(await service.import({ path: writeList(['prompt', ...Array.from({ length: 6 }, (_, i) => `stool ${i}`)]), kind: 'text-to-3d' }));
    value(await service.start({ batchId: batch.id, outDir: out }));
    await until(() => value(service.get(batch.id)).state === 'finished');
    await until(() => seen.some((s) => s.state === 'finished'));
    expect(seen.find((s) => s.state === 'finished')).toEqual({ state: 'finished', done: 6, temps: [] });
  });

  it('pauses (nothing new is sent) and resumes', async () => {
    const { service, engine } = await setup({ jobMs: 60 });
    const list = writeList(['prompt', ...Array.from({ length: 15 }, (_, i) => `thing ${i}`)]);
    const batch = value(await service.import({ path: list, kind: 'text-to-3d' }));
    value(await service.start({ batchId: batch.id, outDir: tempDir('out') }));
    await until(() => engine.sent.length >= 5);
    value(await service.pause(batch.id));
    const sentAtPause = engine.sent.length;
    await expectNothingFor(250, 'row sent while paused', () => engine.sent.length !== sentAtPause);
    const paused = value(service.get(batch.id));
    expect(paused.state).toBe('paused');
    expect(paused.counts.queued).toBe(15 - sentAtPause);
    value(await service.resume(batch.id));
    const done = await until(() => value(service.get(batch.id)).state === 'finished' && value(service.get(batch.id)));
    expect(done.counts.done).toBe(15);
    expect(new Set(engine.sent).size).toBe(15);
  });

  it('a 402 mid-batch pauses it with the balance and every unsent row still queued; resuming after a top-up finishes it', async () => {
    const { service, engine } = await setup({ credits: 4, jobMs: 10 });
    const list = writeList(['prompt', ...Array.from({ length: 10 }, (_, i) => `crate ${i}`)]);
    const batch = value(await service.import({ path: list, kind: 'text-to-3d' }));
    value(await service.start({ batchId: batch.id, outDir: tempDir('out') }));
    const paused = await until(() => {
      const b = value(service.get(batch.id));
      return b.state === 'paused' && b.counts.done === 4 && b;
    });
    expect(paused.pauseReason).toBe('credits');
    expect(paused.credits).toEqual({ required: 1, available: 0 });
    expect(paused.counts).toMatchObject({ done: 4, queued: 6, failed: 0, running: 0 });
    expect(engine.sent).toHaveLength(4);
    expect(paused.rows.filter((r) => r.state === 'queued').every((r) => engine.get(r.localId!)?.state === 'queued')).toBe(true);

    engine.credits = 100;
    value(await service.resume(batch.id));
    const done = await until(() => value(service.get(batch.id)).state === 'finished' && value(service.get(batch.id)));
    expect(done.counts.done).toBe(10);
    expect(new Set(engine.sent).size).toBe(10);
  });

  it('continues after a restart without sending any row twice', async () => {
    const dataDir = tempDir('data');
    const engine = new FakeEngine({ dir: path.join(dataDir, 'assets'), jobMs: 40 });
    const first = await setup({}, dataDir, engine);
    const list = writeList(['prompt', ...Array.from({ length: 20 }, (_, i) => `barrel ${i}`)]);
    const batch = value(await first.service.import({ path: list, kind: 'text-to-3d' }));
    const out = tempDir('out');
    value(await first.service.start({ batchId: batch.id, outDir: out }));
    await until(() => engine.sent.length >= 7 && value(first.service.get(batch.id)).rows.every((r) => r.localId));
    // The process dies: nothing more is sent until the restart.
    await engine.stop();
    await first.service.dispose();

    // Simulate a crash between the engine's durable intent and the batch file's write: the
    // last row's record exists (held, never sent) but the batch file does not name it.
    engine.setHeld(batch.id, true);
    const file = path.join(dataDir, 'batches', `${batch.id}.json`);
    const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
    const last = saved.rows[19];
    const unrecorded = engine.get(last.localId)!;
    expect(unrecorded.state).toBe('queued');
    delete last.localId;
    last.state = 'ready';
    fs.writeFileSync(file, JSON.stringify(saved));

    const second = await setup({}, dataDir, engine);
    const done = await until(() => value(second.service.get(batch.id)).state === 'finished' && value(second.service.get(batch.id)), 15_000);
    expect(done.counts.done).toBe(20);
    expect(engine.sent).toHaveLength(20);
    expect(new Set(engine.sent).size).toBe(20);
    expect(done.rows[19]!.localId).toBe(unrecorded.localId);
    expect(fs.readdirSync(out).filter((f) => f.endsWith('.glb'))).toHaveLength(20);
  });

  it('flags a row identical to a ledger job; reuse exports the earlier result, generate sends it again', async () => {
    const { service, engine } = await setup();
    const earlier = engine.seed({ kind: 'text-to-3d', request: { prompt: 'a red chair', textureResolution: 'auto' } });
    const list = writeList(['kind,prompt', 'text-to-3d,a red chair', 'text-to-3d,a red chair', 'text-to-3d,a blue chair']);
    let batch = value(await service.import({ path: list }));
    expect(batch.rows[0]!.duplicateOf?.localId).toBe(earlier.localId);
    expect(batch.rows[1]!.duplicateOf?.localId).toBe(earlier.localId);
    expect(batch.rows[2]!.duplicateOf).toBeUndefined();
    batch = value(await service.updateRow({ batchId: batch.id, row: 2, duplicateChoice: 'generate' }));
    const out = tempDir('out');
    value(await service.start({ batchId: batch.id, outDir: out }));
    const done = await until(() => value(service.get(batch.id)).state === 'finished' && value(service.get(batch.id)));
    expect(done.counts.done).toBe(3);
    expect(engine.sent).toHaveLength(2);
    expect(done.rows[0]!.jobId).toBe(earlier.jobId);
    expect(fs.readFileSync(path.join(out, done.rows[0]!.file!), 'utf8')).toBe('glTF-old');
  });

  it('estimates the time left from finished rows and the slots in use', async () => {
    const { service } = await setup({ jobMs: 50 });
    const list = writeList(['prompt', ...Array.from({ length: 20 }, (_, i) => `vase ${i}`)]);
    const batch = value(await service.import({ path: list, kind: 'text-to-3d' }));
    value(await service.start({ batchId: batch.id, outDir: tempDir('out') }));
    const mid = await until(() => {
      const b = value(service.get(batch.id));
      return b.state === 'running' && b.counts.done >= 5 && b.counts.done <= 10 && b.estimateMs !== undefined && b;
    });
    const remaining = mid.counts.queued + mid.counts.running;
    // At least one round of 5 jobs of ~50 ms each remains; never more than one job-length per remaining row.
    expect(mid.estimateMs!).toBeGreaterThanOrEqual(40);
    expect(mid.estimateMs!).toBeLessThanOrEqual(remaining * 1000);
    const end = await until(() => value(service.get(batch.id)).state === 'finished' && value(service.get(batch.id)));
    expect(end.estimateMs).toBe(0);
  });

  it('stages file fields from paths relative to a JSON list, and flags a repeat of a ledger job by file contents', async () => {
    const listDir = tempDir('imgs');
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#36a' } }).png().toFile(path.join(listDir, 'robot.png'));
    fs.copyFileSync(path.join(listDir, 'robot.png'), path.join(listDir, 'robot-copy.png'));
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#a63' } }).png().toFile(path.join(listDir, 'lamp.png'));
    const staged: string[] = [];
    const stagePath = async (p: string) => {
      staged.push(p);
      const file: StagedFile = { id: `stg_${staged.length}_abcdef`, name: path.basename(p), size: fs.statSync(p).size, sha256: await sha256File(p), format: 'png', kind: 'image', mime: 'image/png' };
      return { ok: true as const, value: file };
    };
    const { service, engine } = await setup({}, undefined, undefined, { stagePath });
    // An earlier job made from the same image bytes (under another name).
    const earlier = engine.seed({ kind: 'image-to-3d', request: { file: { name: 'robot-copy.png', size: 1, sha256: await sha256File(path.join(listDir, 'robot-copy.png')), mime: 'image/png', path: '/x' } } });
    const list = path.join(listDir, 'list.json');
    fs.writeFileSync(list, JSON.stringify([{ kind: 'image-to-3d', file: 'robot.png' }, { kind: 'image-to-3d', file: 'lamp.png', textureResolution: '512' }]));
    let batch = value(await service.import({ path: list }));
    expect(batch.rows[0]!.duplicateOf?.localId).toBe(earlier.localId);
    expect(batch.rows[1]!.duplicateOf).toBeUndefined();
    batch = value(await service.updateRow({ batchId: batch.id, row: 1, duplicateChoice: 'generate' }));
    value(await service.start({ batchId: batch.id, outDir: tempDir('out') }));
    const done = await until(() => value(service.get(batch.id)).state === 'finished' && value(service.get(batch.id)));
    expect(done.counts.done).toBe(2);
    expect(staged).toEqual([path.join(listDir, 'robot.png'), path.join(listDir, 'lamp.png')]);
    expect(engine.get(done.rows[1]!.localId!)!.request).toEqual({ file: { stagedFileId: 'stg_2_abcdef' }, textureResolution: '512' });
  });

  it('a file changed after the preview is not sent', async () => {
    const listDir = tempDir('imgs');
    const image = path.join(listDir, 'crate.png');
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a6' } }).png().toFile(image);
    const stagePath = async (p: string) => ({
      ok: true as const,
      value: { id: 'stg_changed_1', name: 'crate.png', size: 1, sha256: await sha256File(p), format: 'png', kind: 'image', mime: 'image/png' } as StagedFile,
    });
    const { service, engine } = await setup({}, undefined, undefined, { stagePath });
    fs.writeFileSync(path.join(listDir, 'list.csv'), 'kind,file\nimage-to-3d,crate.png\n');
    const batch = value(await service.import({ path: path.join(listDir, 'list.csv') }));
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } }).png().toFile(image);
    value(await service.start({ batchId: batch.id, outDir: tempDir('out') }));
    const done = await until(() => value(service.get(batch.id)).state === 'finished' && value(service.get(batch.id)));
    expect(done.rows[0]!.state).toBe('failed');
    expect(done.rows[0]!.error).toMatch(/changed since the list was checked/);
    expect(engine.sent).toHaveLength(0);
  });

  it('cancel stops sending; accepted jobs are followed to the end', async () => {
    const { service, engine } = await setup({ jobMs: 80 });
    const list = writeList(['prompt', ...Array.from({ length: 12 }, (_, i) => `rock ${i}`)]);
    const batch = value(await service.import({ path: list, kind: 'text-to-3d' }));
    value(await service.start({ batchId: batch.id, outDir: tempDir('out') }));
    await until(() => engine.sent.length >= 5);
    const cancelled = value(await service.cancel(batch.id));
    expect(['cancelling', 'cancelled']).toContain(cancelled.state);
    const end = await until(() => value(service.get(batch.id)).state === 'cancelled' && value(service.get(batch.id)));
    expect(end.counts.done).toBe(engine.sent.length);
    expect(end.counts.cancelled).toBe(12 - engine.sent.length);
    expect(end.counts.done + end.counts.cancelled).toBe(12);
  });

  it('a row the job engine refuses or the service fails is reported with its reason', async () => {
    const { service } = await setup({ failWord: 'cursed' });
    const list = writeList(['prompt', 'a cursed idol', 'REFUSE this', 'a fine vase']);
    const batch = value(await service.import({ path: list, kind: 'text-to-3d' }));
    const out = tempDir('out');
    value(await service.start({ batchId: batch.id, outDir: out }));
    const done = await until(() => value(service.get(batch.id)).state === 'finished' && value(service.get(batch.id)));
    expect(done.rows.map((r) => r.state)).toEqual(['failed', 'failed', 'done']);
    expect(done.rows[0]!.error).toMatch(/could not generate/);
    expect(done.rows[1]!.error).toMatch(/refused/);
  });

  it('refuses to start a list with no valid row, and an unwritable output folder', async () => {
    const { service } = await setup();
    const bad = value(await service.import({ text: 'kind,prompt\ntext-to-3d,\n', name: 'x.csv' }));
    const res = await service.start({ batchId: bad.id, outDir: tempDir('out') });
    expect(res.ok).toBe(false);
    const good = value(await service.import({ text: 'kind,prompt\ntext-to-3d,a thing\n', name: 'x.csv' }));
    const file = path.join(tempDir('out'), 'a-file');
    fs.writeFileSync(file, '');
    const res2 = await service.start({ batchId: good.id, outDir: path.join(file, 'sub') });
    expect(res2.ok).toBe(false);
    expect(!res2.ok && res2.problem.message).toMatch(/cannot be written/);
  });
});
