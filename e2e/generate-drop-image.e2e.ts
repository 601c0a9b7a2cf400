import { expect, test } from './fixtures';
import { dropOnWindow, expectFinished, generate, generatePanel, pngImage } from './generate-support';

/** One image dropped anywhere on the window opens Image to 3D with it loaded; one click generates. */
test('dropping an image on the window and generating a model from it', async ({ page, studio }) => {
  await page.goto(studio.url);
  await dropOnWindow(page, [{ name: 'teapot.png', mime: 'image/png', bytes: await pngImage(96, 96, '#2e86de') }]);
  await expect(page.getByRole('combobox', { name: 'Generation type' })).toHaveValue('image-to-3d');
  await expect(generatePanel(page).getByText('teapot.png')).toBeVisible();
  await generate(page);
  await expectFinished(page);
});
