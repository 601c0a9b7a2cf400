/**
 * A skybox exported from the window into a Godot project with "Panorama + 6
 * cube faces": the panorama, its six faces (X+ … Z-) and a sky resource whose
 * ext_resource is the panorama's res:// path land in the project's subfolder.
 * Screenshot of the dialog goes to test-results/.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { expect, test } from './fixtures';
import { startHost, type StudioHost } from './host';

async function value<T>(host: StudioHost, channel: string, args: unknown): Promise<T> {
  const result = await host.invoke<T>(channel, args);
  if (!result.ok) throw new Error(`${channel}: ${result.problem.message}`);
  return result.value;
}

let home: string;
let host: StudioHost;
let account: RunningSandbox;

test.beforeEach(async () => {
  home = realpathSync(mkdtempSync(join(tmpdir(), 'asset-studio-home-')));
  mkdirSync(join(home, 'SkyGame'));
  writeFileSync(join(home, 'SkyGame', 'project.godot'), '');
  account = await startSandbox({ port: 0, dataDir: join(home, '.account-sandbox'), jobSeconds: 1 });
  const key = account.keys[0]!;
  host = await startHost({
    env: { HOME: home, ASSET_STUDIO_BASE_URL: account.baseUrl, ASSET_STUDIO_STORAGE_URL: account.storageUrl, ASSET_STUDIO_CLIENT_ID: key.clientId, ASSET_STUDIO_CLIENT_SECRET: key.clientSecret },
  });
});
test.afterEach(async ({ page }) => {
  await page.close();
  await host.stop();
  await account.close();
  rmSync(home, { recursive: true, force: true });
});

test('a skybox exported with cube faces into a Godot project gets its six faces and a working sky resource', async ({ page }, info) => {
  await value(host, 'export:addFolder', { path: join(home, 'SkyGame') });
  const job = await value<{ localId: string }>(host, 'jobs:submit', { kind: 'text-to-worldbox', fields: { prompt: 'Misty Valley' }, environmentId: 'env', keyId: 'env-key-1' });
  await expect
    .poll(async () => {
      const now = await value<{ state: string; asset?: { state: string } }>(host, 'jobs:get', { localId: job.localId });
      return `${now.state}/${now.asset?.state ?? 'none'}`;
    }, { timeout: 60_000, intervals: [500] })
    .toBe('success/ready');

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
