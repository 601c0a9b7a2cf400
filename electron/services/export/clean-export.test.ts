/**
 * Simplify leaves no triangle an importer would drop: a mobile-budget export
 * of a 200k-triangle sandbox chair, read back from the written file, has no
 * zero-area or duplicate triangle, so the count the check reports is what an
 * importer such as Blender keeps. And the check counts zero-area triangles by
 * area: a sandbox lamp's pole has corners ~1e-21 apart under distinct indices.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { CheckLine } from '../../../shared/domain/readiness';
import type { ExportReport, ProjectFolderView, ReadinessReport, RequestName } from '../../../shared/ipc';
import type { PartialHandlers } from '../contracts';
import { createHeadlessPlatform } from '../platform-headless';
import { setupExport } from '.';
import { primitiveTriangleSort } from './clean-triangles';
import { modelIo } from './model-transform';
import { sandboxModelGlb } from './test/sandbox-model';
import { FakeEngine, requestValue } from './test-support';

let root: string;
let engine: FakeEngine;
let handlers: PartialHandlers;
const value = <T>(name: RequestName, args: unknown) => requestValue<T>(handlers, name, args, { shell: 'electron' });
const figure = (lines: CheckLine[] | undefined, id: string) => lines!.find((l) => l.id === id)!.figure;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'clean-export-')));
  engine = new FakeEngine(join(root, 'data', 'assets'));
  ({ handlers } = setupExport({ dataDir: join(root, 'data'), engine: engine.asEngine(), events: { emit: () => {} }, platform: createHeadlessPlatform('cli') }));
  mkdirSync(join(root, 'game'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('a mobile-budget export of a 200k-triangle sandbox chair has no zero-area or duplicate triangle in the written file', async () => {
  engine.add({ localId: 'chair-200k', kind: 'text-to-3d', jobId: 'chair2000000', prompt: 'chair' }, await sandboxModelGlb('chair', 200_000));
  const folder = await value<ProjectFolderView>('export:addFolder', { path: join(root, 'game') });
  await value('export:setBudget', { folderId: folder.id, target: 'mobile' });
  const report = await value<ExportReport>('export:run', { localIds: ['chair-200k'], folderId: folder.id, fixes: 'all' });
  const item = report.items[0]!;
  expect(item.ok, item.message).toBe(true);
  const doc = await (await modelIo()).read(item.path!);
  let triangles = 0;
  let dropped = 0;
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      const sorted = primitiveTriangleSort(prim)!;
      triangles += sorted.kept.length / 3;
      dropped += sorted.zeroArea + sorted.duplicates;
    }
  }
  expect(dropped).toBe(0);
  expect(figure(item.check, 'triangles')).toBe(triangles.toLocaleString('en-US'));
  expect(figure(item.check, 'cleanup')).toBe('0 degenerate, 0 unused');
}, 120_000);

it('the cleanup line counts zero-area triangles by area, and weld and prune removes them', async () => {
  engine.add({ localId: 'lamp-40k', kind: 'text-to-3d', jobId: 'lamp40000000', prompt: 'lamp' }, await sandboxModelGlb('lamp', 40_000));
  const folder = await value<ProjectFolderView>('export:addFolder', { path: join(root, 'game') });
  const check = await value<ReadinessReport>('export:check', { localId: 'lamp-40k', folderId: folder.id });
  const [degenerate] = figure(check.check, 'cleanup').split(' ');
  expect(Number(degenerate)).toBeGreaterThan(0);
  const report = await value<ExportReport>('export:run', { localIds: ['lamp-40k'], folderId: folder.id, fixes: ['weld-prune'] });
  expect(figure(report.items[0]!.check, 'cleanup')).toBe('0 degenerate, 0 unused');
}, 60_000);
