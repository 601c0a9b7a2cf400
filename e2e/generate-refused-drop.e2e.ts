/**
 * What is sent is what the form shows. With photo_chest.png in Image to 3D, a
 * dropped 29.3 MB PNG is refused: the slot is emptied with a line saying so
 * (photo_chest.png is not left behind to be sent), Generate is off and quotes
 * nothing, and no job reaches the service. Generate stays off while a field
 * shows an error, and focus stays on it after Enter.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseKind, dropOnWindow, generatePanel, pngImage, sandboxState } from './generate-support';

const MB = 1024 * 1024;

/** Requests that reached the service's API (the inspection calls themselves do not count). */
async function serviceRequests(url: string): Promise<string[]> {
  const state = await sandboxState(url);
  return ((state.requests ?? []) as { method: string; path: string }[]).filter((r) => r.path.startsWith('/api') && r.method === 'POST').map((r) => `${r.method} ${r.path}`);
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const [w, h] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: test.info().outputPath(`${name}-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a 29.3 MB PNG dropped over photo_chest.png: the slot empties, Generate is off, nothing is sent or quoted', async ({ page, studio }) => {
  await page.goto(studio.url);
  const panel = generatePanel(page);
  const button = panel.getByRole('button', { name: 'Generate', exact: true });
  // The window takes drops once the app is on screen.
  await expect(button).toBeVisible();
  await dropOnWindow(page, [{ name: 'photo_chest.png', mime: 'image/png', bytes: await pngImage(128, 128, '#8e5b3a') }]);
  // Staging goes through the host: allow for a busy machine.
  await expect(page.getByRole('combobox', { name: 'Generation type' })).toHaveValue('image-to-3d', { timeout: 60_000 });
  await expect(panel.getByText('photo_chest.png')).toBeVisible();
  await expect(button).toHaveText('Generate · 20 credits');
  const before = await serviceRequests(studio.url);

  // A real PNG's first bytes, padded to 29.3 MB: made in the page (sending 29 MB into it takes minutes), dropped as a user would.
  await dropOnWindow(page, [{ name: 'big.png', mime: 'image/png', bytes: await pngImage(8, 8), padTo: Math.round(29.3 * MB) }]);
  await expect(panel.getByText('big.png was not used. Image: the file is 29.3 MB; the limit is 20.0 MB. photo_chest.png was taken out too, so nothing from this slot is sent: choose another file.')).toBeVisible({ timeout: 60_000 });
  // The panel shows what it holds: no photo_chest.png, no price, Generate off and saying why.
  await expect(panel.locator('.staged')).toHaveCount(0);
  await expect(button).toBeDisabled();
  await expect(button).toHaveText('Generate');
  await expect(panel.getByText('Generate is off until this is fixed: Image.')).toBeVisible();
  await shoot(page, 'refused-drop');

  // Pressed anyway, by click and by Ctrl+Enter: nothing goes out.
  await button.click({ force: true });
  await page.keyboard.press('Control+Enter');
  await expect(panel.getByText(/big\.png was not used/)).toBeVisible();
  expect(await serviceRequests(studio.url)).toEqual(before);
});

test('Generate is off while a field shows an error, and focus stays on it after Enter', async ({ page, studio }) => {
  await page.goto(studio.url);
  await chooseKind(page, 'Text to 3D');
  const panel = generatePanel(page);
  const button = panel.getByRole('button', { name: 'Generate', exact: true });
  const prompt = panel.getByLabel(/^Prompt/);
  await prompt.fill('x'.repeat(4097));
  await button.click();
  await expect(panel.getByText('Keep the prompt to 4,096 characters or fewer.')).toBeVisible();
  await expect(button).toBeDisabled();
  await expect(button).toHaveText('Generate');
  // Focus went to the field that needs fixing, not to the page.
  await expect(prompt).toBeFocused();

  await prompt.fill('a carved wooden totem pole');
  await expect(button).toBeEnabled();
  await expect(button).toHaveText('Generate · 20 credits');
  const before = (await serviceRequests(studio.url)).length;
  await button.focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await serviceRequests(studio.url)).length).toBeGreaterThan(before);
  // After Enter on Generate, focus is still on Generate (it used to fall to <body>).
  await expect(button).toBeFocused();
});

test('a staged image keeps its picture after a reload, not a letter', async ({ page, studio }) => {
  await page.goto(studio.url);
  const panel = generatePanel(page);
  await expect(panel.getByRole('button', { name: 'Generate', exact: true })).toBeVisible();
  await dropOnWindow(page, [{ name: 'photo_chest.png', mime: 'image/png', bytes: await pngImage(128, 128, '#8e5b3a') }]);
  await expect(panel.getByText('photo_chest.png')).toBeVisible({ timeout: 60_000 });
  await page.reload();
  const chip = panel.locator('.staged');
  await expect(chip.getByText('photo_chest.png')).toBeVisible();
  // A small copy of the picture kept with the draft: an <img> that has loaded, where a "P" used to stand.
  const img = chip.locator('img.thumb');
  await expect(img).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect.poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  await expect(chip.locator('.thumb-empty')).toHaveCount(0);
});
