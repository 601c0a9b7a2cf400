import fs from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportRun } from '../export';
import { setupExport } from '../export';
import { FakeEngine, makeGlb, makeProject, requestValue } from '../export/test-support';
import { openDatabase } from '../store/database';
import { exportRowsOf } from './exports';
import { setupLibrary, type Library } from './index';
import { finishedRecord, tempDataDir } from './test/records';
import { writeJobRows } from './test/job-rows';

const run = (over: Partial<ExportRun['args']>, items: ExportRun['report']['items']): ExportRun => ({
  args: { folderId: 'folder-1', localIds: ['chair01'], ...over } as ExportRun['args'],
  folder: { id: 'folder-1', path: '/home/a/game' },
  report: { folderId: 'folder-1', items },
  at: '2026-11-27T10:00:00.000Z',
});

describe('exportRowsOf: one row per item written', () => {
  const ids = () => 'x_1';
  it.each<[string, ExportRun, unknown[]]>([
    [
      'a GLB with fixes',
      run({ fixes: 'all' }, [{ localId: 'chair01', ok: true, path: '/home/a/game/chair.glb', files: ['/home/a/game/chair.glb', '/home/a/game/chair.asset.json'], fixes: [{ id: 'simplify', detail: '50%' }] }]),
      [{ id: 'x_1', source: { localId: 'chair01' }, folderId: 'folder-1', folderPath: '/home/a/game', format: 'glb', fixes: ['simplify'], files: ['/home/a/game/chair.glb', '/home/a/game/chair.asset.json'], request: { folderId: 'folder-1', fixes: 'all' }, at: '2026-11-27T10:00:00.000Z' }],
    ],
    ['several formats', run({ formats: ['gltf', 'obj'] }, [{ localId: 'chair01', ok: true, path: '/g/chair.gltf' }]), [expect.objectContaining({ format: 'gltf+obj', files: ['/g/chair.gltf'] })]],
    ['a skybox with faces', run({ skyboxFaces: true }, [{ localId: 'sky01', ok: true, path: '/g/sky.png' }]), [expect.objectContaining({ format: 'cubemap', source: { localId: 'sky01' } })]],
    ['a failed item records nothing', run({}, [{ localId: 'chair01', ok: false, message: 'no room' }]), []],
    ['a dropped model, by its content', run({ localIds: undefined, stagedFileIds: ['staged-abc123'] }, [{ localId: 'staged-abc123', ok: true, path: '/g/fox.glb' }]), [expect.objectContaining({ source: { sha256: 'sha-of-staged-abc123' } })]],
  ])('%s', (_name, r, rows) => {
    expect(exportRowsOf(r, (id) => `sha-of-${id}`, ids)).toEqual(rows);
  });
});

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

describe('exports recorded, exported again and shown', () => {
  it('every export:run is in the asset’s exports; Re-export repeats it; Reveal answers the file', async () => {
    const root = fs.realpathSync(tempDataDir('library-export-'));
    const dataDir = join(root, 'data');
    const home = join(root, 'home');
    fs.mkdirSync(home);
    const fake = new FakeEngine(join(dataDir, 'assets'));
    const job = fake.add({ localId: 'chair01', kind: 'text-to-3d', prompt: 'oak chair' }, await makeGlb());
    const db = openDatabase(dataDir);
    const late: { library?: Library } = {};
    const revealed: string[] = [];
    const exporter = setupExport({
      dataDir,
      engine: fake.asEngine(),
      events: { emit: () => {} },
      platform: { shell: 'electron', notify: () => false, revealInFolder: async () => true, isFocused: () => true },
      homeDir: home,
      onExported: (r) => late.library?.recordExport(r),
    });
    const library = setupLibrary({ dataDir, db, events: { emit: () => {} }, exportRun: exporter.handlers['export:run'], revealInFolder: async (f) => (revealed.push(f), true) });
    late.library = library;
    cleanup.push(() => {
      void library.dispose();
      db.close();
      fs.rmSync(root, { recursive: true, force: true });
    });
    writeJobRows(db, [finishedRecord('text-to-3d', { ...job, asset: { ...job.asset!, sha256: 'sha-chair' } })]);

    const game = makeProject(home, 'game');
    const folder = await requestValue<{ id: string }>(exporter.handlers, 'export:addFolder', { path: game }, { shell: 'electron' });
    await requestValue(exporter.handlers, 'export:run', { localIds: ['chair01'], folderId: folder.id, formats: ['glb', 'obj'] }, { shell: 'electron' });

    const detail = await library.handlers['library:get']({ id: 'j_chair01' }, { shell: 'electron' });
    if (!detail.ok) throw new Error(detail.problem.message);
    expect(detail.value.exportCount).toBe(1);
    const [exported] = detail.value.exports;
    expect(exported).toMatchObject({ assetId: 'j_chair01', folderId: folder.id, folderPath: game, format: 'glb+obj', fixes: [] });
    expect(exported!.files.every((f) => f.startsWith(game) && fs.existsSync(f))).toBe(true);
    const exportedOnly = await library.handlers['library:search']({ exported: true, offset: 0, limit: 10 }, { shell: 'electron' });
    expect(exportedOnly.ok && exportedOnly.value.items.map((a) => a.id)).toEqual(['j_chair01']);

    // Re-export: the same folder, formats and files again (replaced in place), recorded as a second export.
    fs.rmSync(exported!.files[0]!);
    const again = await library.handlers['library:reExport']({ exportId: exported!.id }, { shell: 'electron' });
    expect(again.ok && again.value.files[0]).toBe(exported!.files[0]);
    expect(fs.existsSync(exported!.files[0]!)).toBe(true);
    const after = await library.handlers['library:get']({ id: 'chair01' }, { shell: 'electron' });
    expect(after.ok && after.value.exports.map((e) => e.format)).toEqual(['glb+obj', 'glb+obj']);

    const shown = await library.handlers['library:reveal']({ exportId: exported!.id }, { shell: 'electron' });
    expect(shown).toEqual({ ok: true, value: { shown: true, path: exported!.files[0] } });
    expect(revealed).toEqual([exported!.files[0]]);
    fs.rmSync(exported!.files[0]!);
    const gone = await library.handlers['library:reveal']({ exportId: exported!.id }, { shell: 'electron' });
    expect(gone.ok).toBe(false);
  }, 60_000);
});
