/**
 * Export that never dead-ends: with no project folder yet, the
 * Export dialog offers Save as…, which in the browser shell downloads the
 * asset under a name made from its title; a skybox export shows only the
 * options that apply to an image.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { HistoryViewport } from './pages/history-viewport';

test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '1' } });

test('Save as… with no project folder downloads the model; a skybox export hides up axis, scale and pivot', async ({ page, studio }) => {
  test.setTimeout(150_000);
  const hv = new HistoryViewport(page, studio);
  const model = await hv.waitReady((await hv.submit('text-to-3d', { prompt: 'a brass pocket watch' })).localId);
  const sky = await hv.waitReady((await hv.submit('text-to-worldbox', { prompt: 'a quiet snowy valley at night' })).localId);
  await page.goto(studio.url);

  await hv.item(model.localId).getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('No project folder yet');
  await page.screenshot({ path: test.info().outputPath('save-as-dialog.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Save as…' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.glb$/);
  expect(download.suggestedFilename()).toMatch(/watch/i);
  const saved = readFileSync((await download.path())!);
  expect(saved.subarray(0, 4).toString('latin1')).toBe('glTF');
  await page.keyboard.press('Escape');

  // With a project folder, a skybox's export has no model-only options.
  const folder = await studio.invoke('export:addFolder', { path: studio.dataDir });
  expect(folder.ok).toBe(true);
  await hv.item(sky.localId).getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Export…' }).click();
  await expect(dialog.getByLabel('Project folder')).toBeVisible();
  await expect(dialog.getByText('File name template')).toBeVisible();
  await expect(dialog.getByText('Up axis')).toHaveCount(0);
  await expect(dialog.getByText('Scale', { exact: true })).toHaveCount(0);
  await expect(dialog.getByText('Pivot at base')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('skybox-export-options.png') });
});
