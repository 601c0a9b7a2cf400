/**
 * A batch's output folder is judged at every write, like a project folder at
 * export: swapped for a link to a folder outside after the batch started,
 * it receives nothing (no asset, no batch-report.csv/.json/.html, no new
 * folder), and the row says so truthfully.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../../shared/ipc';
import type { HandlerContext, Platform } from '../contracts';
import { setupExport } from '../export';
import { FakeEngine as ExportEngine } from '../export/test-support';
import { setupBatch } from '.';
import { batchFolderRefusal } from './folder-at-use';
import { FakeEngine } from './test/fake-engine';

const platform: Platform = { shell: 'web', notify: () => false, revealInFolder: async () => false, isFocused: () => true };

let root: string;
let home: string;
let dataDir: string;
let outside: string;
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'batch-at-use-')));
  home = path.join(root, 'home');
  dataDir = path.join(root, 'data');
  outside = path.join(root, 'outside');
  for (const d of [home, dataDir, outside]) fs.mkdirSync(d);
  // A file of the same name the swap would overwrite.
  fs.writeFileSync(path.join(outside, 'batch-report.csv'), 'mine\n');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.problem.message);
  return r.value;
}

/** Replaces `dir` with a link to `to`, as the finding did after batch:start. */
function swapForLink(dir: string, to: string) {
  fs.renameSync(dir, `${dir}-moved`);
  fs.symlinkSync(to, dir);
}

describe.each<[string, HandlerContext['shell'], boolean]>([
  ['the browser shell, through the export service', 'web', true],
  ['the desktop app, through the export service', 'electron', true],
  ['the command line, with the plain copy', 'cli', false],
])('an output folder swapped for a link after the start (%s)', (_case, shell, viaExport) => {
  it('receives nothing, and the row says so', async () => {
    const engine = new FakeEngine({ dir: path.join(dataDir, 'assets'), jobMs: 400 });
    await engine.start();
    const exportHandlers = viaExport ? setupExport({ dataDir, engine: new ExportEngine(path.join(dataDir, 'export-assets')).asEngine(), events: { emit: () => {} }, platform, homeDir: home }).handlers : undefined;
    const batch = setupBatch({ dataDir, engine, events: { emit: () => {} }, homeDir: home, ...(exportHandlers ? { exportHandlers } : {}) });
    await batch.ready;
    let disposed = false;
    try {
      const ctx = { shell };
      const imported = value(await batch.handlers['batch:import']({ text: 'prompt\na brass lantern\n', name: 'list.csv', kind: 'text-to-3d' }, ctx));
      const out = path.join(home, 'b3');
      value(await batch.handlers['batch:start']({ batchId: imported.id, outDir: out }, ctx));
      swapForLink(out, outside);

      const done = await untilAsync(async () => {
        const b = value(await batch.handlers['batch:get']({ batchId: imported.id }, ctx));
        return b.state === 'finished' && b.rows[0]!.state !== 'queued' && b.rows[0]!.state !== 'running' ? b : undefined;
      });
      expect(done.rows[0]!.state).toBe('failed');
      expect(done.rows[0]!.error).toBe(`The output folder ${out} now leads somewhere else (${outside}): it was replaced by a link after the batch started. Nothing was read or written there; start the batch again with the folder you want.`);
      await batch.dispose();
      disposed = true;
      // Nothing written through the link: the file of the same name is untouched, no asset, no report, no folder.
      expect(fs.readdirSync(outside)).toEqual(['batch-report.csv']);
      expect(fs.readFileSync(path.join(outside, 'batch-report.csv'), 'utf8')).toBe('mine\n');
    } finally {
      if (!disposed) await batch.dispose();
      await engine.stop();
    }
  });
});

function untilAsync<T>(fn: () => Promise<T | undefined>, timeout = 15_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await fn();
      if (!v) throw new Error('condition not met in time');
      return v;
    },
    { timeout, interval: 25 },
  );
}

describe('batchFolderRefusal', () => {
  it('makes a missing subfolder one level at a time inside the checked folder, and refuses a level that is a link outside', async () => {
    const out = path.join(home, 'game');
    fs.mkdirSync(out);
    const batch = { outDir: out, realOutDir: out, shell: 'electron' as const };
    expect(await batchFolderRefusal({ ...batch, assetDir: path.join(out, 'Assets', 'Generated') }, { dataDir, homeDir: home })).toBeUndefined();
    expect(fs.statSync(path.join(out, 'Assets', 'Generated')).isDirectory()).toBe(true);

    fs.symlinkSync(outside, path.join(out, 'Linked'));
    const refused = await batchFolderRefusal({ ...batch, assetDir: path.join(out, 'Linked', 'deeper') }, { dataDir, homeDir: home });
    expect(refused).toMatch(/now leads somewhere else/);
    expect(fs.existsSync(path.join(outside, 'deeper'))).toBe(false);
  });

  it('refuses a folder that is gone, and one outside the output folder', async () => {
    const out = path.join(home, 'gone');
    expect(await batchFolderRefusal({ outDir: out, realOutDir: out, shell: 'cli' }, { dataDir })).toMatch(/is gone: nothing was written there/);
    fs.mkdirSync(out);
    expect(await batchFolderRefusal({ outDir: out, realOutDir: out, shell: 'cli', assetDir: outside }, { dataDir })).toMatch(/is not inside the batch's output folder/);
  });
});
