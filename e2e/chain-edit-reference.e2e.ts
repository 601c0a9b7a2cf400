/**
 * Chains that connect: Edit image takes references by their web
 * address, so a text-to-image result becomes a reference in one click ("Use
 * a result from the history"), and the request the service receives carries
 * that result's published address. A file dropped there is refused, and the
 * form says why in plain words.
 */
import { expect, test } from './fixtures';
import { chooseKind, generate, generatePanel, pngImage, sandboxState } from './generate-support';
import { HistoryViewport } from './pages/history-viewport';

test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' } });

type SandboxJob = { id: string; kind: string; genParams: Record<string, unknown> };

test('a text-to-image result is added as an Edit image reference in one click, and the request carries its address', async ({ page, studio }) => {
  test.setTimeout(150_000);
  const hv = new HistoryViewport(page, studio);
  await page.goto(studio.url);
  await chooseKind(page, 'Text to image');
  const panel = generatePanel(page);
  await panel.getByLabel(/^Prompt/).fill('a paper lantern, watercolour');
  await generate(page);
  await expect(hv.history.getByRole('article', { name: /lantern/i })).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  const before = await sandboxState(studio.url);
  const source = (before.jobs as SandboxJob[]).find((j) => j.kind === 'text-to-image')!;
  const expectedUrl = `${String(before.storageUrl).replace(/\/+$/, '')}/jobs/${source.id}.png`;

  await chooseKind(page, 'Edit image');
  await panel.getByRole('radiogroup', { name: /Source image/ }).getByRole('radio', { name: /lantern/i }).check();
  await panel.getByLabel(/^Prompt/).fill('make it glow at dusk');
  await panel.getByRole('group', { name: 'Use a result from the history' }).getByRole('button', { name: /lantern/i }).click();
  await expect(panel.getByRole('textbox', { name: /Image URL/ })).toHaveValue(expectedUrl);

  // A file from this computer cannot be a reference: the form says why, and adds nothing.
  await panel.getByTestId('drop-zone-A file on this computer?').locator('input[type=file]').setInputFiles({ name: 'moodboard.png', mimeType: 'image/png', buffer: await pngImage() });
  const refusal = panel.getByText(/moodboard\.png: A file on this computer cannot be a reference: the service fetches each reference from its web address/);
  await expect(refusal).toBeVisible();
  // Centred: the panel's sticky Generate footer would cover it at the bottom edge.
  await refusal.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(panel.getByRole('textbox', { name: /Image URL/ })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('edit-reference-form.png') });

  await generate(page);
  await expect(hv.history.getByRole('article').filter({ has: page.getByText('Edit image', { exact: true }) })).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  const edit = ((await sandboxState(studio.url)).jobs as SandboxJob[]).find((j) => j.kind === 'image-edit')!;
  expect(edit.genParams.jobId).toBe(source.id);
  expect(edit.genParams.references).toEqual([{ url: expectedUrl, kind: 'style' }]);
});
