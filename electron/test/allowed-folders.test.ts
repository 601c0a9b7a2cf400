/**
 * The browser shell's allowed-folder rule: every
 * path-taking channel, asked from the browser shell, reaches only the home
 * folder and the app's data folder, judged by the real path at the moment of
 * use, and refuses before it creates anything.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REQUESTS, type Batch, type Result } from '../../shared/ipc';
import { decidePath } from '../services/allowed-roots';
import { setupBatch } from '../services/batch';
import { FakeEngine as BatchEngine } from '../services/batch/test/fake-engine';
import type { HandlerContext, Platform } from '../services/contracts';
import { setupExport } from '../services/export';
import { FakeEngine as ExportEngine, makeGlb, TINY_PNG } from '../services/export/test-support';
import { setupFiles } from '../services/files';

const web: HandlerContext = { shell: 'web' };
const platform: Platform = { shell: 'web', notify: () => false, revealInFolder: async () => false, isFocused: () => true };

let root: string;
let home: string;
let dataDir: string;
let outside: string;
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'allowed-folders-')));
  home = path.join(root, 'home');
  dataDir = path.join(root, 'data');
  outside = path.join(root, 'outside');
  for (const d of [home, dataDir, outside]) fs.mkdirSync(d);
  fs.writeFileSync(path.join(outside, 'private.png'), TINY_PNG);
  fs.writeFileSync(path.join(home, 'mine.png'), TINY_PNG);
  fs.writeFileSync(path.join(dataDir, 'staged.png'), TINY_PNG);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const reason = (r: Result<unknown>) => (r.ok ? 'ok' : r.problem.reason);

describe('decidePath', () => {
  it.each([
    ['/home/ann', 'inside'],
    ['/home/ann/projects/game', 'inside'],
    ['/var/lib/studio/staging/x', 'inside'],
    ['/home/annabel', 'outside'],
    ['/home', 'outside'],
    ['/etc/passwd', 'outside'],
    ['/var/lib/studio-other', 'outside'],
  ])('%s is %s of [/home/ann, /var/lib/studio]', (p, expected) => {
    expect(decidePath(['/home/ann', '/var/lib/studio'], p)).toBe(expected);
  });
});

describe('the contract', () => {
  it('names a filesystem path only in the channels this file holds to the allowed folders', () => {
    // A new channel taking a path fails here until it asks the gate (allowed-roots.ts) and gets a case below.
    // library:import's case is in electron/services/library/import.test.ts ('from the browser, only inside the allowed folders').
    const gated = ['files:stagePath', 'export:addFolder', 'export:browse', 'batch:import', 'batch:start', 'library:import'];
    const takingPaths = Object.entries(REQUESTS)
      .filter(([, def]) => {
        const args = (def as { args: { shape?: Record<string, unknown>; options?: { shape?: Record<string, unknown> }[] } }).args;
        const shapes = args.shape ? [args.shape] : (args.options ?? []).map((o) => o.shape ?? {});
        return shapes.some((shape) => Object.keys(shape).some((k) => /^(path|paths|outDir|dir|folder|file|filePath)$/i.test(k)));
      })
      .map(([name]) => name);
    expect(takingPaths.sort()).toEqual([...gated].sort());
  });

  it('names a stored project folder only in the channels that judge it again at use, or that touch only the list', () => {
    // A stored folder is a path too: a channel that reads or writes inside it (export markers, exports) asks
    // the gate at use (storedFolderAtUse in allowed-roots.ts) and gets a case below; a new one fails here first.
    const judgedAtUse = ['export:run', 'export:check', 'export:setBudget', 'export:savePicture'];
    const listOnly = ['export:removeFolder', 'export:setSubfolder'];
    const takingFolders = Object.entries(REQUESTS)
      .filter(([, def]) => {
        const args = (def as { args: { shape?: Record<string, unknown> } }).args;
        return Object.keys(args.shape ?? {}).includes('folderId');
      })
      .map(([name]) => name);
    expect(takingFolders.sort()).toEqual([...judgedAtUse, ...listOnly].sort());
  });
});

describe('files:stagePath from the browser shell', () => {
  it('stages files in the home and data folders, and refuses anything outside, links included', async () => {
    const { handlers } = setupFiles({ dataDir, homeDir: home });
    fs.symlinkSync(path.join(outside, 'private.png'), path.join(home, 'link.png'));
    expect(reason(await handlers['files:stagePath']({ path: path.join(home, 'mine.png') }, web))).toBe('ok');
    expect(reason(await handlers['files:stagePath']({ path: path.join(dataDir, 'staged.png') }, web))).toBe('ok');
    const refused = await handlers['files:stagePath']({ path: path.join(outside, 'private.png') }, web);
    expect(reason(refused)).toBe('outside-allowed-folders');
    // In words: the rule, where the home folder is, and what to do instead.
    expect(refused.ok ? '' : refused.problem.message).toBe(
      `In the browser, Asset Studio only reads and writes inside your home folder and its own data folder. Choose a folder inside your home folder (${home}), or use the desktop app to reach folders anywhere else.`,
    );
    expect(reason(await handlers['files:stagePath']({ path: path.join(home, 'link.png') }, web))).toBe('outside-allowed-folders');
    expect(reason(await handlers['files:stagePath']({ path: path.join(home, '..', 'outside', 'private.png') }, web))).toBe('outside-allowed-folders');
  });
});

describe('batches from the browser shell', () => {
  function batchSetup() {
    const engine = new BatchEngine({ dir: path.join(dataDir, 'assets') });
    const exportSetup = setupExport({ dataDir, engine: new ExportEngine(path.join(dataDir, 'export-assets')).asEngine(), events: { emit: () => {} }, platform, homeDir: home });
    return setupBatch({ dataDir, engine, events: { emit: () => {} }, exportHandlers: exportSetup.handlers, homeDir: home });
  }

  it('batch:import refuses a list outside the allowed folders, and a row naming a file outside them, without reading it', async () => {
    const batch = batchSetup();
    await batch.ready;
    fs.writeFileSync(path.join(outside, 'list.csv'), 'kind,prompt\ntext-to-3d,a chair\n');
    expect(reason(await batch.handlers['batch:import']({ path: path.join(outside, 'list.csv') }, web))).toBe('outside-allowed-folders');
    const imported = await batch.handlers['batch:import']({ text: `kind,file\nimage-to-3d,${path.join(outside, 'private.png')}\nimage-to-3d,${path.join(home, 'mine.png')}\n`, name: 'list.csv' }, web);
    expect(imported.ok).toBe(true);
    const rows = (imported as { value: Batch }).value.rows;
    expect(rows[0]!.state).toBe('invalid');
    expect(rows[0]!.problems.map((p) => p.message).join(' ')).toMatch(/home folder/);
    expect(rows[1]!.state).toBe('ready');
    await batch.dispose();
  });

  it('batch:start refuses an output folder outside the allowed folders before creating anything', async () => {
    const batch = batchSetup();
    await batch.ready;
    const imported = await batch.handlers['batch:import']({ text: 'kind,prompt\ntext-to-3d,a chair\n', name: 'list.csv' }, web);
    if (!imported.ok) throw new Error(imported.problem.message);
    const target = path.join(outside, 'new', 'deeper');
    const started = await batch.handlers['batch:start']({ batchId: imported.value.id, outDir: target }, web);
    expect(started.ok).toBe(false);
    expect(fs.existsSync(path.join(outside, 'new'))).toBe(false);
    await batch.dispose();
  });
});

describe('exports from the browser shell', () => {
  function exportSetup() {
    const engine = new ExportEngine(path.join(dataDir, 'assets'));
    return { engine, ...setupExport({ dataDir, engine: engine.asEngine(), events: { emit: () => {} }, platform, homeDir: home }) };
  }
  /** A finished model (local-0001) and the project folder home/Game, added while it is a plain folder. */
  async function modelAndGameFolder() {
    const { engine, handlers } = exportSetup();
    engine.add({ localId: 'local-0001', kind: 'text-to-3d', jobId: 'job-0001-abcdefgh', prompt: 'a chair' }, await makeGlb());
    const game = path.join(home, 'Game');
    fs.mkdirSync(game);
    const added = await handlers['export:addFolder']({ path: game }, web);
    if (!added.ok) throw new Error(added.problem.message);
    return { handlers, game, folderId: added.value.id };
  }

  it('a project folder replaced by a symlink after it was added is refused at export time, and nothing is written where it leads', async () => {
    const { handlers, game, folderId } = await modelAndGameFolder();
    fs.rmSync(game, { recursive: true });
    fs.symlinkSync(outside, game);
    const run = await handlers['export:run']({ localIds: ['local-0001'], folderId }, web);
    const failed = !run.ok || run.value.items.every((i) => !i.ok);
    expect(failed).toBe(true);
    expect(fs.readdirSync(outside).sort()).toEqual(['private.png']);
  });

  it('export:check and export:setBudget refuse a project folder moved behind a link, before reading its markers', async () => {
    const { handlers, game, folderId } = await modelAndGameFolder();
    expect(reason(await handlers['export:check']({ localId: 'local-0001', folderId }, web))).toBe('ok');
    // The folder is swapped for a link to a Godot project outside the allowed folders: its marker must not be read.
    fs.writeFileSync(path.join(outside, 'project.godot'), '; a project outside the allowed folders');
    fs.rmSync(game, { recursive: true });
    fs.symlinkSync(outside, game);
    const check = await handlers['export:check']({ localId: 'local-0001', folderId, target: 'mobile' }, web);
    expect(reason(check)).toBe('folder-moved');
    expect(check.ok ? '' : check.problem.message).toMatch(/replaced by a link/);
    expect(reason(await handlers['export:setBudget']({ folderId, target: 'mobile' }, web))).toBe('folder-moved');
    // The list says the folder cannot be used, and does not report the engine whose marker lies outside.
    const listed = await handlers['export:listFolders']({}, web);
    const view = listed.ok ? listed.value.find((f) => f.id === folderId) : undefined;
    expect(view?.available).toBe(false);
    expect(view?.engine).not.toBe('godot');
  });

  it('export:addFolder and export:browse take the home and data folders, and nothing else', async () => {
    const { handlers } = exportSetup();
    expect(reason(await handlers['export:addFolder']({ path: home }, web))).toBe('ok');
    expect(reason(await handlers['export:addFolder']({ path: dataDir }, web))).toBe('ok');
    expect(reason(await handlers['export:addFolder']({ path: outside }, web))).not.toBe('ok');
    expect(reason(await handlers['export:browse']({ path: dataDir }, web))).toBe('ok');
    expect(reason(await handlers['export:browse']({ path: outside }, web))).not.toBe('ok');
  });
});
