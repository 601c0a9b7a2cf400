/**
 * The compare view's stats table with four takes is wider than the viewport
 * at 1024×700 and 1440×900: it scrolls sideways inside the viewport (from the
 * keyboard too) instead of running past the viewport's right edge, where the
 * last takes' figures were cut off. Screenshots, scrolled to the last take,
 * go to test-results/.
 */
import { expect, test } from './fixtures';
import { HistoryViewport } from './pages/history-viewport';

test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' } });

for (const size of [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
]) {
  test(`at ${size.width}×${size.height} the stats of four takes scroll inside the viewport`, async ({ page, studio }, info) => {
    test.setTimeout(150_000);
    await page.setViewportSize(size);
    const hv = new HistoryViewport(page, studio);
    const setId = 'set-bookcase-takes';
    // Four takes of one request, as Generate with Variants 4 submits them.
    for (let i = 0; i < 4; i++) {
      const take = await studio.invoke<{ localId: string }>('jobs:submit', { kind: 'text-to-3d', fields: { prompt: 'a tall oak bookcase with carved doors' }, setId });
      if (!take.ok) throw new Error(take.problem.message);
      await hv.waitReady(take.value.localId);
    }
    await page.goto(studio.url);
    if (size.width < 1200) await page.getByRole('button', { name: 'History', exact: true }).click();
    await hv.history.locator('article[data-set-id]').getByRole('button', { name: 'Compare', exact: true }).click();
    const compare = page.getByRole('region', { name: 'Compare', exact: true });
    await expect(compare).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
    const table = compare.getByRole('table', { name: 'Compared stats' });
    await expect.poll(async () => (await table.locator('tr[data-stat="triangles"] td').allTextContents()).every((t) => /\d/.test(t)), { timeout: 30_000 }).toBe(true);
    // Every figure known (a cell still reading "…" widens its column when its figure lands, moving the last take
    // after the scroll below: in a fresh-clone run its cell ended at 1,498 px, past the 980 px edge, after End).
    await expect.poll(async () => (await table.locator('td').allTextContents()).filter((t) => t.trim() === '…').length, { timeout: 30_000 }).toBe(0);

    const scroller = compare.getByRole('region', { name: 'Compared stats, scrolls sideways' });
    const panel = (await page.getByRole('region', { name: 'Viewport panel' }).boundingBox())!;
    const box = (await scroller.boundingBox())!;
    expect(box.x + box.width, 'the stats end inside the viewport').toBeLessThanOrEqual(panel.x + panel.width + 1);
    const lastHeader = table.locator('thead th').last();
    await expect(lastHeader).toHaveText('Take 4');
    const lastCell = table.locator('tr[data-stat="triangles"] td').last();

    // Scrolled to the end from the keyboard, the last take's column is wholly in view.
    await scroller.focus();
    await page.keyboard.press('End');
    for (let i = 0; i < 20 && (await scroller.evaluate((el) => el.scrollLeft + el.clientWidth < el.scrollWidth - 1)); i++) await page.keyboard.press('ArrowRight');
    const cell = (await lastCell.boundingBox())!;
    expect(cell.x).toBeGreaterThanOrEqual(box.x - 1);
    expect(cell.x + cell.width).toBeLessThanOrEqual(box.x + box.width + 1);
    await page.screenshot({ path: info.outputPath(`compare-stats-${size.width}x${size.height}.png`) });
  });
}
