/**
 * Export where the model is: the viewport's toolbar has Export… for the model
 * on screen, and Ctrl+E opens the same export, for a finished job and for a
 * GLB dropped on the window. At 1024×700 the History drawer closes once a job
 * is picked from it, so the model it opened is not covered. Screenshots of the
 * toolbar at 1440×900 and 1024×700 go to test-results/.
 */
import { readFileSync } from 'node:fs';
import { corpusFile, missingSharedFile } from '../testkit/shared-files';
import { expect, test } from './fixtures';
import { dropOnWindow } from './generate-support';
import { HistoryViewport } from './pages/history-viewport';

const FOX = corpusFile('gltf', 'Fox.glb');

test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' } });

for (const size of [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
]) {
  test(`at ${size.width}×${size.height} a finished model exports from the viewport toolbar and with Ctrl+E`, async ({ page, studio }, info) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const hv = new HistoryViewport(page, studio);
    const lantern = await hv.waitReady((await hv.submit('text-to-3d', { prompt: 'a brass lantern' })).localId);
    await page.goto(studio.url);
    const narrow = size.width < 1200;
    const drawer = page.getByRole('complementary', { name: 'History panel' });
    if (narrow) await page.getByRole('button', { name: 'History', exact: true }).click();
    await expect(drawer).toBeVisible();
    await hv.open(lantern.localId);
    expect((await hv.settled(lantern.jobId)).state).toBe('ready');
    // The drawer that covered the viewport closes after the pick; the docked history stays.
    if (narrow) await expect(drawer).toBeHidden();
    else await expect(drawer).toBeVisible();

    const toolbar = page.getByRole('toolbar', { name: 'View' });
    const exportButton = toolbar.getByRole('button', { name: 'Export…', exact: true });
    await expect(exportButton).toBeVisible();
    // The whole button is on screen, inside the viewport.
    const box = (await exportButton.boundingBox())!;
    const viewportBox = (await page.getByRole('region', { name: 'Viewport panel' }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewportBox.x + viewportBox.width);
    await page.screenshot({ path: info.outputPath(`toolbar-export-${size.width}x${size.height}.png`) });

    await exportButton.click();
    const dialog = page.getByRole('dialog', { name: 'Export asset' });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: info.outputPath(`export-dialog-${size.width}x${size.height}.png`) });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Ctrl+E from the 3D view itself.
    await page.getByRole('application', { name: /arrow keys orbit/ }).focus();
    await page.keyboard.press('Control+e');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save as…' })).toBeVisible();
  });
}

test('a GLB dropped on the window exports from the toolbar and with Ctrl+E', async ({ page, studio }, info) => {
  const missing = missingSharedFile(FOX, 'Exporting a dropped GLB');
  test.skip(missing !== undefined, missing);
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(studio.url);
  await expect(page.getByRole('region', { name: 'Viewport panel' })).toBeVisible();
  await dropOnWindow(page, [{ name: 'Fox.glb', mime: 'model/gltf-binary', bytes: readFileSync(FOX) }]);
  await expect(page.locator('.viewport')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const exportButton = page.getByRole('toolbar', { name: 'View' }).getByRole('button', { name: 'Export…', exact: true });
  await expect(exportButton).toBeEnabled({ timeout: 30_000 });
  await page.keyboard.press('Control+e');
  const dialog = page.getByRole('dialog', { name: 'Export Fox.glb' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: info.outputPath('dropped-glb-export.png') });
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toBeHidden();
  await exportButton.click();
  await expect(dialog).toBeVisible();
});

test('at 1024×700 an image from the history has Export… in its toolbar, inside the viewport', async ({ page, studio }, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  const hv = new HistoryViewport(page, studio);
  const image = await hv.waitReady((await hv.submit('text-to-image', { prompt: 'a mossy stone wall texture' })).localId);
  await page.goto(studio.url);
  await page.getByRole('button', { name: 'History', exact: true }).click();
  // Opened from the row's ⋯ menu this time (a menu drawn outside the drawer): the drawer closes after the pick too.
  await hv.item(image.localId).getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Open in viewport' }).click();
  await expect(page.getByRole('complementary', { name: 'History panel' })).toBeHidden();
  expect((await hv.settled(image.jobId)).state).toBe('ready');
  const exportButton = page.getByRole('toolbar', { name: 'Image view' }).getByRole('button', { name: 'Export…', exact: true });
  await expect(exportButton).toBeVisible();
  const box = (await exportButton.boundingBox())!;
  const viewportBox = (await page.getByRole('region', { name: 'Viewport panel' }).boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(viewportBox.x + viewportBox.width);
  await page.screenshot({ path: info.outputPath('image-toolbar-export-1024x700.png') });
  await exportButton.click();
  await expect(page.getByRole('dialog', { name: 'Export asset' })).toBeVisible();
});
