/**
 * Small windows: at 1024×700 the error card used to cover the
 * viewport's stats (both sat at the bottom right). With the history folded
 * into a rail the toasts now sit under the viewport's toolbar
 * (toastPlacement), so neither the stats nor the toolbar nor the rail is covered.
 */
import { expect, test } from './fixtures';
import { HistoryViewport } from './pages/history-viewport';

test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' }, viewport: { width: 1024, height: 700 } });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('at 1024×700 an error card covers neither the stats, the toolbar nor the history rail', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const hv = new HistoryViewport(page, studio);
  const chest = await hv.waitReady((await hv.submit('text-to-3d', { prompt: 'a small wooden treasure chest' })).localId);
  await page.goto(studio.url);
  await page.getByRole('button', { name: 'History' }).click();
  await hv.open(chest.localId);
  await page.keyboard.press('Escape');
  expect((await hv.settled(chest.jobId)).state).toBe('ready');
  await hv.submit('text-to-3d', { prompt: 'sandbox:fail a broken lamp' });
  const card = page.getByRole('region', { name: 'Problems' });
  await expect(card.getByRole('alert')).toBeVisible({ timeout: 60_000 });
  const cardBox = (await card.boundingBox())!;
  for (const [what, locator] of [
    ['stats', page.getByRole('complementary', { name: 'Model statistics' })],
    ['toolbar', page.getByRole('button', { name: 'Reset view' })],
    ['history rail', page.getByRole('button', { name: 'History' })],
  ] as const) {
    const box = (await locator.boundingBox())!;
    expect(overlaps(cardBox, box), `the error card covers the ${what}`).toBe(false);
  }
});

test('an error card stays under a modal dialog instead of covering its text', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const hv = new HistoryViewport(page, studio);
  await page.goto(studio.url);
  await hv.submit('text-to-3d', { prompt: 'sandbox:fail a broken lamp' });
  const card = page.getByRole('region', { name: 'Problems' });
  await expect(card.getByRole('alert')).toBeVisible({ timeout: 60_000 });
  // Measured before Settings opens: a modal hides the page behind it from the accessibility tree.
  const cardBox = (await card.boundingBox())!;
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  const dialogBox = (await settings.boundingBox())!;
  expect(overlaps(cardBox, dialogBox), 'at 1024 px the card and the dialog share space (what this test is about)').toBe(true);
  // Where both are, the dialog is on top: what the user sees and clicks there belongs to Settings.
  const x = Math.max(cardBox.x, dialogBox.x) + 4;
  const y = Math.max(cardBox.y, dialogBox.y) + 4;
  // The e2e project compiles without the DOM library: the page's document is typed by what is read of it.
  type Doc = { elementFromPoint(x: number, y: number): { closest(s: string): { getAttribute(n: string): string | null } | null } | null };
  const topmostIsDialog = await page.evaluate(
    ([px, py]) => (globalThis as unknown as { document: Doc }).document.elementFromPoint(px!, py!)?.closest('[role="dialog"]')?.getAttribute('aria-label') ?? null,
    [x, y],
  );
  expect(topmostIsDialog).toBe('Settings');
  await page.keyboard.press('Escape');
  await expect(card.getByRole('alert')).toBeVisible();
});
