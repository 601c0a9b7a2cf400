import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REQUESTS, type ExportReport, type ProjectFolderView, type RequestName, type Result } from '../../../shared/ipc';
import type { PartialHandlers } from '../contracts';
import { setupExport } from '.';
import { FakeEngine, TINY_PNG } from './test-support';

let root: string;
let home: string;
let engine: FakeEngine;
let handlers: PartialHandlers;

async function value<T>(name: RequestName, args: unknown): Promise<T> {
  const handler = handlers[name] as (a: unknown, c: { shell: 'web' }) => Promise<Result<T>>;
  const result = await handler(REQUESTS[name].args.parse(args), { shell: 'web' });
  if (!result.ok) throw new Error(`${name} failed: ${result.problem.message}`);
  return result.value;
}

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'skybox-export-')));
  home = join(root, 'home');
  mkdirSync(home);
  engine = new FakeEngine(join(root, 'data', 'assets'));
  ({ handlers } = setupExport({
    dataDir: join(root, 'data'),
    engine: engine.asEngine(),
    events: { emit: () => {} },
    platform: { shell: 'web', notify: () => false, revealInFolder: async () => true, isFocused: () => true },
    homeDir: home,
    now: () => new Date('2026-11-26T02:00:00.000Z'),
  }));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function panorama(): Promise<Buffer> {
  return sharp({ create: { width: 256, height: 128, channels: 3, background: { r: 40, g: 90, b: 200 } } }).png().toBuffer();
}

function project(name: string, files: Record<string, string> = {}, dirs: string[] = []): string {
  const dir = join(home, name);
  mkdirSync(dir, { recursive: true });
  for (const d of dirs) mkdirSync(join(dir, d), { recursive: true });
  for (const [f, content] of Object.entries(files)) writeFileSync(join(dir, f), content);
  return dir;
}

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
