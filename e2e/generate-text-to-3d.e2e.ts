import { expect, test } from './fixtures';
import { chooseKind, expectFinished, generate, generatePanel } from './generate-support';

/** Text to 3D, from a prompt to a finished job. */
test('text to 3D: a prompt becomes a finished model', async ({ page, studio }) => {
  await page.goto(studio.url);
  await chooseKind(page, 'Text to 3D');
  const prompt = generatePanel(page).getByLabel(/^Prompt/);
  await prompt.fill('a small wooden stool');
  await expect(generatePanel(page).getByText('20 / 4,096')).toBeVisible();
  await generatePanel(page).getByLabel(/^Target face count/).fill('2000');
  await generate(page);
  await expectFinished(page);
});
