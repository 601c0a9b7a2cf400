import { expect, test } from './fixtures';
import { chooseKind, expectFinished, generate, generatePanel } from './generate-support';

/** Drawing a sketch and generating an image from it. */
test('drawing a sketch and generating an image', async ({ page, studio }) => {
  await page.goto(studio.url);
  await chooseKind(page, 'Sketch to image');
  const panel = generatePanel(page);
  const canvas = panel.getByRole('img', { name: /Sketch canvas/ });
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 20);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * 20, box.y + 20 + i * 15);
  await page.mouse.up();
  await panel.getByTitle('Red').click();
  await expect(panel.getByLabel('Red')).toBeChecked();
  await page.mouse.move(box.x + 200, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + 200, { steps: 8 });
  await page.mouse.up();
  await expect(canvas).toHaveAccessibleName('Sketch canvas, 2 strokes');
  // The canvas really holds ink, not only stroke data.
  const inked = await canvas.evaluate((el) => {
    const c = el as unknown as { getContext(t: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } }; width: number; height: number };
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i]! < 200 || d[i + 1]! < 200) dark++;
    return dark;
  });
  expect(inked).toBeGreaterThan(100);
  await panel.getByRole('combobox', { name: /^Style/ }).selectOption({ label: 'Auto (the service picks)' });
  await generate(page);
  await expectFinished(page);
});
