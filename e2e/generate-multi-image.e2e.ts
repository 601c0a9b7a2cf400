import { expect, test } from './fixtures';
import { chooseKind, expectFinished, generate, generatePanel, pngImage } from './generate-support';

/** Multi-image to 3D with three views, placed by their file names. */
test('multi-image to 3D with three views', async ({ page, studio }) => {
  await page.goto(studio.url);
  await chooseKind(page, 'Multi-image to 3D');
  const panel = generatePanel(page);
  await panel.getByLabel('Several views at once').setInputFiles([
    { name: 'chair-front.png', mimeType: 'image/png', buffer: await pngImage(80, 80, '#e74c3c') },
    { name: 'chair-left.png', mimeType: 'image/png', buffer: await pngImage(80, 80, '#27ae60') },
    { name: 'chair-back.png', mimeType: 'image/png', buffer: await pngImage(80, 80, '#2980b9') },
  ]);
  for (const name of ['chair-front.png', 'chair-left.png', 'chair-back.png']) await expect(panel.getByText(name)).toBeVisible();
  await panel.getByLabel('Textured (PBR)').check();
  await generate(page);
  await expectFinished(page);
});
