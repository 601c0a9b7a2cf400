/** Journey: the layout's regions are reachable by role and name, where the issue puts them. */
import { expect, test } from './fixtures';

test('the top bar, generate panel, viewport and history are on screen, left to right', async ({ app }) => {
  await expect(app.banner).toBeVisible();
  await expect(app.generatePanel).toBeVisible();
  await expect(app.viewportPanel).toBeVisible();
  await expect(app.historyPanel).toBeVisible();
  const box = async (l: typeof app.banner) => {
    const b = await l.boundingBox();
    if (!b) throw new Error('region has no box');
    return b;
  };
  const [generate, viewport, history, banner] = [await box(app.generatePanel), await box(app.viewportPanel), await box(app.historyPanel), await box(app.banner)];
  expect(banner.y).toBeLessThan(generate.y);
  expect(generate.x).toBeLessThan(viewport.x);
  expect(viewport.x + viewport.width).toBeLessThanOrEqual(history.x + 1);
  // The viewport takes the most room at 1280x800.
  expect(viewport.width).toBeGreaterThan(generate.width);
  expect(viewport.width).toBeGreaterThan(history.width);
});
