/**
 * Results come to you: the job just submitted opens in the
 * viewport when it finishes, without a click; a job finished after the user
 * opened something else stays where it is, and its toast offers Open.
 */
import { expect, test } from './fixtures';
import { chooseKind, generate, generatePanel } from './generate-support';
import { HistoryViewport } from './pages/history-viewport';

test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '3' } });

test('submit, and the finished model opens in the viewport by itself; a later one waits behind its toast Open button', async ({ page, studio }) => {
  test.setTimeout(180_000);
  const hv = new HistoryViewport(page, studio);
  await page.goto(studio.url);
  await chooseKind(page, 'Text to 3D');
  await generatePanel(page).getByLabel(/^Prompt/).fill('a copper watering can');
  await generate(page);

  const item = hv.history.getByRole('article', { name: /copper watering can/i });
  await expect(item).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  const jobId = (await item.getAttribute('data-job-id'))!;
  // Nobody clicks anything: the viewport shows the new model, with pixels.
  const opened = await hv.settled(jobId);
  expect(opened).toMatchObject({ state: 'ready', content: 'model' });
  await hv.expectModelDrawn();
  await page.screenshot({ path: test.info().outputPath('opened-by-itself.png') });

  // A second job; meanwhile the user opens the first one again (something else "since"): the second does not take over.
  await generatePanel(page).getByLabel(/^Prompt/).fill('a tin lantern');
  await generate(page);
  const second = hv.history.getByRole('article', { name: /tin lantern/i });
  await expect(second).toHaveAttribute('data-status', /active|queued/, { timeout: 30_000 });
  await hv.open((await item.getAttribute('data-local-id'))!);
  await expect(second).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  // Within the notifications region: Radix also reads each new toast out through a status line of its own for a second.
  const toast = page.getByRole('region', { name: /^Notifications/ }).getByRole('status').filter({ hasText: 'Text to 3D finished' }).filter({ hasText: 'tin lantern' });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(hv.viewport).toHaveAttribute('data-job-id', jobId);
  await toast.getByRole('button', { name: 'Open' }).click();
  const secondId = (await second.getAttribute('data-job-id'))!;
  expect((await hv.settled(secondId)).state).toBe('ready');
});
