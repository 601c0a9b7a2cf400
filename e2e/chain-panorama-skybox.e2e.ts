/**
 * A dropped 2:1 panorama: it opens in the 360° viewer and Skybox
 * from image has it ready (not Image to 3D); Generate uploads it (0 credits)
 * and the skybox result opens in the 360° viewer. While files are dragged
 * over the window, the viewport's placeholder is hidden under the drop
 * overlay's text.
 */
import { expect, test } from './fixtures';
import { dropOnWindow, generate, generatePanel, pngImage, sandboxState } from './generate-support';
import { HistoryViewport } from './pages/history-viewport';

test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' } });

test('while dragging files, the drop text is not drawn over the viewport placeholder', async ({ page, studio }) => {
  await page.goto(studio.url);
  const placeholder = page.getByText('Open a finished job from the history', { exact: false });
  await expect(placeholder).toBeVisible();
  await page.evaluate(() => {
    const w = globalThis as unknown as { DataTransfer: new () => { items: { add(f: unknown): void } }; File: new (p: unknown[], n: string) => unknown; DragEvent: new (t: string, i: object) => unknown; dispatchEvent(e: unknown): void };
    const dt = new w.DataTransfer();
    dt.items.add(new w.File(['x'], 'a.png'));
    w.dispatchEvent(new w.DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: dt }));
  });
  await expect(page.locator('.drop-overlay-text')).toBeVisible();
  await expect(placeholder).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('dragging.png') });
});

test('a dropped panorama opens in the 360° viewer and becomes a skybox through Skybox from image', async ({ page, studio }) => {
  test.setTimeout(180_000);
  const hv = new HistoryViewport(page, studio);
  await page.goto(studio.url);
  await dropOnWindow(page, [{ name: 'harbour-dusk.png', mime: 'image/png', bytes: await pngImage(1024, 512, '#335577') }]);

  await expect(hv.viewport).toHaveAttribute('data-content', 'skybox', { timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'Generation type' })).toHaveValue('skybox-from-image');
  await expect(generatePanel(page).getByText('harbour-dusk.png')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('panorama-dropped.png') });

  await generate(page);
  const sky = hv.history.getByRole('article').filter({ has: page.getByText('Skybox from image', { exact: true }) });
  await expect(sky).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  expect((await sandboxState(studio.url)).uploadCount).toBe(1);
  const jobId = (await sky.getAttribute('data-job-id'))!;
  const shown = await hv.settled(jobId);
  expect(shown).toMatchObject({ state: 'ready', content: 'skybox' });
  await hv.expectSkyDrawn();
  await page.screenshot({ path: test.info().outputPath('skybox-result.png') });
});
