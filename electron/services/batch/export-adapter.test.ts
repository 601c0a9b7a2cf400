import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Batch } from '../../../shared/ipc';
import { setupExport } from '../export';
import { createHeadlessPlatform } from '../platform-headless';
import { makeGlb } from '../export/test-support';
import { exportServiceExporter } from './export-adapter';
import { REPORT_CSV, REPORT_JSON } from './output';
import { BatchService } from './service';
import { FakeEngine } from './test/fake-engine';

const dirs: string[] = [];
const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const d of disposers.splice(0)) await d();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true, maxRetries: 3 });
});
const temp = (name: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `batch-export-${name}-`));
  dirs.push(d);
  return d;
};

async function runBatch(outDir: string, onExporter?: (exporter: ReturnType<typeof setupExport>) => void): Promise<Batch> {
  const dataDir = temp('data');
  // Real GLBs: the export service checks what it exports.
  const engine = new FakeEngine({ dir: path.join(dataDir, 'assets'), assetBytes: await makeGlb() });
  await engine.start();
  const events = { emit: () => undefined };
  const exporter = setupExport({ dataDir, engine, events, platform: createHeadlessPlatform('cli'), homeDir: os.tmpdir() });
  onExporter?.(exporter);
  const service = new BatchService({ dataDir, engine, events, exporter: exportServiceExporter(exporter.handlers, exporter.addBatchOutputFolder), settleMs: 5 });
  await service.init();
  disposers.push(async () => {
    await service.dispose();
    await engine.stop();
  });
  const list = path.join(temp('list'), 'props.csv');
  fs.writeFileSync(list, 'prompt\nA Wooden Chair\nmossy rock\nCON\n');
  const imported = await service.import({ path: list, kind: 'text-to-3d' });
  if (!imported.ok) throw new Error(imported.problem.message);
  const started = await service.start({ batchId: imported.value.id, outDir });
  if (!started.ok) throw new Error(started.problem.message);
  return vi.waitFor(
    () => {
      const b = service.get(imported.value.id);
      if (b.ok && b.value.state === 'finished' && b.value.report && fs.existsSync(b.value.report.json)) {
        const report = JSON.parse(fs.readFileSync(b.value.report.json, 'utf8')) as { status: string }[];
        if (report.every((r) => r.status === 'done')) return b.value;
      }
      throw new Error('the batch did not finish');
    },
    { timeout: 15_000, interval: 10 },
  );
}

describe('batch exports through the export service', () => {
  it("does not add the batch's output folder to the project folders, unless the user adds it", async () => {
    const out = temp('not-a-project');
    let exporter: ReturnType<typeof setupExport> | undefined;
    const batch = await runBatch(out, (e) => (exporter = e));
    expect(batch.counts.done).toBe(3);
    const ctx = { shell: 'cli' as const };
    const listed = await exporter!.handlers['export:listFolders']({}, ctx);
    expect(listed.ok && listed.value).toEqual([]);
    // Added by the user afterwards, it becomes a project folder like any other.
    await exporter!.handlers['export:addFolder']({ path: out }, ctx);
    const after = await exporter!.handlers['export:listFolders']({}, ctx);
    expect(after.ok && after.value.map((f) => f.path)).toEqual([fs.realpathSync(out)]);
  });

  it('names files with the export rules and writes the report next to them', async () => {
    const out = temp('plain');
    const batch = await runBatch(out);
    expect(batch.counts.done).toBe(3);
    const files = batch.rows.map((r) => r.file!);
    expect(files[0]).toMatch(/^a-wooden-chair_[A-Za-z0-9-]+\.glb$/i);
    // A reserved Windows name never becomes a bare file name.
    expect(files[2]!.replace(/\.glb$/, '').toUpperCase()).not.toBe('CON');
    for (const f of files) expect(fs.existsSync(path.join(out, f))).toBe(true);
    expect(fs.existsSync(path.join(out, REPORT_CSV))).toBe(true);
    expect(fs.existsSync(path.join(out, REPORT_JSON))).toBe(true);
  });

  it('uses the project’s export subfolder (Unity: Assets/Generated) for assets and the report', async () => {
    const project = temp('unity');
    fs.mkdirSync(path.join(project, 'Assets'));
    const batch = await runBatch(project);
    const generated = path.join(project, 'Assets', 'Generated');
    expect(batch.assetDir).toBe(fs.realpathSync(generated));
    expect(fs.readdirSync(generated).filter((f) => f.endsWith('.glb'))).toHaveLength(3);
    expect(fs.existsSync(path.join(generated, REPORT_CSV))).toBe(true);
  });
});
