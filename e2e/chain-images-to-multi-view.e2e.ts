/**
 * Chains that connect: two text-to-image results → Multi-image to
 * 3D (front + left, one click each from "Use an image you made or uploaded") → Generate →
 * a rendered model. The views are image files in that request (the endpoint
 * takes no upload id), so the app sends copies of the two results with it
 * (the sandbox receives exactly two image files) and makes no separate image
 * upload, which that request could not use.
 */
import { expect, test } from './fixtures';
import { chooseKind, generate, generatePanel, sandboxState } from './generate-support';
import { HistoryViewport } from './pages/history-viewport';

test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' } });

type Req = { path?: string; method?: string; status?: number };
const posts = (state: Record<string, unknown>, re: RegExp) => ((state.requests ?? []) as Req[]).filter((r) => r.method === 'POST' && re.test(r.path ?? ''));

test('two text-to-image results become the front and left views of a rendered model, with exactly two images sent and no separate upload', async ({ page, studio }) => {
  test.setTimeout(180_000);
  const hv = new HistoryViewport(page, studio);
  await page.goto(studio.url);
  await chooseKind(page, 'Text to image');
  const prompt = generatePanel(page).getByLabel(/^Prompt/);
  for (const words of ['a clay teapot, front view', 'a clay teapot, left side view']) {
    await prompt.fill(words);
    await generate(page);
    await expect(hv.history.getByRole('article', { name: new RegExp(words.split(',')[1]!.trim(), 'i') })).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  }

  await chooseKind(page, 'Multi-image to 3D');
  const made = generatePanel(page).getByRole('group', { name: 'Use an image you made or uploaded' });
  await made.getByRole('button', { name: /front view/i }).click();
  await expect(generatePanel(page).getByRole('button', { name: /^Remove .*front view/i })).toBeVisible();
  await made.getByRole('button', { name: /left side view/i }).click();
  await expect(generatePanel(page).getByRole('button', { name: /^Remove .*left side view/i })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('multi-view-form.png'), fullPage: true });
  await generate(page);

  const model = hv.history.getByRole('article').filter({ has: page.getByText('Multi-image to 3D', { exact: true }) });
  await expect(model).toHaveAttribute('data-status', 'finished', { timeout: 90_000 });
  const shown = await hv.settled((await model.getAttribute('data-job-id'))!);
  expect(shown).toMatchObject({ state: 'ready', content: 'model' });
  await hv.expectModelDrawn();
  await page.screenshot({ path: test.info().outputPath('multi-view-rendered.png') });

  const state = await sandboxState(studio.url);
  expect(posts(state, /multi-image-to-3d$/).filter((r) => (r.status ?? 0) < 300)).toHaveLength(1);
  expect(posts(state, /image-upload$/)).toHaveLength(0);
  // The sandbox counts every image file it receives: the two views, sent once, with the one request.
  expect(state.uploadCount).toBe(2);
});
