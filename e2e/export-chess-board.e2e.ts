/**
 * The done-when export: chess-board.glb from the corpus (179k
 * triangles, Draco, 2048 px JPEG textures) dropped on the window, checked
 * beside the viewport's stats against a project folder's mobile budget (50k
 * triangles, 1024 px textures), and exported from the readiness panel with
 * Simplify and Resize chosen. The written GLB is read back from disk with
 * glTF-Transform: within budget on both; the dialog shows those lines fixed.
 * Screenshots go to test-results/.
 */
import { NodeIO, type Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusFile, missingSharedFile } from '../testkit/shared-files';
import { expect, test } from './fixtures';
import { dropOnWindow } from './generate-support';
import { startHost, type StudioHost } from '../testkit/host';

const CHESS = corpusFile('gltf', 'chess-board.glb');

test.describe.configure({ timeout: 240_000 });
// Under CI a missing chess-board.glb fails this file, naming it; elsewhere it is skipped with that message.
const missing = missingSharedFile(CHESS, 'The chess-board export journey');
test.skip(missing !== undefined, missing);

let home: string;
let host: StudioHost;

test.beforeEach(async () => {
  home = realpathSync(mkdtempSync(join(tmpdir(), 'asset-studio-home-')));
  mkdirSync(join(home, 'MobileGame'));
  host = await startHost({ env: { HOME: home } });
});
test.afterEach(async ({ page }) => {
  await page.close();
  await host.stop();
  rmSync(home, { recursive: true, force: true });
});

/** draco3dgltf ships no type declarations, so it is imported by a variable name. */
async function readGlb(bytes: Uint8Array): Promise<Document> {
  const name = 'draco3dgltf';
  const mod = (await import(name)) as { default?: { createDecoderModule(): Promise<unknown> }; createDecoderModule?: () => Promise<unknown> };
  const decoder = await (mod.default ?? (mod as { createDecoderModule(): Promise<unknown> })).createDecoderModule();
  const io = new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'draco3d.decoder': decoder, 'meshopt.decoder': MeshoptDecoder });
  return io.readBinary(bytes);
}

/** Triangles drawn (each node's mesh counted once per node that uses it) and the largest texture side. */
function figures(doc: Document): { triangles: number; largestTexture: number } {
  let triangles = 0;
  for (const node of doc.getRoot().listNodes()) {
    for (const prim of node.getMesh()?.listPrimitives() ?? []) {
      if (prim.getMode() !== 4) continue;
      triangles += Math.floor((prim.getIndices()?.getCount() ?? prim.getAttribute('POSITION')?.getCount() ?? 0) / 3);
    }
  }
  const sides = doc
    .getRoot()
    .listTextures()
    .map((t) => Math.max(...(t.getSize() ?? [0, 0])));
  return { triangles, largestTexture: Math.max(0, ...sides) };
}

test('chess-board.glb dropped on the window exports within a mobile budget, and the dialog shows the lines it fixed', async ({ page }, info) => {
  const source = await readGlb(readFileSync(CHESS));
  const original = figures(source);
  expect(original.triangles).toBeGreaterThan(150_000);
  expect(original.largestTexture).toBe(2048);

  const project = join(home, 'MobileGame');
  const added = await host.invoke<{ id: string }>('export:addFolder', { path: project });
  if (!added.ok) throw new Error(added.problem.message);
  const budget = await host.invoke<{ budget: { triangles: number; maxTextureSize: number } }>('export:setBudget', { folderId: added.value.id, target: 'mobile' });
  if (!budget.ok) throw new Error(budget.problem.message);
  expect(budget.value.budget).toMatchObject({ triangles: 50_000, maxTextureSize: 1024 });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await expect(page.getByRole('region', { name: 'Viewport panel' })).toBeVisible({ timeout: 60_000 });
  await dropOnWindow(page, [{ name: 'chess-board.glb', mime: 'model/gltf-binary', bytes: readFileSync(CHESS) }]);
  await expect(page.locator('.viewport')).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });

  // Beside the stats: the dropped model against the folder's mobile budget.
  const panel = page.getByRole('complementary', { name: 'Readiness' });
  await expect(panel.getByRole('button', { name: /^Readiness: \d+ failing$/ })).toBeVisible({ timeout: 60_000 });
  await panel.getByRole('button', { name: /^Readiness/ }).click();
  const viewportList = panel.getByRole('list', { name: 'Readiness checklist' });
  await expect(viewportList.locator('[data-check="triangles"]')).toHaveAttribute('data-status', 'fail');
  await expect(viewportList.locator('[data-check="triangles"]')).toContainText('(limit 50,000)');
  await expect(viewportList.locator('[data-check="textures"]')).toHaveAttribute('data-status', 'fail');
  await page.screenshot({ path: info.outputPath('chess-board-readiness.png') });

  await panel.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export chess-board.glb' });
  // A dropped file has no prompt or job: the sidecar option says what it records instead.
  await expect(dialog.getByText("The dropped file's name, size and SHA-256", { exact: false })).toBeVisible();
  await expect(dialog.getByText('job ids', { exact: false })).toHaveCount(0);
  const before = dialog.getByRole('list', { name: 'Readiness before export' });
  await expect(before.locator('[data-check="triangles"]')).toHaveAttribute('data-status', 'fail', { timeout: 60_000 });
  await before.getByRole('button', { name: 'Simplify to budget' }).click();
  await before.getByRole('button', { name: 'Resize textures' }).click();
  await page.screenshot({ path: info.outputPath('chess-board-export-before.png') });
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();

  const after = dialog.getByRole('list', { name: 'Readiness of the exported copy' });
  await expect(after.locator('[data-check="triangles"]')).toContainText('Fixed', { timeout: 120_000 });
  await expect(after.locator('[data-check="textures"]')).toContainText('Fixed');
  await expect(after.locator('[data-check="triangles"]')).toHaveAttribute('data-status', 'pass');
  await expect(after.locator('[data-check="textures"]')).toHaveAttribute('data-status', 'pass');
  await page.screenshot({ path: info.outputPath('chess-board-export-after.png') });

  // Read back from disk with glTF-Transform: within budget on both.
  const glbs = readdirSync(project).filter((f) => f.endsWith('.glb'));
  expect(glbs).toEqual([expect.stringMatching(/^chess-board/)]);
  const written = figures(await readGlb(readFileSync(join(project, glbs[0]!))));
  expect(written.triangles).toBeLessThanOrEqual(50_000);
  expect(written.triangles).toBeGreaterThan(10_000);
  expect(written.largestTexture).toBeLessThanOrEqual(1024);
  const sidecar = JSON.parse(readFileSync(join(project, glbs[0]!.replace(/\.glb$/, '.asset.json')), 'utf8')) as Record<string, unknown>;
  expect(sidecar).toMatchObject({ kind: 'local-file', source: { type: 'local-file', name: 'chess-board.glb' } });
});
