import { expect, test } from './fixtures';
import { chooseKind, expectFinished, generate, generatePanel, sandboxState } from './generate-support';

/** A finished model's history item opens Retexture with that model chosen; one prompt later it is retextured. */
test('retexturing a finished model from its history item', async ({ page, studio }) => {
  test.setTimeout(180_000);
  await page.goto(studio.url);
  const panel = generatePanel(page);
  await chooseKind(page, 'Text to 3D');
  await panel.getByLabel(/^Prompt/).fill('a ceramic vase');
  await generate(page);
  await expectFinished(page);

  const history = page.getByRole('region', { name: 'Job history' });
  // The service titles the job from the prompt ("Ceramic vase").
  const item = history.getByRole('article', { name: /ceramic vase/i });
  await expect(item).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  const sourceJobId = await item.getAttribute('data-job-id');
  expect(sourceJobId).toBeTruthy();
  await item.getByRole('button', { name: /^Actions for/ }).click();
  // The menu is drawn in a portal above the list (never clipped by the next row), not inside the row.
  await page.getByRole('menuitem', { name: 'Retexture' }).click();

  await expect(page.getByRole('combobox', { name: 'Generation type' })).toHaveValue('retexture');
  const source = panel.getByRole('radiogroup', { name: 'Source model' });
  await expect(source.getByRole('radio', { checked: true })).toHaveAccessibleName(/ceramic vase/i);
  await panel.getByLabel(/^Prompt/).fill('glazed cobalt blue with gold rim');
  await generate(page);
  await expectFinished(page);

  const state = await sandboxState(studio.url);
  const jobs = (state.jobs ?? []) as { id?: string; jobId?: string; kind?: string; endpoint?: string; request?: Record<string, unknown>; sourceJobId?: string }[];
  const retextures = jobs.filter((j) => (j.kind ?? j.endpoint) === 'retexture');
  expect(retextures).toHaveLength(1);
  expect(JSON.stringify(retextures[0])).toContain(sourceJobId!);
});
