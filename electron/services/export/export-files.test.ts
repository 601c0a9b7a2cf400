/**
 * What one export writes, read back from the folder: the File size line, the
 * sidecar's exportedCopy.fileBytes and the item's fileBytes measure the files
 * of the chosen format; one base name and one sidecar whatever the formats,
 * replaced in place on the next export; Godot's collision node names and a
 * hull around every vertex; LOD files for a three.js project.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatBytes, type CheckLine } from '../../../shared/domain/readiness';
import type { ExportReport, ProjectFolderView, ReadinessReport, RequestName } from '../../../shared/ipc';
import type { PartialHandlers } from '../contracts';
import { triangleCount } from '../jobs/inspect';
import { createHeadlessPlatform } from '../platform-headless';
import { setupExport } from '.';
import { modelIo } from './model-transform';
import { overBudgetGlb } from './over-budget';
import { sandboxModelGlb } from './test/sandbox-model';
import { FakeEngine, requestValue } from './test-support';

// gltf-validator ships without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const validator = require('gltf-validator') as { validateBytes(data: Uint8Array, options?: object): Promise<{ issues: { numErrors: number } }> };

let root: string;
let engine: FakeEngine;
let handlers: PartialHandlers;
const value = <T>(name: RequestName, args: unknown) => requestValue<T>(handlers, name, args, { shell: 'electron' });
const line = (lines: CheckLine[] | undefined, id: string) => lines!.find((l) => l.id === id)!;
const size = (paths: string[]) => paths.reduce((n, p) => n + statSync(p).size, 0);

beforeEach(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'export-files-')));
  engine = new FakeEngine(join(root, 'data', 'assets'));
  ({ handlers } = setupExport({ dataDir: join(root, 'data'), engine: engine.asEngine(), events: { emit: () => {} }, platform: createHeadlessPlatform('cli') }));
  engine.add({ localId: 'tower-1', kind: 'text-to-3d', jobId: 'towerjob01', prompt: 'Tall Tower' }, await overBudgetGlb({ triangles: 6000, texture: 256 }));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function folder(name: string, files: Record<string, string> = {}): Promise<ProjectFolderView> {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [f, content] of Object.entries(files)) writeFileSync(join(dir, f), content);
  return value<ProjectFolderView>('export:addFolder', { path: dir });
}

describe('file size', () => {
  it.each(['obj', 'stl', 'gltf'] as const)('%s: the check, the sidecar and the item give the bytes of the files written in that format', async (format) => {
    const f = await folder('plain');
    const item = (await value<ExportReport>('export:run', { localIds: ['tower-1'], folderId: f.id, format })).items[0]!;
    const files = item.files!.filter((p) => !p.endsWith('.asset.json'));
    const bytes = size(files);
    expect(item.fileBytes).toBe(bytes);
    expect(line(item.check, 'fileSize').figure).toBe(formatBytes(bytes));
    const sidecar = JSON.parse(readFileSync(item.sidecarPath!, 'utf8')) as { exportedCopy: { fileBytes: number; figures: { fileBytes: number } } };
    expect(sidecar.exportedCopy.fileBytes).toBe(bytes);
    expect(sidecar.exportedCopy.figures.fileBytes).toBe(bytes);
  });
});

describe('one base name per export', () => {
  it('glTF, OBJ and STL in one export: one base name, textures shared, one sidecar listing every file; the next export replaces them', async () => {
    const f = await folder('plain');
    const first = (await value<ExportReport>('export:run', { localIds: ['tower-1'], folderId: f.id, formats: ['gltf', 'obj', 'stl'] })).items[0]!;
    const names = readdirSync(f.path).sort();
    expect(names).toEqual(
      ['tall-tower_towerjob.gltf', 'tall-tower_towerjob.bin', 'tall-tower_towerjob_basecolor.png', 'tall-tower_towerjob.obj', 'tall-tower_towerjob.mtl', 'tall-tower_towerjob.stl', 'tall-tower_towerjob.asset.json'].sort(),
    );
    const sidecar = JSON.parse(readFileSync(first.sidecarPath!, 'utf8')) as { exportedCopy: { files: string[] } };
    expect([...sidecar.exportedCopy.files].sort()).toEqual(names.filter((n) => !n.endsWith('.asset.json')).sort());
    expect(readFileSync(join(f.path, 'tall-tower_towerjob.mtl'), 'utf8')).toContain('map_Kd tall-tower_towerjob_basecolor.png');
    const again = (await value<ExportReport>('export:run', { localIds: ['tower-1'], folderId: f.id, formats: ['gltf', 'obj', 'stl'] })).items[0]!;
    expect(again).toMatchObject({ relativePath: first.relativePath, replacedInPlace: true });
    expect(readdirSync(f.path).sort()).toEqual(names);
  });

  it('exported as glTF, then OBJ, then STL, then glTF again: one base name throughout, no numbered copies', async () => {
    const f = await folder('plain');
    const bases = [];
    for (const format of ['gltf', 'obj', 'stl', 'gltf'] as const) {
      const item = (await value<ExportReport>('export:run', { localIds: ['tower-1'], folderId: f.id, format })).items[0]!;
      bases.push(basename(item.relativePath!).replace(/\.[a-z]+$/, ''));
    }
    expect(new Set(bases)).toEqual(new Set(['tall-tower_towerjob']));
    expect(readdirSync(f.path).filter((n) => /-\d/.test(n))).toEqual([]);
  });
});

/** Hull faces of the written glTF: every model vertex lies on the inner side of every face's plane. */
function outsideHull(hull: Float32Array, indices: Uint32Array | Uint16Array, points: number[][]): number {
  let outside = 0;
  const scale = Math.max(...points.flat().map(Math.abs), 1);
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t]!, indices[t + 1]!, indices[t + 2]!].map((i) => [hull[i * 3]!, hull[i * 3 + 1]!, hull[i * 3 + 2]!]) as [number[], number[], number[]];
    const u = [b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!];
    const v = [c[0]! - a[0]!, c[1]! - a[1]!, c[2]! - a[2]!];
    const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
    const len = Math.hypot(n[0]!, n[1]!, n[2]!);
    if (len === 0) continue;
    for (const p of points) {
      const d = (n[0]! * (p[0]! - a[0]!) + n[1]! * (p[1]! - a[1]!) + n[2]! * (p[2]! - a[2]!)) / len;
      if (d > 1e-5 * scale) outside++;
    }
  }
  return outside;
}

