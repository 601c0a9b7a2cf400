/**
 * Chains that connect: a text-to-image result → "Make a 3D model"
 * on its history row → Generate → a rendered model, with exactly one image
 * upload made by the app; a second "Make a 3D model" reuses it.
 */
import { expect, test } from './fixtures';
import { chooseKind, generate, generatePanel, sandboxState } from './generate-support';
import { HistoryViewport } from './pages/history-viewport';

test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' } });

function uploads(state: Record<string, unknown>): number {
  return typeof state.uploadCount === 'number' ? state.uploadCount : -1;
}

test('a text-to-image result becomes a rendered model through "Make a 3D model", with one image upload', async ({ page, studio }) => {
  test.setTimeout(180_000);
  const hv = new HistoryViewport(page, studio);
  await page.goto(studio.url);
  await chooseKind(page, 'Text to image');
  await generatePanel(page).getByLabel(/^Prompt/).fill('a carved wooden owl, front view');
  await generate(page);
  const image = hv.history.getByRole('article', { name: /owl/i }).filter({ has: page.getByText('Text to image', { exact: true }) });
  await expect(image).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  expect(uploads(await sandboxState(studio.url))).toBe(0);

  await image.getByRole('button', { name: 'Make a 3D model' }).click();
  // The form opens on Image to 3D with the uploaded image chosen.
  await expect(page.getByRole('combobox', { name: 'Generation type' })).toHaveValue('image-to-3d');
  await expect(generatePanel(page).getByRole('radiogroup', { name: /Uploaded image/ }).getByRole('radio', { checked: true })).toHaveCount(1);
  expect(uploads(await sandboxState(studio.url))).toBe(1);
  await page.screenshot({ path: test.info().outputPath('make-3d-form.png') });
  await generate(page);

  const model = hv.history.getByRole('article').filter({ has: page.getByText('Image to 3D', { exact: true }) });
  await expect(model).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  const jobId = (await model.getAttribute('data-job-id'))!;
  // It opens by itself, and draws.
  const shown = await hv.settled(jobId);
  expect(shown).toMatchObject({ state: 'ready', content: 'model' });
  await hv.expectModelDrawn();
  await page.screenshot({ path: test.info().outputPath('make-3d-rendered.png') });

  // Again from the same image: the upload is reused, nothing more is sent.
  await image.getByRole('button', { name: 'Make a 3D model' }).click();
  await expect(page.getByRole('combobox', { name: 'Generation type' })).toHaveValue('image-to-3d');
  const state = await sandboxState(studio.url);
  expect(uploads(state)).toBe(1);
  const posts = ((state.requests ?? []) as { path?: string; method?: string }[]).filter((r) => r.method === 'POST' && /image-upload$/.test(r.path ?? ''));
  expect(posts).toHaveLength(1);
});
