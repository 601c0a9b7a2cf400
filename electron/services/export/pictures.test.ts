import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REQUESTS, type ExportReport, type ProjectFolderView, type RequestName, type SavedPicture } from '../../../shared/ipc';
import type { PartialHandlers } from '../contracts';
import { type FakeEngine, TINY_PNG, callRequest, makeGlb, requestValue, webExportContext } from './test-support';

let root: string;
let home: string;
let engine: FakeEngine;
let handlers: PartialHandlers;

const call = <T>(name: RequestName, args: unknown) => callRequest<T>(handlers, name, args);
const value = <T>(name: RequestName, args: unknown) => requestValue<T>(handlers, name, args);

beforeEach(() => {
  ({ root, home, engine, handlers } = webExportContext('pictures-', '2026-11-26T02:30:00.000Z'));
  mkdirSync(join(home, 'game', 'Assets'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const WEBM = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4, 5, 6]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

describe('export:savePicture', () => {
  it('writes the turntable beside the model’s export, and a second one replaces it in place', async () => {
    const folder = await value<ProjectFolderView>('export:addFolder', { path: join(home, 'game') });
    engine.add({ localId: 'model-pic01', kind: 'text-to-3d', jobId: 'pic12345678', prompt: 'Oak chair' }, await makeGlb());
    const exported = await value<ExportReport>('export:run', { localIds: ['model-pic01'], folderId: folder.id });
    expect(exported.items[0]!.relativePath).toBe('Assets/Generated/oak-chair_pic12345.glb');
    const first = await value<SavedPicture>('export:savePicture', { localId: 'model-pic01', folderId: folder.id, picture: 'turntable', format: 'webm', dataBase64: WEBM.toString('base64') });
    expect(first).toMatchObject({ relativePath: 'Assets/Generated/oak-chair_pic12345_turntable.webm', replacedInPlace: false });
    expect(readFileSync(first.path)).toEqual(WEBM);
    const again = await value<SavedPicture>('export:savePicture', { localId: 'model-pic01', folderId: folder.id, picture: 'turntable', format: 'webm', dataBase64: Buffer.concat([WEBM, WEBM]).toString('base64') });
    expect(again).toMatchObject({ relativePath: first.relativePath, replacedInPlace: true });
    expect(readFileSync(again.path).length).toBe(WEBM.length * 2);
    const still = await value<SavedPicture>('export:savePicture', { localId: 'model-pic01', folderId: folder.id, picture: 'still', format: 'png', dataBase64: TINY_PNG.toString('base64') });
    expect(still.relativePath).toBe('Assets/Generated/oak-chair_pic12345_still.png');
  });

  it('never overwrites a file it did not write: that one keeps its name and the picture takes a numbered one', async () => {
    const folder = await value<ProjectFolderView>('export:addFolder', { path: join(home, 'game') });
    engine.add({ localId: 'model-pic02', kind: 'text-to-3d', jobId: 'pic22222222', prompt: 'Lamp' }, await makeGlb());
    mkdirSync(join(home, 'game', 'Assets', 'Generated'), { recursive: true });
    writeFileSync(join(home, 'game', 'Assets', 'Generated', 'lamp_pic22222_turntable.gif'), 'mine');
    const saved = await value<SavedPicture>('export:savePicture', { localId: 'model-pic02', folderId: folder.id, picture: 'turntable', format: 'gif', dataBase64: GIF.toString('base64') });
    expect(saved.relativePath).toBe('Assets/Generated/lamp_pic22222-2_turntable.gif');
    expect(readFileSync(join(home, 'game', 'Assets', 'Generated', 'lamp_pic22222_turntable.gif'), 'utf8')).toBe('mine');
  });

  it('names a picture of a model not exported there yet as its model export is named: after the file an Image to 3D job was made from, with the template given', async () => {
    const folder = await value<ProjectFolderView>('export:addFolder', { path: join(home, 'game') });
    const image = { name: 'photo_chest.png', size: 10, sha256: 'a'.repeat(64), mime: 'image/png', path: '/staged/photo_chest.png' };
    // (The fake engine guesses PNG for kinds named "image"; this one makes a model.)
    const model = { state: 'ready', format: 'glb', attempts: 1 } as const;
    engine.add({ localId: 'model-pic04', kind: 'image-to-3d', jobId: 'pic44444444', request: { image }, asset: model }, await makeGlb());
    const still = await value<SavedPicture>('export:savePicture', { localId: 'model-pic04', folderId: folder.id, picture: 'still', format: 'png', dataBase64: TINY_PNG.toString('base64') });
    expect(still.relativePath).toBe('Assets/Generated/photo-chest_pic44444_still.png');
    const exported = await value<ExportReport>('export:run', { localIds: ['model-pic04'], folderId: folder.id });
    expect(exported.items[0]).toMatchObject({ relativePath: 'Assets/Generated/photo-chest_pic44444.glb' });
    // A second model with the user's own template (Settings' export defaults), as the window sends it.
    engine.add({ localId: 'model-pic05', kind: 'image-to-3d', jobId: 'pic55555555', request: { image: { ...image, sha256: 'b'.repeat(64) } }, asset: model }, await makeGlb());
    const turntable = await value<SavedPicture>('export:savePicture', { localId: 'model-pic05', folderId: folder.id, picture: 'turntable', format: 'gif', dataBase64: GIF.toString('base64'), template: '{date}-{prompt-slug}' });
    expect(turntable.relativePath).toBe('Assets/Generated/2026-11-22-photo-chest_turntable.gif');
  });

  it('refuses bytes that are not the format named, and a still that is not a PNG, writing nothing', async () => {
    const folder = await value<ProjectFolderView>('export:addFolder', { path: join(home, 'game') });
    engine.add({ localId: 'model-pic03', kind: 'text-to-3d', jobId: 'pic33333333', prompt: 'Vase' }, await makeGlb());
    const wrong = await call('export:savePicture', { localId: 'model-pic03', folderId: folder.id, picture: 'turntable', format: 'mp4', dataBase64: WEBM.toString('base64') });
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.problem.message).toBe('That is not a valid MP4 video file, so nothing was written.');
    expect(REQUESTS['export:savePicture'].args.safeParse({ localId: 'model-pic03', folderId: folder.id, picture: 'still', format: 'gif', dataBase64: GIF.toString('base64') }).success).toBe(false);
    expect(existsSync(join(home, 'game', 'Assets', 'Generated'))).toBe(false);
  });
});