describe('Collision', () => {
  it('a Godot folder gets a convex hull named NAME-convcolonly (Godot 4 "Node type customization using name suffixes") holding every vertex', async () => {
    engine.add({ localId: 'chair-1', kind: 'text-to-3d', jobId: 'chairjob01', prompt: 'Oak chair' }, await sandboxModelGlb('chair', 8000));
    const f = await folder('godot-game', { 'project.godot': '[application]\n' });
    const item = (await value<ExportReport>('export:run', { localIds: ['chair-1'], folderId: f.id, format: 'gltf', options: { collision: 'convex' } })).items[0]!;
    expect(item.ok, item.message).toBe(true);
    const doc = await (await modelIo()).read(item.path!);
    const nodes = doc.getRoot().listNodes();
    // docs.godotengine.org/en/4.3/tutorials/assets_pipeline/importing_3d_scenes/node_type_customization.html: "-convcolonly".
    const hullNode = nodes.find((n) => n.getName() === 'oak-chair_chairjob-convcolonly');
    expect(hullNode, nodes.map((n) => n.getName()).join(', ')).toBeDefined();
    const prim = hullNode!.getMesh()!.listPrimitives()[0]!;
    const hull = prim.getAttribute('POSITION')!.getArray() as Float32Array;
    const points: number[][] = [];
    for (const node of nodes) {
      if (node === hullNode || !node.getMesh()) continue;
      const m = node.getWorldMatrix();
      for (const p of node.getMesh()!.listPrimitives()) {
        const a = p.getAttribute('POSITION')!;
        for (let i = 0; i < a.getCount(); i++) {
          const [x, y, z] = a.getElement(i, [0, 0, 0]) as [number, number, number];
          points.push([m[0] * x + m[4] * y + m[8] * z + m[12], m[1] * x + m[5] * y + m[9] * z + m[13], m[2] * x + m[6] * y + m[10] * z + m[14]]);
        }
      }
    }
    expect(points.length).toBeGreaterThan(1000);
    expect(outsideHull(hull, prim.getIndices()!.getArray() as Uint32Array, points)).toBe(0);
    const collision = line(item.check, 'collision');
    expect(collision).toMatchObject({ status: 'pass', about: 'Picked up on import by Godot 4.' });
    // OBJ keeps no node names: the same option writes no collision there and says so.
    const obj = (await value<ExportReport>('export:run', { localIds: ['chair-1'], folderId: f.id, format: 'obj', options: { collision: 'convex' } })).items[0]!;
    expect(line(obj.check, 'collision').status).toBe('warn');
    expect(readFileSync(obj.path!, 'utf8')).not.toContain('convcolonly');
  });
});

describe('LODs', () => {
  it('a three.js project gets NAME_LOD1.glb and NAME_LOD2.glb at 50 % and 25 % of the triangles, valid, and the check names Godot as making its own', async () => {
    engine.add({ localId: 'chair-2', kind: 'text-to-3d', jobId: 'chairjob02', prompt: 'Oak chair' }, await sandboxModelGlb('chair', 20_000));
    const f = await folder('web-game', { 'package.json': JSON.stringify({ dependencies: { three: '^0.181.0' } }) });
    const item = (await value<ExportReport>('export:run', { localIds: ['chair-2'], folderId: f.id })).items[0]!;
    expect(item.ok, item.message).toBe(true);
    const io = await modelIo();
    const full = triangleCount(await io.read(item.path!));
    for (const [n, ratio] of [[1, 0.5], [2, 0.25]] as const) {
      const path = join(f.path, `oak-chair_chairjob_LOD${n}.glb`);
      const bytes = readFileSync(path);
      const lod = triangleCount(await io.readBinary(bytes));
      expect(Math.abs(lod / full - ratio), `LOD${n}: ${lod} of ${full}`).toBeLessThanOrEqual(0.05);
      expect((await validator.validateBytes(new Uint8Array(bytes))).issues.numErrors).toBe(0);
    }
    expect(item.files!.map((p) => basename(p))).toContain('oak-chair_chairjob_LOD2.glb');
    expect(line(item.check, 'lods').about).toMatch(/^Godot 4 makes its own LODs on import/);
    // The check before exporting says the same.
    const before = await value<ReadinessReport>('export:check', { localId: 'chair-2', folderId: f.id });
    expect(line(before.check, 'lods')).toMatchObject({ figure: 'NAME_LOD1.glb at 50 %, NAME_LOD2.glb at 25 %', about: expect.stringMatching(/^Godot 4 makes its own/) });
    // A Godot folder makes its own: none written unless asked for.
    const g = await folder('godot-game', { 'project.godot': '' });
    const godot = (await value<ExportReport>('export:run', { localIds: ['chair-2'], folderId: g.id })).items[0]!;
    expect(readdirSync(g.path).some((n) => n.includes('_LOD'))).toBe(false);
    expect(line(godot.check, 'lods').figure).toBe('made by Godot 4 on import');
  });
});
