/**
 * `asset-studio library search|tag|import` in-process on a fresh data
 * folder, and the id forms every id-taking command accepts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJob } from './job-support';
import { triangleGlb } from '../electron/services/guard/crafted-files';
import { assetLine, cliSearch } from '../electron/services/library/cli-support';
import { prepareLibrary } from '../electron/services/library/store';
import { finishedRecord } from '../electron/services/library/test/records';
import { writeJobRows } from '../electron/services/library/test/job-rows';
import { openDatabase } from '../electron/services/store/database';
import type { CliCommand, CliIo } from './command';
import { command as exportCommand } from './commands/export';
import { command } from './commands/library';

let root: string;
let dataDir: string;
let source: string;

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  return runCommand(command, argv);
}

async function runCommand(cmd: CliCommand, argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: { write: (c: string) => (out += c) },
    stderr: { write: (c: string) => (err += c) },
    env: { ...process.env, ASSET_STUDIO_DATA_DIR: dataDir },
    cwd: root,
    signal: new AbortController().signal,
    listCommands: async () => [],
  };
  const code = await cmd.run(argv, io).catch((e: Error) => {
    err += e.message;
    return 2;
  });
  return { code, out, err };
}

beforeAll(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cli-library-')));
  dataDir = path.join(root, 'data');
  source = path.join(root, 'props');
  fs.mkdirSync(source);
  fs.writeFileSync(path.join(source, 'brass_lantern.glb'), triangleGlb());
  fs.writeFileSync(path.join(source, 'rust-texture.png'), await sharp({ create: { width: 16, height: 16, channels: 3, background: '#884422' } }).png().toBuffer());
  // A generated asset: a finished job of the history, as the engine's store writes it.
  const db = openDatabase(dataDir);
  prepareLibrary(db);
  writeJobRows(db, [finishedRecord('text-to-3d', { localId: 'lantern1', jobId: 'up-lantern-9', prompt: 'a hanging iron lantern' })]);
  db.close();
  // Its downloaded model, where the engine's cache keeps it.
  fs.mkdirSync(path.join(dataDir, 'assets', 'lantern1'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'assets', 'lantern1', 'asset.glb'), triangleGlb());
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('asset-studio library', () => {
  it('import brings a folder in (progress on stderr), and again finds everything already there', async () => {
    const first = await run('import', 'props');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^added {2}a_\w+ {2}brass_lantern\.glb$/m);
    expect(first.out).toMatch(/^added {2}a_\w+ {2}rust-texture\.png$/m);
    expect(first.err).toContain('1 of 2: brass_lantern.glb');
    expect(first.err).toContain('2 added, 0 already in the library, 0 left out.');
    const again = await run('import', source, '--json');
    const report = JSON.parse(again.out) as { imported: unknown[]; alreadyThere: { fileName: string }[] };
    expect([report.imported.length, report.alreadyThere.map((a) => a.fileName).sort()]).toEqual([0, ['brass_lantern.glb', 'rust-texture.png']]);
  }, 60_000);

  it('search finds by file name and prompt words, one line per asset; --json gives one object per line', async () => {
    const lines = await run('search', 'lant');
    expect(lines.code).toBe(0);
    const ids = lines.out.trim().split('\n').map((l) => l.split('  ')[0]);
    expect(ids).toHaveLength(2);
    expect(ids).toContain('j_lantern1');
    expect(lines.err).toBe('2 assets match.\n');
    const json = await run('search', 'rust', '--json');
    expect(json.out.trim().split('\n').map((l) => (JSON.parse(l) as { fileName: string }).fileName)).toEqual(['rust-texture.png']);
    const none = await run('search', 'zeppelin');
    expect([none.out, none.err]).toEqual(['', 'No asset matches.\n']);
  });

  it('tag takes a library id, a local id or the service’s job id; search filters by tag and kind', async () => {
    const imported = (await run('search', 'brass', '--json')).out.trim();
    const lanternFile = (JSON.parse(imported) as { id: string }).id;
    expect((await run('tag', lanternFile, 'props', 'act one')).out).toBe(`${lanternFile}  #act-one #props\n`);
    expect((await run('tag', 'lantern1', 'props')).code).toBe(0);
    expect((await run('tag', 'up-lantern-9', 'hero')).out).toBe('j_lantern1  #hero #props\n');
    expect((await run('tag', 'j_lantern1', 'hero', '--remove')).out).toBe('j_lantern1  #props\n');
    const props = await run('search', '--tag', 'props', '--kind', 'model');
    expect(props.out.trim().split('\n').map((l) => l.split('  ')[0]).sort()).toEqual([lanternFile, 'j_lantern1'].sort());
    const generated = await run('search', '--tag', 'props', '--kind', 'text-to-3d');
    expect(generated.out.split('  ')[0]).toBe('j_lantern1');
    expect((await run('tag', 'nope-000', 'x')).code).toBe(1);
  });

  it('an export by the CLI into a plain folder, named by the library id, is in the asset’s exports', async () => {
    const exported = await runCommand(exportCommand, ['j_lantern1', '--out', 'out', '--fix', 'all']);
    expect(exported.code).toBe(0);
    const [line] = (await run('search', 'hanging', '--json')).out.trim().split('\n');
    expect((JSON.parse(line!) as { exportCount: number }).exportCount).toBe(1);
    expect(fs.readdirSync(path.join(root, 'out')).some((f) => f.endsWith('.glb'))).toBe(true);

    // A model brought in, named by its library id (a_…), exports as a dropped model does, and is recorded.
    const brass = JSON.parse((await run('search', 'brass', '--json')).out.trim()) as { id: string };
    const fromLibrary = await runCommand(exportCommand, [brass.id, '--out', 'out2', '--fix', 'all']);
    expect([fromLibrary.code, fromLibrary.err]).toEqual([0, '']);
    expect(fs.readdirSync(path.join(root, 'out2')).filter((f) => f.endsWith('.glb'))).toHaveLength(1);
    const after = JSON.parse((await run('search', 'brass', '--json')).out.trim()) as { exportCount: number };
    expect(after.exportCount).toBe(1);
  }, 60_000);

  it('says what is wrong with a command line', async () => {
    expect((await run()).code).toBe(2);
    expect((await run('search', '--kind', 'teapot')).err).toContain('--kind must be model, image, skybox');
    expect((await run('tag', 'j_lantern1')).err).toContain('at least one tag');
  });
});

describe('the ids a command line takes', () => {
  const jobs = [finishedRecord('text-to-3d', { localId: 'abc123', jobId: 'upstream-77' }), finishedRecord('text-to-image', { localId: 'def456' })];
  const engine = { get: (id: string) => jobs.find((j) => j.localId === id), list: () => jobs };
  it.each([
    ['abc123', 'abc123'],
    ['upstream-77', 'abc123'],
    ['j_abc123', 'abc123'],
    ['j_def456', 'def456'],
    ['a_def456', undefined],
    ['missing', undefined],
  ])('%s → %s', (id, localId) => expect(findJob(engine, id)?.localId).toBe(localId));
});

describe('cliSearch and assetLine', () => {
  it.each([
    [{ words: ['oak', 'chair'], limit: 50 }, { query: 'oak chair', offset: 0, limit: 50 }],
    [{ words: [], tags: ['props'], kinds: ['Model', 'retexture'], all: true, limit: 5 }, { tags: ['props'], mediaKinds: ['model'], generationKinds: ['retexture'], includeHidden: true, offset: 0, limit: 5 }],
    [{ words: [], kinds: ['mesh'], limit: 5 }, { problem: expect.stringContaining('not "mesh"') }],
  ])('%j', (input, search) => expect(cliSearch(input)).toEqual(search));

  it('one line per asset, whatever its title holds', () => {
    expect(assetLine({ id: 'j_a1', mediaKind: 'model', generationKind: 'retexture', title: 'dark\noak', tags: ['act one'], hidden: true, exportCount: 2 })).toBe(
      'j_a1  retexture  dark oak  #act-one  exported 2×  (removed from history)',
    );
    expect(assetLine({ id: 'a_x', mediaKind: 'image', title: 'x'.repeat(80), tags: [], hidden: false, exportCount: 0 })).toBe(`a_x  image  ${'x'.repeat(69)}…`);
  });
});
