/**
 * The window never scrolls as a page: the forms, the history and the
 * viewport scroll inside their panels, and the top bar stays where it is.
 * A form's visually hidden file input, positioned against the page instead of
 * its drop zone, once stretched the document past the window (Multi-image to 3D
 * and Edit image with images in the history: 814 and 886 px in an 800 px window),
 * and the top bar scrolled away.
 */
import { expect, test } from './fixtures';
import { HistoryViewport } from './pages/history-viewport';

test.use({ viewport: { width: 1280, height: 800 } });

test('no generation form makes the window scroll as a page', async ({ page, studio }) => {
  test.setTimeout(150_000);
  const hv = new HistoryViewport(page, studio);
  // Images in the history fill the forms' "use an image you made" pickers, the tallest state of those forms.
  await hv.waitReady((await hv.submit('text-to-image', { prompt: 'a copper teapot' })).localId);
  await hv.waitReady((await hv.submit('text-to-image', { prompt: 'a tin kettle' })).localId);
  await page.goto(studio.url);
  await expect(page.getByRole('banner')).toBeVisible();
  const kinds = page.getByLabel('Generation type');
  const labels = (await kinds.locator('option:not([disabled])').allTextContents()).filter((l) => l.trim() !== '');
  expect(labels.length).toBeGreaterThan(3);
  for (const label of labels) {
    await kinds.selectOption({ label });
    await expect(page.getByLabel('Generation type')).toHaveValue(/.+/);
    const [scrollHeight, clientHeight] = await page.evaluate('[document.scrollingElement.scrollHeight, document.scrollingElement.clientHeight]') as [number, number];
    expect(scrollHeight, `${label}: the page is taller than the window`).toBeLessThanOrEqual(clientHeight);
  }
});
