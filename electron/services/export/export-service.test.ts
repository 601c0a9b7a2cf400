import { NodeIO, getBounds } from '@gltf-transform/core';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventName, ExportReport, ProjectFolderView, RequestName } from '../../../shared/ipc';
import type { HandlerContext, PartialHandlers, Platform } from '../contracts';
import { setupExport } from '.';
import { FakeEngine, TINY_PNG, callRequest, makeGlb, makeProject, requestValue } from './test-support';

// gltf-validator ships without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const validator = require('gltf-validator') as { validateBytes(data: Uint8Array): Promise<{ issues: { numErrors: number } }> };

const web: HandlerContext = { shell: 'web' };
const electronCtx: HandlerContext = { shell: 'electron' };

let root: string;
let home: string;
let engine: FakeEngine;
let handlers: PartialHandlers;
let events: { name: EventName; payload: unknown }[];
let revealed: string[];

const call = (name: RequestName, args: unknown, ctx: HandlerContext = web) => callRequest<unknown>(handlers, name, args, ctx);
const value = <T>(name: RequestName, args: unknown, ctx: HandlerContext = web) => requestValue<T>(handlers, name, args, ctx);

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'export-test-')));
  home = join(root, 'home');
  mkdirSync(home);
  engine = new FakeEngine(join(root, 'data', 'assets'));
  events = [];
  revealed = [];
  const platform: Platform = {
    shell: 'web',
    notify: () => false,
    revealInFolder: async (p) => {
      revealed.push(p);
      return true;
    },
    isFocused: () => true,
  };
  ({ handlers } = setupExport({
    dataDir: join(root, 'data'),
    engine: engine.asEngine(),
    events: { emit: (name, payload) => events.push({ name, payload }) },
    platform,
    homeDir: home,
    now: (() => {
      let t = Date.parse('2026-11-22T09:00:00.000Z');
      return () => new Date((t += 1000));
    })(),
  }));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const project = (name: string, files?: Record<string, string>, dirs?: string[]) => makeProject(home, name, files, dirs);

describe('project folders', () => {
  it('recognises Unity, Godot, Unreal and plain folders and proposes a subfolder for each', async () => {
    const unity = await value<ProjectFolderView>('export:addFolder', { path: project('u', {}, ['Assets', 'ProjectSettings']) });
    const godot = await value<ProjectFolderView>('export:addFolder', { path: project('g', { 'project.godot': '' }) });
    const unreal = await value<ProjectFolderView>('export:addFolder', { path: project('r', { 'Game.uproject': '{}' }, ['Content']) });
    const plain = await value<ProjectFolderView>('export:addFolder', { path: project('p') });
    expect([unity.engine, unity.subfolder]).toEqual(['unity', 'Assets/Generated']);
    expect([godot.engine, godot.subfolder]).toEqual(['godot', 'assets/generated']);
    expect([unreal.engine, unreal.subfolder]).toEqual(['unreal', 'Content/Generated']);
    expect(unreal.note).toMatch(/imports GLB files through the editor/);
    expect([plain.engine, plain.subfolder]).toEqual(['plain', '']);
    const listed = await value<ProjectFolderView[]>('export:listFolders', {});
    expect(listed.map((f) => f.name)).toEqual(['u', 'g', 'r', 'p']);
    expect(events.filter((e) => e.name === 'export:foldersChanged')).toHaveLength(4);
  });

  it('limits the browser shell to the home directory, also through symlinks', async () => {
    const outside = join(root, 'outside');
    mkdirSync(outside);
    symlinkSync(outside, join(home, 'sneaky'));
    const refused = await call('export:addFolder', { path: outside });
    expect(refused.ok).toBe(false);
    const viaLink = await call('export:addFolder', { path: join(home, 'sneaky') });
    expect(viaLink.ok).toBe(false);
    const browsed = await call('export:browse', { path: join(home, '..') });
    expect(browsed.ok).toBe(false);
    // Electron's dialog is not limited.
    expect((await call('export:addFolder', { path: outside }, electronCtx)).ok).toBe(true);
  });

  it('lists only directories, without hidden ones, when browsing', async () => {
    project('Game', {}, ['Assets']);
    project('.config');
    writeFileSync(join(home, 'notes.txt'), 'x');
    const listing = await value<{ entries: { name: string }[]; parent?: string }>('export:browse', {});
    expect(listing.entries.map((e) => e.name)).toEqual(['Game']);
    expect(listing.parent).toBeUndefined();
    const inner = await value<{ entries: { name: string }[]; parent?: string }>('export:browse', { path: join(home, 'Game') });
    expect(inner.entries.map((e) => e.name)).toEqual(['Assets']);
    expect(inner.parent).toBe(home);
  });
});

