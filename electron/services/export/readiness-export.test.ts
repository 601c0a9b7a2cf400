/**
 * Game-ready export end to end through the export channels: a model over a
 * small budget is built in code, checked, fixed on the exported copy (each
 * fix alone, then all), written in every Node format, and read back.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Mesh } from 'three';
import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckLine, FixId } from '../../../shared/domain/readiness';
import type { ExportReport, ProjectFolderView, ReadinessReport, RequestName } from '../../../shared/ipc';
import type { HandlerContext, PartialHandlers } from '../contracts';
import { createHeadlessPlatform } from '../platform-headless';
import { setupExport } from '.';
import { modelIo } from './model-transform';
import { measureDocument } from './measure';
import { overBudgetGlb } from './over-budget';
import { FakeEngine, requestValue } from './test-support';

// gltf-validator ships without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const validator = require('gltf-validator') as {
  validateBytes(data: Uint8Array, options?: object): Promise<{ issues: { numErrors: number } }>;
};

const ctx: HandlerContext = { shell: 'electron' };
let root: string;
let engine: FakeEngine;
let handlers: PartialHandlers;
let cachedPath: string;
let originalHash: string;

const value = <T>(name: RequestName, args: unknown) => requestValue<T>(handlers, name, args, ctx);
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const line = (lines: CheckLine[] | undefined, id: string) => lines!.find((l) => l.id === id)!;

/** A small mobile budget the 20k-triangle, 2048 px, 30 m, off-centre model fails. */
const SMALL = { triangles: 5000, maxTextureSize: 512, maxHeightM: 10 };

beforeEach(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'ready-export-')));
  engine = new FakeEngine(join(root, 'data', 'assets'));
  ({ handlers } = setupExport({ dataDir: join(root, 'data'), engine: engine.asEngine(), events: { emit: () => {} }, platform: createHeadlessPlatform('cli') }));
  engine.add({ localId: 'local-big-1', kind: 'text-to-3d', jobId: 'bigjob0001', prompt: 'Tall Tower' }, await overBudgetGlb());
  cachedPath = engine.asEngine().assetPath('local-big-1')!;
  originalHash = sha(cachedPath);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function folder(name: string, files: Record<string, string> = {}, dirs: string[] = [], target: 'mobile' | 'desktop' | 'web' = 'mobile'): Promise<ProjectFolderView> {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const d of dirs) mkdirSync(join(dir, d), { recursive: true });
  for (const [f, content] of Object.entries(files)) writeFileSync(join(dir, f), content);
  const added = await value<ProjectFolderView>('export:addFolder', { path: dir });
  return value<ProjectFolderView>('export:setBudget', { folderId: added.id, target, budget: SMALL });
}

async function exported(path: string) {
  const bytes = readFileSync(path);
  const doc = await (await modelIo()).readBinary(bytes);
  return { figures: await measureDocument(doc, bytes), errors: (await validator.validateBytes(new Uint8Array(bytes))).issues.numErrors, doc };
}

describe('budgets', () => {
  it('starts from the preset of the engine and target, keeps edits, and survives a restart', async () => {
    const f = await folder('unity', {}, ['Assets']);
    expect(f.budget).toMatchObject({ target: 'mobile', triangles: 5000, maxTextureSize: 512, materials: 4, maxHeightM: 10, standOnBase: true });
    expect(f.compression).toBe('draco');
    ({ handlers } = setupExport({ dataDir: join(root, 'data'), engine: engine.asEngine(), events: { emit: () => {} }, platform: createHeadlessPlatform('cli') }));
    const [again] = await value<ProjectFolderView[]>('export:listFolders', {});
    expect(again!.budget?.triangles).toBe(5000);
    const desktop = await value<ProjectFolderView>('export:setBudget', { folderId: f.id, target: 'desktop' });
    expect(desktop.budget).toMatchObject({ target: 'desktop', triangles: 300_000, maxTextureSize: 4096 });
  });
});

