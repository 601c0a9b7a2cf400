import { afterEach, describe, expect, it } from 'vitest';
import type { CheckLine, ModelFigures } from '../../../shared/domain/readiness';
import { presetBudget } from '../../../shared/domain/readiness';
import { ReadinessKeeper, UNMEASURED, verdictFor, verdictOf, type FolderBudget } from './readiness';
import { finishedRecord, testLibrary, type TestLibrary } from './test/records';

const line = (status: CheckLine['status'], fix?: CheckLine['fix']): CheckLine => ({ id: 'triangles', label: 'Triangles', status, figure: '1', limit: '2', ...(fix ? { fix } : {}) });

describe('verdictOf: a folder’s verdict from the check’s lines', () => {
  it.each<[string, CheckLine[], string]>([
    ['all pass', [line('pass'), line('pass')], 'ready'],
    ['a warning is still ready', [line('pass'), line('warn', 'simplify')], 'ready'],
    ['every failure has a fix', [line('fail', 'simplify'), line('fail', 'resize-textures')], 'fixable'],
    ['one failure without a fix', [line('fail', 'simplify'), line('fail')], 'blocked'],
    ['no lines', [], 'ready'],
  ])('%s', (_name, lines, verdict) => expect(verdictOf(lines)).toBe(verdict));
});

const figures = (triangles: number): ModelFigures => ({
  triangles,
  largestTexture: 1024,
  textureCount: 1,
  materials: 1,
  fileBytes: 1_000_000,
  heightM: 1,
  baseM: 0,
  baseOffsetM: 0,
  texturedWithoutUv: 0,
  degenerateTriangles: 0,
  duplicateTriangles: 0,
  unusedVertices: 0,
  validatorErrors: 0,
  validatorWarnings: 0,
});

describe('verdictFor: figures against a budget', () => {
  const mobile: FolderBudget = { id: 'm', budget: presetBudget('plain', 'mobile'), compression: 'none' };
  it.each([
    [10_000, 'ready'],
    [200_000, 'fixable'],
  ])('%i triangles on mobile → %s', (triangles, verdict) => expect(verdictFor(figures(triangles), mobile)).toBe(verdict));
});

const open: TestLibrary[] = [];
afterEach(() => {
  for (const lib of open.splice(0)) lib.close();
});

describe('readiness stored per asset and folder', () => {
  it('measures each new model once, stores its verdict for every folder, filters by it, and works verdicts out again when a budget changes', async () => {
    const lib = testLibrary();
    open.push(lib);
    lib.write(
      finishedRecord('text-to-3d', { localId: 'light01', prompt: 'a light stool' }),
      finishedRecord('text-to-3d', { localId: 'heavy01', prompt: 'a dense statue' }),
      finishedRecord('text-to-3d', { localId: 'gone001', prompt: 'a model whose file is gone' }),
      finishedRecord('text-to-image', { localId: 'image01', prompt: 'not a model' }),
    );
    let folders: FolderBudget[] = [
      { id: 'folder-mobile', budget: presetBudget('plain', 'mobile'), compression: 'none' },
      { id: 'folder-desktop', budget: presetBudget('plain', 'desktop'), compression: 'none' },
    ];
    const measured: string[] = [];
    const keeper = new ReadinessKeeper({
      db: lib.db,
      modelPath: (id) => (id === 'gone001' ? undefined : `/cache/${id}.glb`),
      folders: async () => folders,
      measure: async (file) => {
        measured.push(file);
        return figures(file.includes('heavy') ? 200_000 : 10_000);
      },
    });
    const changes = () => (lib.db.prepare('SELECT asset_id FROM library_changes WHERE seq > ?').all(mark) as { asset_id: string }[]).map((r) => r.asset_id);
    const mark = (lib.db.prepare('SELECT max(seq) AS s FROM library_changes').get() as { s: number }).s;
    expect(await keeper.measurePending()).toBe(3);
    // New verdicts are changes windows hear of; figures alone (the file that is gone) are not.
    expect(new Set(changes())).toEqual(new Set(['j_light01', 'j_heavy01']));
    expect(await keeper.measurePending()).toBe(0);
    expect(measured.sort()).toEqual(['/cache/heavy01.glb', '/cache/light01.glb']);
    expect((lib.db.prepare("SELECT figures FROM library_assets WHERE local_id = 'gone001'").get() as { figures: string }).figures).toBe(UNMEASURED);

    const search = async (folderId: string, verdict: 'ready' | 'fixable' | 'blocked') => {
      const res = await lib.handlers['library:search']({ readiness: { folderId, verdict }, offset: 0, limit: 10 }, { shell: 'electron' });
      return res.ok ? res.value.items.map((a) => a.id) : [];
    };
    expect(await search('folder-mobile', 'ready')).toEqual(['j_light01']);
    expect(await search('folder-mobile', 'fixable')).toEqual(['j_heavy01']);
    expect(await search('folder-desktop', 'ready')).toEqual(['j_heavy01', 'j_light01']);
    const heavy = await lib.handlers['library:get']({ id: 'heavy01' }, { shell: 'electron' });
    expect(heavy.ok && heavy.value.readiness).toEqual({ 'folder-mobile': 'fixable', 'folder-desktop': 'ready' });

    // The desktop folder's budget drops to 100,000 triangles and the mobile folder is removed.
    folders = [{ id: 'folder-desktop', budget: { ...presetBudget('plain', 'desktop'), triangles: 100_000 }, compression: 'none' }];
    await keeper.foldersChanged();
    expect(await search('folder-desktop', 'fixable')).toEqual(['j_heavy01']);
    expect(await search('folder-mobile', 'ready')).toEqual([]);
  });
});

describe('measureFigures', () => {
  it('measures a GLB in a checking process, and answers nothing for a file that is not one', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const { triangleGlb } = await import('../guard/crafted-files');
    const { measureFigures } = await import('./readiness');
    const { tempDataDir } = await import('./test/records');
    const dir = tempDataDir('measure-');
    fs.writeFileSync(path.join(dir, 'tri.glb'), triangleGlb());
    fs.writeFileSync(path.join(dir, 'not.glb'), 'plain text');
    expect((await measureFigures(path.join(dir, 'tri.glb')))?.triangles).toBe(1);
    expect(await measureFigures(path.join(dir, 'not.glb'))).toBeUndefined();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
