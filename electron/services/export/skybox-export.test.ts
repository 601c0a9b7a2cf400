import { readFileSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportReport, ProjectFolderView, RequestName } from '../../../shared/ipc';
import type { PartialHandlers } from '../contracts';
import { type FakeEngine, TINY_PNG, makeProject, requestValue, webExportContext } from './test-support';

let root: string;
let home: string;
let engine: FakeEngine;
let handlers: PartialHandlers;

const value = <T>(name: RequestName, args: unknown) => requestValue<T>(handlers, name, args);

beforeEach(() => {
  ({ root, home, engine, handlers } = webExportContext('skybox-export-', '2026-11-26T02:00:00.000Z'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function panorama(): Promise<Buffer> {
  return sharp({ create: { width: 256, height: 128, channels: 3, background: { r: 40, g: 90, b: 200 } } }).png().toBuffer();
}

const project = (name: string, files?: Record<string, string>, dirs?: string[]) => makeProject(home, name, files, dirs);

describe('skybox export with cube faces', () => {
  it('Godot: the panorama, six faces X+…Z- and a sky resource pointing at the panorama’s res:// path', async () => {
    const folder = await value<ProjectFolderView>('export:addFolder', { path: project('g', { 'project.godot': '' }) });
    engine.add({ localId: 'skybox-0001', kind: 'text-to-worldbox', jobId: 'sky12345678', prompt: 'Sunset' }, await panorama());
    const report = await value<ExportReport>('export:run', { localIds: ['skybox-0001'], folderId: folder.id, skyboxFaces: true });
    const item = report.items[0]!;
    expect(item.ok, item.message).toBe(true);
    expect(item.relativePath).toBe('assets/generated/sunset_sky12345.png');
    expect(item.files!.map((f) => basename(f))).toEqual([
      'sunset_sky12345.png',
      'sunset_sky12345_px.png',
      'sunset_sky12345_nx.png',
      'sunset_sky12345_py.png',
      'sunset_sky12345_ny.png',
      'sunset_sky12345_pz.png',
      'sunset_sky12345_nz.png',
      'sunset_sky12345_sky.tres',
      'sunset_sky12345.asset.json',
    ]);
    const tres = readFileSync(item.files![7]!, 'utf8');
    expect(tres).toContain('path="res://assets/generated/sunset_sky12345.png"');
    const face = await sharp(readFileSync(item.files![1]!)).metadata();
    expect([face.width, face.height]).toEqual([64, 64]);
  });

  it('Unity: faces named for Skybox/6 Sided; a re-export replaces them in place', async () => {
    const folder = await value<ProjectFolderView>('export:addFolder', { path: project('u', {}, ['Assets']) });
    engine.add({ localId: 'skybox-0002', kind: 'text-to-worldbox', jobId: 'sky22222222', prompt: 'Dunes' }, await panorama());
    const first = await value<ExportReport>('export:run', { localIds: ['skybox-0002'], folderId: folder.id, skyboxFaces: true, options: { sidecar: false } });
    expect(first.items[0]!.files!.map((f) => basename(f))).toEqual([
      'dunes_sky22222.png',
      'dunes_sky22222_Front.png',
      'dunes_sky22222_Back.png',
      'dunes_sky22222_Left.png',
      'dunes_sky22222_Right.png',
      'dunes_sky22222_Up.png',
      'dunes_sky22222_Down.png',
    ]);
    const again = await value<ExportReport>('export:run', { localIds: ['skybox-0002'], folderId: folder.id, skyboxFaces: true, options: { sidecar: false } });
    expect(again.items[0]).toMatchObject({ ok: true, replacedInPlace: true, relativePath: first.items[0]!.relativePath });
  });

  it('without the option, a skybox exports its panorama only (as before); images never get faces', async () => {
    const folder = await value<ProjectFolderView>('export:addFolder', { path: project('p') });
    engine.add({ localId: 'skybox-0003', kind: 'text-to-worldbox', jobId: 'sky33333333', prompt: 'Fog' }, await panorama());
    engine.add({ localId: 'image-00003', kind: 'text-to-image', jobId: 'img33333333', prompt: 'Cat' }, TINY_PNG);
    const plain = await value<ExportReport>('export:run', { localIds: ['skybox-0003'], folderId: folder.id, options: { sidecar: false } });
    expect(plain.items[0]!.files!.map((f) => basename(f))).toEqual(['fog_sky33333.png']);
    const image = await value<ExportReport>('export:run', { localIds: ['image-00003'], folderId: folder.id, skyboxFaces: true, options: { sidecar: false } });
    expect(image.items[0]!.files!.map((f) => basename(f))).toEqual(['cat_img33333.png']);
  });
});
