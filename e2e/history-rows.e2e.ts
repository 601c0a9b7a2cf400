/**
 * History rows you can tell apart (issue 17): jobs made from an image show
 * that image until their result exists, are titled by the file or the prompt,
 * and their metadata ("where it ran") is whole at the panel's default width.
 * Screenshots at 1280×800 and 1024×700 (looked at).
 */
import { expect, test } from './fixtures';
import { chooseKind, dropOnWindow, generate, generatePanel, pngImage } from './generate-support';

/** The parts of the page's objects these checks read (the e2e project compiles without the DOM library). */
interface Img {
  complete: boolean;
  naturalWidth: number;
  src: string;
}
interface Win {
  getComputedStyle(el: unknown): { fontSize: string };
}

// Long enough that the chained jobs are still running when the rows are looked at.
test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '20' } });

test('rows made from an image show it, with a real title and readable metadata', async ({ page, studio }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(studio.url);
  const history = page.getByRole('region', { name: 'Job history' });

  // A dropped photo → Image to 3D: the row shows the photo and its file name while the model is made.
  await dropOnWindow(page, [{ name: 'teapot.png', mime: 'image/png', bytes: await pngImage(96, 96, '#2e86de') }]);
  await expect(page.getByRole('combobox', { name: 'Generation type' })).toHaveValue('image-to-3d');
  await generate(page);
  const teapot = history.getByRole('article', { name: 'teapot.png' });
  await expect(teapot).toHaveAttribute('data-status', /active|queued/);
  const photo = teapot.locator('img.history-thumb');
  await expect(photo).toHaveAttribute('src', /\/assets\/[^/]+\/source/);
  // The image really loads (a broken image falls back to the icon).
  await expect.poll(() => photo.evaluate((img: Img) => `${img.complete} ${img.naturalWidth} ${img.src}`), { timeout: 30_000 }).toMatch(/^true 96 /);

  // A text-to-image result → Make a 3D model: the new row is titled after the image's prompt and shows that image.
  await chooseKind(page, 'Text to image');
  await generatePanel(page).getByLabel(/^Prompt/).fill('a carved wooden owl, front view');
  await generate(page);
  const owl = history.getByRole('article', { name: /wooden owl/i }).filter({ has: page.getByText('Text to image', { exact: true }) });
  await expect(owl).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  await owl.getByRole('button', { name: 'Make a 3D model' }).click();
  await expect(page.getByRole('combobox', { name: 'Generation type' })).toHaveValue('image-to-3d');
  await expect(generatePanel(page).getByRole('radiogroup', { name: /Uploaded image/ }).getByRole('radio', { checked: true })).toHaveCount(1);
  await generate(page);
  const owlModel = history.getByRole('article', { name: /wooden owl/i }).filter({ has: page.getByText('Image to 3D', { exact: true }) });
  await expect(owlModel).toHaveAttribute('data-status', /active|queued/);
  const owlPicture = owlModel.locator('img.history-thumb');
  await expect(owlPicture).toHaveAttribute('src', /\/assets\/[^/]+\/(asset|source|thumbnail)/);
  await expect.poll(() => owlPicture.evaluate((img: Img) => img.complete && img.naturalWidth > 0), { timeout: 30_000 }).toBe(true);

  // Every piece of text in a row is at least 12 px, and the "where it ran" line is not cut off.
  for (const row of await history.getByRole('article').all()) {
    const small = await row.evaluate((el) =>
      [...el.querySelectorAll('*')]
        .filter((n) => [...n.childNodes].some((c) => c.nodeType === 3 && c.textContent!.trim()))
        .map((n) => ({ text: n.textContent!.trim().slice(0, 30), px: parseFloat((globalThis as unknown as Win).getComputedStyle(n).fontSize) }))
        .filter((t) => t.px < 12),
    );
    expect(small).toEqual([]);
    // Neither metadata line is cut off, and nothing in the row (its one-click actions) falls below it.
    for (const line of await row.locator('.history-meta').all()) expect(await line.evaluate((el) => [el.textContent, el.scrollWidth <= el.clientWidth])).toEqual([await line.textContent(), true]);
    expect(await row.locator('.history-body').evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  }
  await page.screenshot({ path: test.info().outputPath('history-rows-1280.png') });

  await page.setViewportSize({ width: 1024, height: 700 });
  // The finished-job toasts sit over the drawer's first row at this width (left to the toasts' own work): seen, then closed.
  // A toast may fade on its own between listing and clicking: each click is bounded.
  for (const close of await page.locator('.toast').getByRole('button', { name: 'Dismiss' }).all()) await close.click({ timeout: 5_000 }).catch(() => undefined);
  // At this width the history folds into a rail; its button opens the drawer (by keyboard: a toast still fading
  // may sit over the rail, and a pointer click then waited for the whole test's time in one CI run).
  await page.getByRole('button', { name: 'History', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('complementary', { name: 'History panel' })).toBeVisible();
  await expect(history.getByRole('article', { name: 'teapot.png' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('history-rows-1024.png') });
});