describe('the readiness check and its fixes on the exported copy', () => {
  it('checks the model against the folder budget, with figure and limit on each line', async () => {
    const f = await folder('plain');
    const report = await value<ReadinessReport>('export:check', { localId: 'local-big-1', folderId: f.id });
    expect(line(report.check, 'triangles')).toMatchObject({ status: 'fail', figure: '20,003', limit: '5,000', fix: 'simplify' });
    expect(line(report.check, 'textures')).toMatchObject({ status: 'fail', figure: '2,048 px', fix: 'resize-textures' });
    expect(line(report.check, 'height')).toMatchObject({ status: 'fail', figure: '30.0 m', fix: 'scale-to-height' });
    expect(line(report.check, 'pivot')).toMatchObject({ status: 'fail', fix: 'recentre-pivot' });
    expect(line(report.check, 'cleanup')).toMatchObject({ status: 'warn', figure: '3 degenerate, 4 unused', fix: 'weld-prune' });
    expect(line(report.check, 'validator').status).toBe('pass');
  });

  const single: { fix: FixId; line: string; holds: (fig: Awaited<ReturnType<typeof exported>>['figures']) => boolean }[] = [
    { fix: 'simplify', line: 'triangles', holds: (fig) => fig.triangles <= SMALL.triangles },
    { fix: 'resize-textures', line: 'textures', holds: (fig) => fig.largestTexture <= SMALL.maxTextureSize && fig.textureCount === 1 },
    { fix: 'scale-to-height', line: 'height', holds: (fig) => fig.heightM <= SMALL.maxHeightM + 1e-6 },
    { fix: 'recentre-pivot', line: 'pivot', holds: (fig) => Math.abs(fig.baseM) < 1e-4 && fig.baseOffsetM < 1e-4 },
    { fix: 'weld-prune', line: 'cleanup', holds: (fig) => fig.degenerateTriangles === 0 && fig.unusedVertices === 0 },
  ];
  it.each(single)('$fix alone makes the $line line pass, records itself, and leaves the cached original alone', async ({ fix, line: id, holds }) => {
    const f = await folder('plain');
    const report = await value<ExportReport>('export:run', { localIds: ['local-big-1'], folderId: f.id, fixes: [fix] });
    const item = report.items[0]!;
    expect(item.ok, item.message).toBe(true);
    expect(line(item.checkBefore, id).status).not.toBe('pass');
    expect(line(item.check, id).status).toBe('pass');
    const out = await exported(item.path!);
    expect(holds(out.figures)).toBe(true);
    expect(out.errors).toBe(0);
    const sidecar = JSON.parse(readFileSync(item.sidecarPath!, 'utf8'));
    expect(sidecar.fixesApplied.map((x: { id: string }) => x.id)).toEqual([fix]);
    expect(sha(cachedPath)).toBe(originalHash);
  });

  it('--fix all brings every fixable line within budget; the sidecar keeps the original under its keys', async () => {
    const f = await folder('plain');
    const report = await value<ExportReport>('export:run', { localIds: ['local-big-1'], folderId: f.id, fixes: 'all' });
    const item = report.items[0]!;
    expect(item.check!.filter((l) => l.status === 'fail')).toEqual([]);
    const out = await exported(item.path!);
    expect(out.figures.triangles).toBeLessThanOrEqual(SMALL.triangles);
    expect(out.figures.largestTexture).toBeLessThanOrEqual(SMALL.maxTextureSize);
    expect(out.errors).toBe(0);
    const sidecar = JSON.parse(readFileSync(item.sidecarPath!, 'utf8'));
    expect(sidecar).toMatchObject({ generator: 'Asset Studio', prompt: 'Tall Tower', exportOptions: { scale: 1, pivotAtBase: false } });
    expect(sidecar.fixesApplied.map((x: { id: string }) => x.id)).toEqual(['weld-prune', 'simplify', 'resize-textures', 'scale-to-height', 'recentre-pivot']);
    expect(sidecar.exportedCopy.figures.triangles).toBe(out.figures.triangles);
    expect(sidecar.exportedCopy.files).toEqual([item.relativePath]);
    expect(sha(cachedPath)).toBe(originalHash);
  });

  it.each([
    ['unity', ['Assets'], 'mobile', 'KHR_draco_mesh_compression'],
    ['plain', [], 'web', 'EXT_meshopt_compression'],
  ] as const)('compresses for %s (%s) with the compression its importer reads', async (name, dirs, target, extension) => {
    const f = await folder(name, {}, [...dirs], target);
    const report = await value<ExportReport>('export:run', { localIds: ['local-big-1'], folderId: f.id, fixes: ['simplify', 'compress'] });
    const out = await exported(report.items[0]!.path!);
    expect(out.doc.getRoot().listExtensionsUsed().map((e) => e.extensionName)).toContain(extension);
    expect(out.errors).toBe(0);
  });

  it('re-exports in place with fixes applied', async () => {
    const f = await folder('plain');
    const first = await value<ExportReport>('export:run', { localIds: ['local-big-1'], folderId: f.id, fixes: 'all' });
    engine.add({ localId: 'local-big-2', kind: 'retexture', jobId: 'bigjob0002', parentJobId: 'bigjob0001', request: { jobId: 'bigjob0001' } }, await overBudgetGlb({ texture: 1024 }));
    const second = await value<ExportReport>('export:run', { localIds: ['local-big-2'], folderId: f.id, fixes: 'all' });
    expect(second.items[0]).toMatchObject({ ok: true, relativePath: first.items[0]!.relativePath, replacedInPlace: true });
    expect(readdirSync(f.path).sort()).toEqual([first.items[0]!.relativePath, 'tall-tower_bigjob00.asset.json'].sort());
    expect(JSON.parse(readFileSync(second.items[0]!.sidecarPath!, 'utf8')).jobId).toBe('bigjob0002');
  });
});

