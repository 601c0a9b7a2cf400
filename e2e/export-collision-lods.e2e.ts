/**
 * Collision and levels of detail in the export dialog: into a Godot project,
 * the Collision option set to a convex hull writes a glTF whose hull node is
 * named with Godot 4's `-convcolonly` suffix (read back from disk), the check
 * says Godot 4 picks it up and makes its own LODs; into a three.js project the
 * default writes NAME_LOD1.glb and NAME_LOD2.glb. Screenshots at 1440×900 and 1024×700.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startAccountHost, value, waitAssetReady } from './account-host';
import type { StudioHost } from '../testkit/host';

let home: string;
let host: StudioHost;
let stop: () => Promise<void>;

test.beforeEach(async () => {
  ({ home, host, stop } = await startAccountHost((h) => {
    mkdirSync(join(h, 'GodotGame'));
    writeFileSync(join(h, 'GodotGame', 'project.godot'), '[application]\n');
    mkdirSync(join(h, 'WebGame'));
    writeFileSync(join(h, 'WebGame', 'package.json'), JSON.stringify({ dependencies: { three: '^0.187.0' } }));
  }));
});
test.afterEach(async ({ page }) => {
  await page.close();
  await stop();
});

async function openExport(page: Page, name: RegExp) {
  const history = page.getByRole('complementary', { name: 'History panel' });
  const item = history.getByRole('article', { name });
  await expect(item).toHaveAttribute('data-status', 'finished', { timeout: 30_000 });
  await item.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Export…' }).click();
  return page.getByRole('dialog', { name: 'Export asset' });
}

test('Collision for Godot writes a -convcolonly hull node; a three.js project gets NAME_LOD1.glb and NAME_LOD2.glb', async ({ page }, info) => {
  // Two exports (a convex hull, then two simplified LOD files) and their checks: more than the 90 s default on a shared 2-core machine.
  test.setTimeout(180_000);
  const godot = await value<{ id: string }>(host, 'export:addFolder', { path: join(home, 'GodotGame') });
  const web = await value<{ id: string }>(host, 'export:addFolder', { path: join(home, 'WebGame') });
  const job = await value<{ localId: string }>(host, 'jobs:submit', { kind: 'text-to-3d', fields: { prompt: 'Oak Chair', targetFaceCount: 6000 }, environmentId: 'env', keyId: 'env-key-1' });
  await waitAssetReady(host, job.localId);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host.url);
  let dialog = await openExport(page, /oak chair/i);
  await dialog.getByLabel('Project folder').selectOption(godot.id);
  await dialog.getByLabel('Collision').selectOption('convex');
  await dialog.getByLabel('Format').selectOption('gltf');
  const before = dialog.getByRole('list', { name: 'Readiness before export' });
  await expect(before.locator('[data-check="lods"]')).toContainText('made by Godot 4 on import', { timeout: 30_000 });
  await page.screenshot({ path: info.outputPath('export-collision-1440x900.png') });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.screenshot({ path: info.outputPath('export-collision-1024x700.png') });
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const after = dialog.getByRole('list', { name: 'Readiness of the exported copy' });
  await expect(after.locator('[data-check="collision"]')).toContainText('Picked up on import by Godot 4.', { timeout: 60_000 });
  await page.screenshot({ path: info.outputPath('export-collision-after-1024x700.png') });

  const dir = join(home, 'GodotGame', 'assets', 'generated');
  const gltf = readdirSync(dir).find((f) => f.endsWith('.gltf'))!;
  const json = JSON.parse(readFileSync(join(dir, gltf), 'utf8')) as { nodes: { name?: string }[] };
  expect(json.nodes.map((n) => n.name)).toContain(`${gltf.replace(/\.gltf$/, '')}-convcolonly`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 1440, height: 900 });
  dialog = await openExport(page, /oak chair/i);
  await dialog.getByLabel('Project folder').selectOption(web.id);
  await expect(dialog.getByRole('list', { name: 'Readiness before export' }).locator('[data-check="lods"]')).toContainText('NAME_LOD1.glb at 50 %', { timeout: 30_000 });
  await page.screenshot({ path: info.outputPath('export-lods-1440x900.png') });
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByRole('list', { name: 'Readiness of the exported copy' })).toBeVisible({ timeout: 60_000 });
  const files = readdirSync(join(home, 'WebGame'));
  expect(files.filter((f) => /_LOD[12]\.glb$/.test(f))).toHaveLength(2);
});
