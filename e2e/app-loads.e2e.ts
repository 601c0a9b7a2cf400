/** Journey: open the printed URL; the app appears with no console or page errors (checked by the fixture). */
import { expect, test } from './fixtures';

test('the app loads from the printed URL with no console errors', async ({ app, page }) => {
  await expect(page).toHaveTitle('Asset Studio');
  await expect(app.banner.getByRole('heading', { name: 'Asset Studio' })).toBeVisible();
  // The token has left the address bar (history, bookmarks, screenshots).
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);
  // Let late errors (a failed fetch, a WebGL error) surface before the fixture checks.
  await page.waitForTimeout(1500);
});

test('the app still works after a reload of the tab', async ({ app, page }) => {
  await page.reload();
  await expect(app.banner).toBeVisible();
  await expect(app.generatePanel).toBeVisible();
  await page.waitForTimeout(1000);
});