describe('lineage for every file an export writes', () => {
  it('never replaces a sidecar that is not ours: the set moves to a numbered name', async () => {
    const f = await folder('plain', { 'tall-tower_bigjob00.asset.json': 'my notes' });
    const report = await value<ExportReport>('export:run', { localIds: ['local-big-1'], folderId: f.id });
    expect(report.items[0]!.relativePath).toBe('tall-tower_bigjob00-2.glb');
    expect(readFileSync(join(f.path, 'tall-tower_bigjob00.asset.json'), 'utf8')).toBe('my notes');
  });

  it('re-export in place stops where a file that is not ours appeared beside the earlier export', async () => {
    const f = await folder('plain');
    const first = await value<ExportReport>('export:run', { localIds: ['local-big-1'], folderId: f.id, options: { sidecar: false } });
    writeFileSync(join(f.path, 'tall-tower_bigjob00.asset.json'), 'someone else');
    const second = await value<ExportReport>('export:run', { localIds: ['local-big-1'], folderId: f.id });
    expect(first.items[0]!.relativePath).toBe('tall-tower_bigjob00.glb');
    expect(second.items[0]).toMatchObject({ relativePath: 'tall-tower_bigjob00-2.glb', replacedInPlace: false });
    expect(readFileSync(join(f.path, 'tall-tower_bigjob00.asset.json'), 'utf8')).toBe('someone else');
  });

  it("never replaces a glTF's .bin or texture that is not ours", async () => {
    const f = await folder('plain', { 'tall-tower_bigjob00.bin': 'mine', 'tall-tower_bigjob00_basecolor.png': 'mine too' });
    const report = await value<ExportReport>('export:run', { localIds: ['local-big-1'], folderId: f.id, format: 'gltf' });
    expect(report.items[0]!.relativePath).toBe('tall-tower_bigjob00-2.gltf');
    expect(readFileSync(join(f.path, 'tall-tower_bigjob00.bin'), 'utf8')).toBe('mine');
    expect(readFileSync(join(f.path, 'tall-tower_bigjob00_basecolor.png'), 'utf8')).toBe('mine too');
  });
});