describe('exporting', () => {
  it('writes a valid GLB with the template name and a sidecar without credentials, and re-exports a retexture in place', async () => {
    const glb = await makeGlb();
    engine.add({ localId: 'local-model-1', kind: 'text-to-3d', jobId: 'job1abcdefgh', prompt: 'Red Chair', request: { prompt: 'Red Chair', topology: 'quads' }, genParams: { targetFaceCount: 1000 } }, glb);
    const folder = await value<ProjectFolderView>('export:addFolder', { path: project('plain') });
    const first = await value<ExportReport>('export:run', { localIds: ['local-model-1'], folderId: folder.id });
    const item = first.items[0]!;
    expect(item.ok).toBe(true);
    expect(item.relativePath).toBe('red-chair_job1abcd.glb');
    const written = readFileSync(item.path!);
    expect((await validator.validateBytes(new Uint8Array(written))).issues.numErrors).toBe(0);
    expect(Buffer.compare(written, Buffer.from(glb))).toBe(0);
    const sidecar = JSON.parse(readFileSync(join(folder.path, 'red-chair_job1abcd.asset.json'), 'utf8'));
    expect(sidecar).toMatchObject({ prompt: 'Red Chair', kind: 'text-to-3d', jobId: 'job1abcdefgh', environment: 'Sandbox (built-in)', genParams: { targetFaceCount: 1000 }, request: { topology: 'quads' } });
    expect(JSON.stringify(sidecar)).not.toMatch(/secret|clientId|keyId/i);

    // A retexture of that model: same path, replaced.
    const retextured = await makeGlb('retextured');
    engine.add({ localId: 'local-model-2', kind: 'retexture', jobId: 'job2zzzzzzzz', parentJobId: 'job1abcdefgh', prompt: 'Blue paint', request: { jobId: 'job1abcdefgh', prompt: 'Blue paint' } }, retextured);
    const second = await value<ExportReport>('export:run', { localIds: ['local-model-2'], folderId: folder.id });
    expect(second.items[0]).toMatchObject({ ok: true, relativePath: 'red-chair_job1abcd.glb', replacedInPlace: true });
    expect(Buffer.compare(readFileSync(item.path!), Buffer.from(retextured))).toBe(0);
    expect(readdirSync(folder.path).sort()).toEqual(['red-chair_job1abcd.asset.json', 'red-chair_job1abcd.glb']);
    expect(JSON.parse(readFileSync(join(folder.path, 'red-chair_job1abcd.asset.json'), 'utf8'))).toMatchObject({ jobId: 'job2zzzzzzzz', parentJobId: 'job1abcdefgh' });

    const records = await value<{ localId: string; relativePath: string }[]>('export:records', {});
    expect(records.map((r) => [r.localId, r.relativePath])).toEqual([
      ['local-model-1', 'red-chair_job1abcd.glb'],
      ['local-model-2', 'red-chair_job1abcd.glb'],
    ]);
    expect(events.some((e) => e.name === 'export:done')).toBe(true);
  });

  it('never overwrites an unrelated file: it picks a numbered name', async () => {
    const folder = await value<ProjectFolderView>('export:addFolder', { path: project('plain') });
    writeFileSync(join(folder.path, 'chair_aaaaaaaa.glb'), 'mine');
    engine.add({ localId: 'local-a-0001', kind: 'text-to-3d', jobId: 'aaaaaaaa1', prompt: 'Chair' }, await makeGlb());
    engine.add({ localId: 'local-b-0001', kind: 'text-to-3d', jobId: 'aaaaaaaa2', prompt: 'Chair', request: { prompt: 'Chair', topology: 'quads' } }, await makeGlb());
    const report = await value<ExportReport>('export:run', { localIds: ['local-a-0001', 'local-b-0001'], folderId: folder.id });
    expect(report.items.map((i) => i.relativePath)).toEqual(['chair_aaaaaaaa-2.glb', 'chair_aaaaaaaa-3.glb']);
    expect(readFileSync(join(folder.path, 'chair_aaaaaaaa.glb'), 'utf8')).toBe('mine');
  });

  it('keeps a hostile prompt inside the folder with a Windows-valid name', async () => {
    const folder = await value<ProjectFolderView>('export:addFolder', { path: project('plain') });
    const prompts = ['../../x', 'CON', 'z'.repeat(300), '🔥 dragon 🐉', '..\\..\\evil', 'nul'];
    const glb = await makeGlb();
    prompts.forEach((prompt, i) => engine.add({ localId: `hostile-${i}00`, kind: 'text-to-3d', jobId: `hj${i}`, prompt, request: { prompt } }, glb));
    const report = await value<ExportReport>('export:run', { localIds: prompts.map((_, i) => `hostile-${i}00`), folderId: folder.id, options: { template: '{prompt-slug}', sidecar: false } });
    for (const item of report.items) {
      expect(item.ok, item.message).toBe(true);
      const rel = relative(folder.path, item.path!);
      expect(rel.startsWith('..')).toBe(false);
      expect(rel).not.toContain('/');
      expect(rel).not.toMatch(/^(con|nul)(\.|$)/i);
      expect(Buffer.byteLength(rel)).toBeLessThanOrEqual(150);
    }
    expect(report.items.find((i) => i.localId === 'hostile-300')!.relativePath).toMatch(/^🔥-dragon-🐉\.glb$/);
    expect(existsSync(join(root, 'x.glb'))).toBe(false);
  });

  it('exports images as PNG into the proposed engine subfolder', async () => {
    const folder = await value<ProjectFolderView>('export:addFolder', { path: project('godot', { 'project.godot': '' }) });
    engine.add({ localId: 'image-00001', kind: 'text-to-image', jobId: 'img12345678', prompt: 'Sky' }, TINY_PNG);
    const report = await value<ExportReport>('export:run', { localIds: ['image-00001'], folderId: folder.id });
    expect(report.items[0]).toMatchObject({ ok: true, relativePath: 'assets/generated/sky_img12345.png' });
    expect(readFileSync(report.items[0]!.path!).subarray(1, 4).toString()).toBe('PNG');
  });

  it('applies up axis, scale and pivot to a copy, leaving the cached original untouched', async () => {
    const glb = await makeGlb();
    const job = engine.add({ localId: 'model-opts1', kind: 'text-to-3d', jobId: 'opts1234', prompt: 'Tall box' }, glb);
    const folder = await value<ProjectFolderView>('export:addFolder', { path: project('unreal', { 'x.uproject': '{}' }) });
    const report = await value<ExportReport>('export:run', { localIds: [job.localId], folderId: folder.id, options: { upAxis: 'z', scale: 2, pivotAtBase: true } });
    const out = new Uint8Array(readFileSync(report.items[0]!.path!));
    expect((await validator.validateBytes(out)).issues.numErrors).toBe(0);
    const doc = await new NodeIO().readBinary(out);
    const bounds = getBounds(doc.getRoot().listScenes()[0]!);
    // Original: x 4..5, y 0..2, z 0..1. Centred at base, doubled, Y-up turned Z-up.
    expect(bounds.min.map((v) => Math.round(v * 1000) / 1000 || 0)).toEqual([-1, -1, 0]);
    expect(bounds.max.map((v) => Math.round(v * 1000) / 1000 || 0)).toEqual([1, 1, 4]);
    expect(Buffer.compare(readFileSync(engine.asEngine().assetPath(job.localId)!), Buffer.from(glb))).toBe(0);
  });

  it('says clearly when the folder is missing or not writable, and writes nothing', async () => {
    engine.add({ localId: 'model-miss1', kind: 'text-to-3d', jobId: 'miss1234', prompt: 'Box' }, await makeGlb());
    const dir = project('gone');
    const folder = await value<ProjectFolderView>('export:addFolder', { path: dir });
    rmSync(dir, { recursive: true });
    const missing = await value<ExportReport>('export:run', { localIds: ['model-miss1'], folderId: folder.id });
    expect(missing.items[0]).toMatchObject({ ok: false });
    expect(missing.items[0]!.message).toMatch(/missing/);
    // Root ignores permission bits, so the read-only case can only be checked as a normal user.
    if (process.getuid?.() !== 0) {
      const locked = project('locked');
      const lockedFolder = await value<ProjectFolderView>('export:addFolder', { path: locked });
      chmodSync(locked, 0o500);
      const report = await value<ExportReport>('export:run', { localIds: ['model-miss1'], folderId: lockedFolder.id });
      chmodSync(locked, 0o700);
      expect(report.items[0]!.message).toMatch(/cannot write/);
      expect(readdirSync(locked)).toEqual([]);
    }
  });

  it('refuses jobs without a finished asset and reveals the last export', async () => {
    engine.add({ localId: 'running-001', kind: 'text-to-3d', jobId: 'run1', prompt: 'Box', state: 'running', asset: undefined }, await makeGlb());
    engine.add({ localId: 'done-000001', kind: 'text-to-3d', jobId: 'done1', prompt: 'Box' }, await makeGlb());
    const folder = await value<ProjectFolderView>('export:addFolder', { path: project('plain') });
    const report = await value<ExportReport>('export:run', { localIds: ['running-001', 'done-000001'], folderId: folder.id });
    expect(report.items[0]).toMatchObject({ ok: false });
    expect(report.items[0]!.message).toMatch(/no finished asset/);
    expect(await value<boolean>('export:reveal', { localId: 'done-000001' })).toBe(true);
    expect(revealed).toEqual([report.items[1]!.path]);
    expect((await call('export:reveal', { localId: 'running-001' })).ok).toBe(false);
  });
});
