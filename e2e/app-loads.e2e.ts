/** Journey: open the printed URL; the app appears with no console or page errors (checked by the fixture). */
import { expectNothingFor } from '../testkit/expect-nothing';
import { expect, test } from './fixtures';

test('the app loads from the printed URL with no console errors', async ({ app, page, browserErrors }) => {
  await expect(page).toHaveTitle('Asset Studio');
  await expect(app.banner.getByRole('heading', { name: 'Asset Studio' })).toBeVisible();
  // The token has left the address bar (history, bookmarks, screenshots).
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);
  // No late error either (a failed fetch, a WebGL error) in the moments after it appears.
  await expectNothingFor(1500, 'page or console error', () => browserErrors.length > 0);
});

test('the app still works after a reload of the tab', async ({ app, page, browserErrors }) => {
  await page.reload();
  await expect(app.banner).toBeVisible();
  await expect(app.generatePanel).toBeVisible();
  await expectNothingFor(1000, 'page or console error after the reload', () => browserErrors.length > 0);
});