describe('formats', () => {
  it('glTF: a .gltf with its .bin and textures beside it, valid with its resources', async () => {
    const f = await folder('plain');
    const report = await value<ExportReport>('export:run', { localIds: ['local-big-1'], folderId: f.id, format: 'gltf', fixes: ['simplify'] });
    const item = report.items[0]!;
    expect(item.files!.map((p) => p.slice(f.path.length + 1))).toEqual(['tall-tower_bigjob00.gltf', 'tall-tower_bigjob00_basecolor.png', 'tall-tower_bigjob00.bin', 'tall-tower_bigjob00.asset.json']);
    const json = readFileSync(item.path!);
    const result = await validator.validateBytes(new Uint8Array(json), {
      uri: 'tall-tower_bigjob00.gltf',
      externalResourceFunction: async (uri: string) => new Uint8Array(readFileSync(join(f.path, decodeURIComponent(uri)))),
    });
    expect(result.issues.numErrors).toBe(0);
    const doc = await (await modelIo()).read(item.path!);
    expect(doc.getRoot().listTextures()).toHaveLength(1);
    expect(line(item.check, 'triangles').status).toBe('pass');
  });

  it('OBJ: three.js loads it back with the same triangles, and its MTL finds the texture beside it', async () => {
    const f = await folder('plain');
    const report = await value<ExportReport>('export:run', { localIds: ['local-big-1'], folderId: f.id, format: 'obj', fixes: ['weld-prune', 'simplify'] });
    const item = report.items[0]!;
    const names = item.files!.map((p) => p.slice(f.path.length + 1));
    expect(names).toEqual(['tall-tower_bigjob00.obj', 'tall-tower_bigjob00.mtl', 'tall-tower_bigjob00_basecolor.png', 'tall-tower_bigjob00.asset.json']);
    const objText = readFileSync(item.path!, 'utf8');
    expect(objText).toContain('mtllib tall-tower_bigjob00.mtl');
    const mtl = new MTLLoader().parse(readFileSync(join(f.path, 'tall-tower_bigjob00.mtl'), 'utf8'), '');
    const info = Object.values(mtl.materialsInfo)[0] as { map_kd?: string };
    expect(readdirSync(f.path)).toContain(info.map_kd);
    expect(readFileSync(join(f.path, info.map_kd!)).subarray(1, 4).toString()).toBe('PNG');
    const group = new OBJLoader().parse(objText);
    let triangles = 0;
    group.traverse((o) => {
      if (o instanceof Mesh) triangles += o.geometry.getAttribute('position').count / 3;
    });
    expect(triangles).toBe(Number(line(item.check, 'triangles').figure.replace(/,/g, '')));
    expect(triangles).toBeLessThanOrEqual(SMALL.triangles);
  });

  const stlBounds = (path: string) => {
    const bytes = readFileSync(path);
    const geometry = new STLLoader().parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    geometry.computeBoundingBox();
    return { triangles: geometry.getAttribute('position').count / 3, box: geometry.boundingBox! };
  };

  it('STL: binary, in millimetres, Z-up and standing on its base, with the same triangles', async () => {
    const f = await folder('plain');
    const report = await value<ExportReport>('export:run', { localIds: ['local-big-1'], folderId: f.id, format: 'stl', fixes: ['simplify', 'scale-to-height', 'recentre-pivot'] });
    const item = report.items[0]!;
    const { triangles, box } = stlBounds(item.path!);
    expect(triangles).toBe(Number(line(item.check, 'triangles').figure.replace(/,/g, '')));
    // The 10 m tall tower (glTF +Y) stands along STL's +Z, its base at 0; its 5 m width stays along X.
    expect(box.max.z - box.min.z).toBeCloseTo(10_000, 0);
    expect(box.min.z).toBeCloseTo(0, 3);
    expect(box.max.x - box.min.x).toBeCloseTo(5_000, 0);
    expect(box.max.y - box.min.y).toBeLessThan(2_000);
  });

  it('STL from a copy already turned Z-up by the export options is not turned again', async () => {
    const f = await folder('plain');
    const report = await value<ExportReport>('export:run', { localIds: ['local-big-1'], folderId: f.id, format: 'stl', options: { upAxis: 'z' }, fixes: ['scale-to-height'] });
    const { box } = stlBounds(report.items[0]!.path!);
    expect(box.max.z - box.min.z).toBeCloseTo(10_000, 0);
  });
});
