/**
 * A skybox exported from the window into a Godot project with "Panorama + 6
 * cube faces": the panorama, its six faces (X+ … Z-) and a sky resource whose
 * ext_resource is the panorama's res:// path land in the project's subfolder.
 * Screenshot of the dialog goes to test-results/.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { startAccountHost, value, waitAssetReady } from './account-host';
import type { StudioHost } from '../testkit/host';

let home: string;
let host: StudioHost;
let stop: () => Promise<void>;

test.beforeEach(async () => {
  ({ home, host, stop } = await startAccountHost((h) => {
    mkdirSync(join(h, 'SkyGame'));
    writeFileSync(join(h, 'SkyGame', 'project.godot'), '');
  }));
});
test.afterEach(async ({ page }) => {
  // The page first, as the studio fixture does: nothing it still loads may meet a stopped host.
  await page.close();
  await stop();
});

test('a skybox exported with cube faces into a Godot project gets its six faces and a working sky resource', async ({ page }, info) => {
  await value(host, 'export:addFolder', { path: join(home, 'SkyGame') });
  const job = await value<{ localId: string }>(host, 'jobs:submit', { kind: 'text-to-worldbox', fields: { prompt: 'Misty Valley' }, environmentId: 'env', keyId: 'env-key-1' });
  await waitAssetReady(host, job.localId);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  const item = page.getByRole('complementary', { name: 'History panel' }).getByRole('article', { name: /misty valley/i });
  await expect(item).toHaveAttribute('data-status', 'finished', { timeout: 30_000 });
  await item.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export asset' });
  await dialog.getByLabel('Skybox format').selectOption('cubemap');
  await expect(dialog.getByText(/Godot names: _px, _nx, _py, _ny, _pz, _nz, and _sky\.tres/)).toBeVisible();
  await page.screenshot({ path: info.outputPath('skybox-export-dialog.png') });
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByRole('list', { name: 'Export results' })).toContainText('and 7 more files beside it', { timeout: 60_000 });
  await page.screenshot({ path: info.outputPath('skybox-exported.png') });

  const dir = join(home, 'SkyGame', 'assets', 'generated');
  const files = readdirSync(dir).sort();
  const panorama = files.find((f) => /^misty-valley_[^_]+\.png$/.test(f))!;
  const base = panorama.slice(0, -4);
  expect(files).toEqual([`${base}.asset.json`, `${base}.png`, ...['nx', 'ny', 'nz', 'px', 'py', 'pz'].map((n) => `${base}_${n}.png`), `${base}_sky.tres`].sort());
  const tres = readFileSync(join(dir, `${base}_sky.tres`), 'utf8');
  expect(tres).toMatch(/^\[gd_resource type="Environment" load_steps=4 format=3\]/);
  expect(tres).toContain(`[ext_resource type="Texture2D" path="res://assets/generated/${base}.png" id="1_panorama"]`);
});
