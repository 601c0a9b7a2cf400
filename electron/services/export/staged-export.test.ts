/**
 * A model dropped on the window (staged with the files service) checked and
 * exported like a job's asset: fixes on the exported copy, the staged copy
 * never written, a sidecar that describes a local file, re-export in place
 * for the same file, and a clear refusal for a staged image or a stale id.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REQUESTS, type ExportReport, type ProjectFolderView, type ReadinessReport, type RequestName } from '../../../shared/ipc';
import type { HandlerContext, PartialHandlers } from '../contracts';
import { StagingArea } from '../files';
import { createHeadlessPlatform } from '../platform-headless';
import { setupExport } from '.';
import { measureDocument } from './measure';
import { modelIo } from './model-transform';
import { accessorBomb } from '../guard/crafted-files';
import { overBudgetGlb } from './over-budget';
import { FakeEngine, TINY_PNG, callRequest, requestValue } from './test-support';

const ctx: HandlerContext = { shell: 'electron' };
let root: string;
let handlers: PartialHandlers;
let staging: StagingArea;

const call = <T>(name: RequestName, args: unknown) => callRequest<T>(handlers, name, args, ctx);
const value = <T>(name: RequestName, args: unknown) => requestValue<T>(handlers, name, args, ctx);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'staged-export-')));
  staging = new StagingArea(join(root, 'data'));
  const engine = new FakeEngine(join(root, 'data', 'assets'));
  ({ handlers } = setupExport({
    dataDir: join(root, 'data'),
    engine: engine.asEngine(),
    events: { emit: () => {} },
    platform: createHeadlessPlatform('cli'),
    staging,
  }));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function stageModel(name: string): Promise<{ id: string; path: string }> {
  const file = join(root, name);
  writeFileSync(file, await overBudgetGlb());
  const staged = await staging.stagePath(file);
  if (!staged.ok) throw new Error(staged.problem.message);
  return { id: staged.value.id, path: staging.filePath(staged.value.id)! };
}
async function mobileFolder(): Promise<ProjectFolderView> {
  mkdirSync(join(root, 'Game'));
  const added = await value<ProjectFolderView>('export:addFolder', {
    path: join(root, 'Game'),
  });
  return value<ProjectFolderView>('export:setBudget', {
    folderId: added.id,
    target: 'mobile',
    budget: { triangles: 5000, maxTextureSize: 512 },
  });
}

describe('exporting a dropped model', () => {
  it('refuses a model that declares far more than it holds, at check and at export, in plain words and without decoding it', async () => {
    const { id, path } = await stageModel('b.glb');
    // Staged before the guard existed (or changed in the data folder since): the check and the export hold it against the guard again.
    writeFileSync(path, accessorBomb(20_000_000));
    const folder = await mobileFolder();
    const started = Date.now();
    const check = await call<ReadinessReport>('export:check', { stagedFileId: id, folderId: folder.id });
    expect(check).toMatchObject({ ok: false, problem: { reason: 'refused', message: expect.stringMatching(/^This model declares 20,000,000 vertices in a \d+-byte file; it is damaged or hostile\.$/) } });
    for (const format of ['glb', 'stl']) {
      const report = await value<ExportReport>('export:run', { stagedFileIds: [id], folderId: folder.id, format });
      expect(report.items[0]).toMatchObject({ ok: false, message: expect.stringContaining('declares 20,000,000 vertices') });
    }
    // 52 s of main's time before the guard (20M vertices exported to STL).
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('checks it against the folder budget and exports a fixed copy within budget, leaving the staged copy unchanged', async () => {
    const { id, path } = await stageModel('tower.glb');
    const hash = sha(readFileSync(path));
    const folder = await mobileFolder();
    const check = await value<ReadinessReport>('export:check', {
      stagedFileId: id,
      folderId: folder.id,
    });
    expect(check.localId).toBe(id);
    expect(check.check.find((l) => l.id === 'triangles')).toMatchObject({
      status: 'fail',
      limit: '5,000',
    });

    const report = await value<ExportReport>('export:run', {
      stagedFileIds: [id],
      folderId: folder.id,
      fixes: ['simplify', 'resize-textures'],
    });
    const item = report.items[0]!;
    expect(item).toMatchObject({ ok: true, localId: id });
    expect(item.relativePath).toMatch(/^tower/);
    const bytes = readFileSync(item.path!);
    const figures = await measureDocument(await (await modelIo()).readBinary(bytes), bytes);
    expect(figures.triangles).toBeLessThanOrEqual(5000);
    expect(figures.largestTexture).toBeLessThanOrEqual(512);
    expect(item.checkBefore!.find((l) => l.id === 'triangles')!.status).toBe('fail');
    expect(item.check!.find((l) => l.id === 'triangles')!.status).toBe('pass');
    expect(sha(readFileSync(path))).toBe(hash);

    const sidecar = JSON.parse(readFileSync(item.sidecarPath!, 'utf8')) as Record<string, unknown>;
    expect(sidecar).toMatchObject({
      generator: 'Asset Studio',
      kind: 'local-file',
      source: { type: 'local-file', name: 'tower.glb', sha256: hash },
    });
    expect(sidecar.jobId).toBeUndefined();
    expect((sidecar.fixesApplied as { id: string }[]).map((f) => f.id)).toEqual(['simplify', 'resize-textures']);
  });

  it('replaces its earlier export in place when the same file is dropped and exported again; another file gets its own name', async () => {
    const folder = await mobileFolder();
    const first = await stageModel('tower.glb');
    const again = await stageModel('tower.glb');
    const a = await value<ExportReport>('export:run', {
      stagedFileIds: [first.id],
      folderId: folder.id,
    });
    const b = await value<ExportReport>('export:run', {
      stagedFileIds: [again.id],
      folderId: folder.id,
      fixes: ['simplify'],
    });
    expect(b.items[0]).toMatchObject({
      ok: true,
      replacedInPlace: true,
      relativePath: a.items[0]!.relativePath,
    });
    writeFileSync(join(root, 'other.glb'), Buffer.concat([readFileSync(first.path), Buffer.alloc(4)]));
    const other = await staging.stagePath(join(root, 'other.glb'));
    if (!other.ok) throw new Error(other.problem.message);
    const c = await value<ExportReport>('export:run', {
      stagedFileIds: [other.value.id],
      folderId: folder.id,
    });
    expect(c.items[0]).toMatchObject({ ok: true, replacedInPlace: false });
    expect(c.items[0]!.relativePath).not.toBe(a.items[0]!.relativePath);
  });

  it('refuses a staged image and a staged id that is gone, in words', async () => {
    const folder = await mobileFolder();
    writeFileSync(join(root, 'photo.png'), TINY_PNG);
    const image = await staging.stagePath(join(root, 'photo.png'));
    if (!image.ok) throw new Error(image.problem.message);
    const report = await value<ExportReport>('export:run', {
      stagedFileIds: [image.value.id, 'gone-gone-gone'],
      folderId: folder.id,
    });
    expect(report.items.map((i) => i.message)).toEqual([
      'photo.png is not a GLB model, so it cannot be exported as one.',
      'That dropped file is no longer staged; drop it on the window again.',
    ]);
    expect((await call('export:check', { stagedFileId: image.value.id })).ok).toBe(false);
  });

  it('takes jobs or staged files, never both or neither', () => {
    const args = REQUESTS['export:run'].args;
    expect(args.safeParse({ folderId: 'f1', stagedFileIds: ['abcdefgh'] }).success).toBe(true);
    expect(
      args.safeParse({
        folderId: 'f1',
        localIds: ['local-1'],
        stagedFileIds: ['abcdefgh'],
      }).success,
    ).toBe(false);
    expect(args.safeParse({ folderId: 'f1' }).success).toBe(false);
    expect(args.safeParse({ folderId: 'f1', stagedFileIds: ['../../etc'] }).success).toBe(false);
  });
});
