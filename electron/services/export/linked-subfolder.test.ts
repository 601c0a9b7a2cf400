import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportReport, ProjectFolderView, RequestName } from '../../../shared/ipc';
import type { PartialHandlers } from '../contracts';
import { makeDirsInside } from './inside-dirs';
import { type FakeEngine, TINY_PNG, callRequest, makeGlb, requestValue, webExportContext } from './test-support';

let root: string;
let home: string;
let engine: FakeEngine;
let handlers: PartialHandlers;
let outside: string;
let folder: ProjectFolderView;

const value = <T>(name: RequestName, args: unknown) => requestValue<T>(handlers, name, args);

beforeEach(async () => {
  ({ root, home, engine, handlers } = webExportContext('linked-sub-', '2026-11-27T10:00:00.000Z'));
  outside = join(root, 'outside');
  mkdirSync(outside);
  mkdirSync(join(home, 'proj'));
  // $HOME/proj/out leads to a folder outside everything the user allowed.
  symlinkSync(outside, join(home, 'proj', 'out'));
  folder = await value<ProjectFolderView>('export:addFolder', { path: join(home, 'proj') });
  engine.add({ localId: 'model-link01', kind: 'text-to-3d', jobId: 'lnk12345678', prompt: 'Oak chair' }, await makeGlb());
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('a subfolder that goes through a link leading outside the project', () => {
  it('export:run refuses and makes no folder outside', async () => {
    await value('export:setSubfolder', { folderId: folder.id, subfolder: 'out/deeper' });
    const report = await value<ExportReport>('export:run', { localIds: ['model-link01'], folderId: folder.id });
    expect(report.items[0]).toMatchObject({ ok: false, message: 'The export subfolder links outside the project folder, so nothing was written.' });
    expect(existsSync(join(outside, 'deeper'))).toBe(false);
  });

  it('export:savePicture refuses and makes no folder outside', async () => {
    await value('export:setSubfolder', { folderId: folder.id, subfolder: 'out/pics/a/b/c' });
    const saved = await callRequest(handlers, 'export:savePicture', { localId: 'model-link01', folderId: folder.id, picture: 'still', format: 'png', dataBase64: TINY_PNG.toString('base64') });
    expect(!saved.ok && saved.problem.message).toBe('The export subfolder links outside the project folder, so nothing was written.');
    expect(existsSync(join(outside, 'pics'))).toBe(false);
  });
});

describe('makeDirsInside', () => {
  it.each([
    ['a new nested folder', 'x/y/z', undefined, true],
    ['a level that links outside', 'out/new', 'links', false],
  ])('%s', async (_name, sub, problem, made) => {
    const target = join(home, 'proj', ...sub.split('/'));
    const answer = await makeDirsInside(join(home, 'proj'), target);
    expect(answer === undefined ? undefined : 'links').toBe(problem);
    expect(existsSync(target)).toBe(made);
  });
});
