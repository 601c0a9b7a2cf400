import { describe, expect, it } from 'vitest';
import type { JobSummary, ModelStats } from '../../../../shared/domain/job';
import type { CheckLine, CheckStatus } from '../../../../shared/domain/readiness';
import { presetBudget } from '../../../../shared/domain/readiness';
import { beforeOf, bestOf, chosenTake, compareContentOf, compareProblem, EXTRA_MODEL_ROWS, imageRows, modelRows, readinessRow } from './compare-logic';

const done = (kind: string, extra: Partial<JobSummary> = {}) => ({ kind, state: 'success', asset: { state: 'ready' }, title: '', ...extra }) as unknown as JobSummary;

describe('what can be compared', () => {
  it.each([
    ['text-to-3d', 'model'],
    ['retexture', 'model'],
    ['split-to-parts', 'model'],
    ['text-to-image', 'image'],
    ['image-upload', 'image'],
    ['text-to-worldbox', 'skybox'],
    ['skybox-edit', 'skybox'],
  ])('%s shows a %s', (kind, content) => {
    expect(compareContentOf({ kind } as JobSummary)).toBe(content);
  });

  it.each([
    ['one job', [done('text-to-3d')], /at least two/],
    ['five jobs', Array.from({ length: 5 }, () => done('text-to-3d')), /at most 4/],
    ['one still running', [done('text-to-3d'), done('text-to-3d', { state: 'running' } as never)], /One of them has no finished result/],
    ['a file not here yet', [done('text-to-3d'), done('text-to-3d', { asset: { state: 'downloading' } } as never)], /no finished result/],
    ['a model and an image', [done('text-to-3d'), done('text-to-image')], /models with models.*\(these are models and images\)/],
    ['two models', [done('text-to-3d'), done('retexture')], null],
    ['four images', [done('text-to-image'), done('image-edit'), done('sketch-to-image'), done('text-to-image')], null],
    ['two skyboxes', [done('text-to-worldbox'), done('skybox-from-image')], null],
  ] as const)('%s', (_name, jobs, problem) => {
    const got = compareProblem(jobs as unknown as JobSummary[]);
    if (problem === null) expect(got).toBeNull();
    else expect(got).toMatch(problem);
  });
});

describe('before / after', () => {
  const source = done('text-to-3d', { jobId: 'up-source', localId: 'l-source' });
  const edit = done('retexture', { jobId: 'up-edit', parentJobId: 'up-source', localId: 'l-edit' });
  const unrelated = done('text-to-3d', { jobId: 'up-other' });
  it.each([
    ['a retexture of a job in the history', edit, [source, edit, unrelated], source],
    ['a retexture whose source is gone', edit, [edit, unrelated], undefined],
    ['a job that is no edit', done('text-to-3d', { parentJobId: 'up-source' }), [source], undefined],
    ['a source not finished', edit, [{ ...source, state: 'running' } as JobSummary, edit], undefined],
  ])('%s', (_name, job, all, want) => {
    expect(beforeOf(job, all)).toBe(want);
  });
});

describe('the best figure of a row', () => {
  it.each([
    [[3000, 2900, 3100], 'lower', [1]],
    [[3000, 2900, 3100], 'higher', [2]],
    [[1, 1, 1], 'lower', []],
    [[2, 1, 1], 'lower', [1, 2]],
    [[5, undefined, 7], 'lower', [0]],
    [[5, undefined], 'lower', []],
    [[5, 6], 'none', []],
  ] as const)('%j, %s is better: %j', (values, better, best) => {
    expect(bestOf(values, better)).toEqual(best);
  });

  const stats = (triangles: number, fileBytes: number, height: number, textures: [number, number][]) =>
    ({ triangles, vertices: triangles / 2, materials: 1, textures: textures.map(([width, height]) => ({ name: '', width, height, mimeType: 'image/png', bytes: 0 })), fileBytes, boundingBox: { min: [0, 0, 0], max: [1, height, 1], size: [1, height, 1] } }) as unknown as ModelStats;

  it('marks the lightest take, the largest textures and the fewest validator errors; height has no best', () => {
    const rows = modelRows([stats(3000, 500_000, 1.2, [[1024, 1024]]), stats(2800, 520_000, 1.1, [[2048, 2048]]), undefined], [0, 2, undefined]);
    const by = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(by.triangles).toMatchObject({ cells: ['3,000', '2,800', null], best: [1] });
    expect(by['file-size']!.best).toEqual([0]);
    expect(by.textures).toMatchObject({ cells: [['1024×1024 png'], ['2048×2048 png'], null], best: [1] });
    expect(by.height).toMatchObject({ cells: ['1.20 m', '1.10 m', null], best: [] });
    expect(by['validator-errors']!.best).toEqual([0]);
    expect(rows.map((r) => r.label)).toEqual(['Triangles', 'Vertices', 'Materials', 'Textures', 'File size', 'Height', 'Validator errors']);
  });

  it('images: the larger picture and the smaller file', () => {
    const [size, file] = imageRows([{ width: 1024, height: 1024, fileBytes: 900_000 }, { width: 2048, height: 1024, fileBytes: 1_200_000 }]);
    expect(size).toMatchObject({ cells: ['1024 × 1024 px', '2048 × 1024 px'], best: [1] });
    expect(file!.best).toEqual([0]);
  });

  it('export and chaining use the kept take, else the first', () => {
    const takes = [{ localId: 'a' }, { localId: 'b' }];
    expect(chosenTake(takes, 'b')).toBe(takes[1]);
    expect(chosenTake(takes, undefined)).toBe(takes[0]);
    expect(chosenTake(takes, 'gone')).toBe(takes[0]);
  });
});

describe('the readiness row', () => {
  const budget = presetBudget('plain', 'mobile');
  const line = (id: CheckLine['id'], label: string, status: CheckStatus): CheckLine => ({ id, label, status, figure: '', limit: '' });
  const report = (...statuses: [CheckLine['id'], string, CheckStatus][]) => ({ readiness: { budget, check: statuses.map(([id, label, status]) => line(id, label, status)) } });
  const pass = report(['triangles', 'Triangles', 'pass'], ['fileSize', 'File size', 'pass']);
  const warn = report(['triangles', 'Triangles', 'warn'], ['fileSize', 'File size', 'pass']);
  const fail1 = report(['triangles', 'Triangles', 'fail'], ['fileSize', 'File size', 'pass']);
  const fail2 = report(['triangles', 'Triangles', 'fail'], ['fileSize', 'File size', 'fail']);

  it.each([
    ['one ready, one failing: the ready one is best', [pass, fail1], ['Ready', '1 failing: triangles'], [0]],
    ['a warning is worse than none, better than a failure', [fail1, warn, pass], ['1 failing: triangles', 'Ready, 1 warning: triangles', 'Ready'], [2]],
    ['fewer failures are better', [fail2, fail1], ['2 failing: triangles, file size', '1 failing: triangles'], [1]],
    ['all ready: nothing marked', [pass, pass], ['Ready', 'Ready'], []],
    ['a take not checked yet: its cell waits', [fail1, {}, pass], ['1 failing: triangles', null, 'Ready'], [2]],
  ] as const)('%s', (_case, takes, cells, best) => {
    expect(readinessRow(takes)).toMatchObject({ id: 'readiness', label: 'Readiness (mobile budget)', cells, best });
  });

  it('no check answered yet: no row', () => {
    expect(readinessRow([{}, {}])).toBeNull();
  });

  it('is one of the rows a model comparison adds', () => {
    expect(EXTRA_MODEL_ROWS.map((extra) => extra([pass, fail1])?.id)).toContain('readiness');
  });
});
