/**
 * Costs you can see: the built-in sandbox hands over its rate
 * card, so the Generate button quotes the form as it stands (surcharges
 * included); after a 402 the panel says what to do, and the top bar shows the
 * balance the service reported and how old it is. Money in plain view: a
 * balance typed in Settings → Credits is the top bar's figure, less the
 * estimated price of each job sent after it, beside the week's spend; both
 * open Settings → Credits. Screenshots of the top bar at 1440×900 and
 * 1024×700 (looked at).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseKind, generate, generatePanel, sandboxBaseUrl, sandboxState } from './generate-support';

test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' } });

const topBar = (page: Page) => page.getByRole('banner');

async function setSandboxBalance(url: string, credits: number): Promise<void> {
  const clientId = ((await sandboxState(url)).keys as { clientId: string }[])[0]!.clientId;
  const origin = new URL(await sandboxBaseUrl(url)).origin;
  const set = await fetch(`${origin}/__sandbox/balance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientId, credits }) });
  expect(set.ok).toBe(true);
}

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
  // "Not known yet" says how to make it known.
  await expect(topBar(page).getByRole('button', { name: /Balance: not known yet/ })).toContainText('Click to type it from your dashboard');

  // Leave the key 5 credits: the service refuses with 402.
  await setSandboxBalance(studio.url, 5);
  await generate(page);
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText('Not enough credits', { timeout: 30_000 });
  await expect(alert).toContainText('needs 30 credits');
  await expect(alert).toContainText('balance is 5 credits');
  await expect(alert).toContainText('switch to another sandbox key');
  await expect(alert).not.toContainText('resume');
  // The top bar: the 402's figure, where it came from and how old it is, marked as an estimate.
  const balance = topBar(page).getByRole('button', { name: /^Balance/ });
  await expect(balance).toContainText('Balance ≈ 5 credits');
  await expect(balance).toContainText('estimate · 5 when a request was refused just now');
  await expect(topBar(page).getByRole('button', { name: /^Spent/ })).toContainText('Spent ≈ 0 credits');
  await page.screenshot({ path: test.info().outputPath('costs-402.png') });
});

test('a balance typed in Settings is the top bar\'s figure, less the price of each job sent after it', async ({ page, studio }) => {
  test.setTimeout(120_000);
  await setSandboxBalance(studio.url, 1000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(studio.url);
  const balance = topBar(page).getByRole('button', { name: /^Balance/ });
  // The balance opens Settings → Credits, where the dashboard's figure is typed.
  await balance.click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel(/^Balance of Sandbox key 1/).fill('1000');
  await settings.getByRole('button', { name: 'Save balance' }).click();
  await expect(settings.getByText('Saved: the top bar counts from it.')).toBeVisible();
  await settings.getByRole('heading', { name: 'In the top bar' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('settings-credits-1440.png') });
  await page.keyboard.press('Escape');
  await expect(balance).toContainText('Balance ≈ 1,000 credits');
  await expect(balance).toContainText('estimate · 1,000 typed by you just now');

  await chooseKind(page, 'Text to 3D');
  await generatePanel(page).getByLabel(/^Prompt/).fill('a marble bust');
  await expect(generatePanel(page).getByRole('button', { name: 'Generate', exact: true })).toHaveText('Generate · 20 credits');
  await generate(page);
  await expect(page.getByRole('region', { name: 'Job history' }).getByRole('article', { name: /marble bust/i })).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  await expect(balance).toContainText('Balance ≈ 980 credits');
  await expect(balance).toContainText('less 20 spent since');
  const spend = topBar(page).getByRole('button', { name: /^Spent/ });
  await expect(spend).toContainText('Spent ≈ 20 credits');
  await expect(spend).toContainText('last 7 days · estimate');
  // The bar keeps one line: the money does not push the workspace down.
  expect((await topBar(page).boundingBox())!.height).toBeLessThan(56);
  await topBar(page).screenshot({ path: test.info().outputPath('top-bar-1440.png') });
  await page.screenshot({ path: test.info().outputPath('money-1440.png') });

  // The spend opens the same page, where its period is chosen.
  await spend.click();
  await settings.getByLabel('Spend shown in the top bar').selectOption('30');
  await page.keyboard.press('Escape');
  await expect(spend).toContainText('last 30 days · estimate');

  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(balance).toBeVisible();
  expect((await topBar(page).boundingBox())!.height).toBeLessThan(56);
  await topBar(page).screenshot({ path: test.info().outputPath('top-bar-1024.png') });
  await page.screenshot({ path: test.info().outputPath('money-1024.png') });
});
