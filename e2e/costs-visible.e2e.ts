/**
 * Costs you can see (issue 17): the built-in sandbox hands over its rate
 * card, so the Generate button quotes the form as it stands (surcharges
 * included); after a 402 the panel says what to do, and the top bar shows the
 * balance the service reported and how old it is.
 */
import { expect, test } from './fixtures';
import { chooseKind, generate, generatePanel, sandboxBaseUrl, sandboxState } from './generate-support';

test('the Generate button quotes the request; a refusal for credits says what to do and the top bar learns the balance', async ({ page, studio }) => {
  await page.goto(studio.url);
  await chooseKind(page, 'Text to 3D');
  const panel = generatePanel(page);
  await panel.getByLabel(/^Prompt/).fill('a marble bust');
  const button = panel.getByRole('button', { name: 'Generate', exact: true });
  await expect(button).toHaveText('Generate · 20 credits');
  await panel.getByLabel(/^Topology/).selectOption('quads');
  await expect(button).toHaveText('Generate · 30 credits');
  await expect(page.getByText('Balance: not known yet')).toBeVisible();

  // Leave the key 5 credits: the service refuses with 402.
  const clientId = ((await sandboxState(studio.url)).keys as { clientId: string }[])[0]!.clientId;
  const origin = new URL(await sandboxBaseUrl(studio.url)).origin;
  const set = await fetch(`${origin}/__sandbox/balance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientId, credits: 5 }) });
  expect(set.ok).toBe(true);
  await generate(page);
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText('Not enough credits', { timeout: 30_000 });
  await expect(alert).toContainText('needs 30 credits');
  await expect(alert).toContainText('balance is 5 credits');
  await expect(alert).toContainText('switch to another sandbox key');
  await expect(alert).not.toContainText('resume');
  await expect(page.getByText(/Balance: 5 credits · just now/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('costs-402.png') });
});
