/**
 * One toast per set: three takes of one prompt finish one by one and share
 * one toast that counts up to "3 of 3 done" with Open, where each used to
 * bring its own (three stacked over the history). The toast sits at the
 * viewport's top right, clear of the history panel, and leaves by itself.
 * Screenshots at 1440×900 and 1024×700 (looked at).
 */
import { expect, test } from './fixtures';
import { chooseKind, generate, generatePanel } from './generate-support';

test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' } });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const [width, height] of [
  [1440, 900],
  [1024, 700],
] as const) {
  test(`three takes make one toast that counts up, clear of the history (${width}×${height})`, async ({ page, studio }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    await page.goto(studio.url);
    await chooseKind(page, 'Text to 3D');
    const panel = generatePanel(page);
    await panel.getByLabel(/^Prompt/).fill('a weathered bronze knight helmet');
    await panel.getByLabel('Variants').fill('3');
    await generate(page);
    const notifications = page.getByRole('region', { name: /^Notifications/ });
    // Radix also reads each toast out through a status line of its own: count the toasts themselves.
    const toasts = notifications.locator('.toast');
    const grouped = toasts.filter({ hasText: 'of 3 done' });
    await expect(grouped).toHaveText(/3 of 3 done/, { timeout: 60_000 });
    await expect(toasts).toHaveCount(1);
    await expect(grouped).toContainText(/bronze knight helmet/i);
    await expect(grouped.getByRole('button', { name: 'Open' })).toBeVisible();
    const history = width >= 1200 ? page.getByRole('complementary', { name: 'History panel' }) : page.getByRole('navigation', { name: 'Side panels' });
    expect(overlaps((await grouped.boundingBox())!, (await history.boundingBox())!), 'the toast covers the history').toBe(false);
    await page.screenshot({ path: test.info().outputPath(`toast-grouped-${width}.png`) });
    // It leaves by itself a few seconds after the set's last take.
    await expect(toasts).toHaveCount(0, { timeout: 15_000 });
  });
}
