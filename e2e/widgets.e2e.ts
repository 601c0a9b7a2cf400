/**
 * Widgets that behave: the history's ⋯ menu, focus after
 * nested dialogs, the keyboard-only journey from a prompt to an
 * export, and the layout at 1024×700.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { HistoryViewport } from './pages/history-viewport';

test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' } });

// The callbacks given to evaluate() run in the page; the e2e project is typed without the DOM library.
interface El {
  tagName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { left: number; right: number; top: number; bottom: number; width: number; height: number };
  closest(selector: string): El | null;
}
declare const document: { activeElement: El | null; body: El; elementFromPoint(x: number, y: number): El | null; querySelectorAll(selector: string): ArrayLike<El> };
declare const window: { innerWidth: number; innerHeight: number; addEventListener(type: string, listener: () => void, capture: boolean): void };
declare function getComputedStyle(el: El): { visibility: string };

/** Presses Tab until `target` has focus (keyboard only), failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
}

test('the history row ⋯ menu closes on Escape and outside clicks, moves with arrow keys, returns focus, and is never under the next row', async ({ page, studio }) => {
  const hv = new HistoryViewport(page, studio);
  const jobs = [];
  for (const prompt of ['a copper kettle', 'a stone bench', 'a paper lantern']) jobs.push(await hv.submit('text-to-3d', { prompt }));
  for (const job of jobs) await hv.waitReady(job.localId);
  await page.goto(studio.url);
  const rows = hv.history.getByRole('article');
  await expect(rows).toHaveCount(3);
  const trigger = rows.first().getByRole('button', { name: /^Actions for/ });

  await trigger.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  // Drawn over the next row: the point at the menu's centre belongs to the menu, not to the row below.
  const box = (await menu.boundingBox())!;
  const rowBelow = (await rows.nth(1).boundingBox())!;
  expect(box.y + box.height).toBeGreaterThan(rowBelow.y);
  const onTop = await page.evaluate(([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('[role="menu"]'), [box.x + box.width / 2, rowBelow.y + rowBelow.height / 2]);
  expect(onTop).toBe(true);

  // Arrow keys move through the items.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Open in viewport' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Export…' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Open in viewport' })).toBeFocused();

  // Escape closes it and focus goes back to the ⋯ button.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  // A click outside closes it too.
  await trigger.click();
  await expect(menu).toBeVisible();
  await page.getByRole('region', { name: 'Viewport panel' }).click({ position: { x: 40, y: 200 } });
  await expect(menu).toBeHidden();
});

for (const size of [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
]) {
  test(`at ${size.width}×${size.height} a set's ⋯ menu closes on Escape and outside clicks and moves with arrow keys`, async ({ page, studio }) => {
    const hv = new HistoryViewport(page, studio);
    // Two takes of one request, as Generate with Variants 2 sends them: one set in the history.
    for (let i = 0; i < 2; i++) {
      const take = await studio.invoke<{ localId: string }>('jobs:submit', { kind: 'text-to-image', fields: { prompt: 'a brass compass, top view' }, setId: 'set-menu-journey' });
      if (!take.ok) throw new Error(take.problem.message);
      await hv.waitReady(take.value.localId);
    }
    await page.setViewportSize(size);
    await page.goto(studio.url);
    // Below 1200 px the history is a rail: its History button opens it as a drawer.
    if (size.width < 1200) await page.getByRole('button', { name: 'History', exact: true }).click();
    const setRow = hv.history.locator('article[data-set-id]');
    await expect(setRow).toHaveCount(1);
    const trigger = setRow.getByRole('button', { name: /^Actions for/ });

    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`set-menu-${size.width}x${size.height}.png`) });
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Open the first take' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Export the first take…' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Open the first take' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(menu).toBeVisible();
    await hv.history.getByRole('searchbox', { name: 'Search history' }).click();
    await expect(menu).toBeHidden();
  });
}

test('Export → Settings → Escape, Escape puts focus back where it came from, not on the page body', async ({ page, studio }) => {
  const hv = new HistoryViewport(page, studio);
  const job = await hv.submit('text-to-3d', { prompt: 'a brass key' });
  await hv.waitReady(job.localId);
  await page.goto(studio.url);
  const trigger = hv.history.getByRole('button', { name: /^Actions for/ }).first();
  await trigger.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Export…' }).focus();
  await page.keyboard.press('Enter');
  const exportDialog = page.getByRole('dialog', { name: 'Export asset' });
  await expect(exportDialog).toBeVisible();
  const toSettings = exportDialog.getByRole('button', { name: 'Add a project folder in Settings' });
  await toSettings.focus();
  await page.keyboard.press('Enter');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();

  // Focus has moved into Settings (its first control) before the user presses Escape.
  await expect(settings.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(exportDialog).toBeVisible();
  await expect(toSettings).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(exportDialog).toBeHidden();
  await expect(trigger).toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
});

test('keyboard only: choose a kind, fill the prompt, generate, open the result, frame it, export it, with no mouse event', async ({ page, studio }) => {
  test.setTimeout(150_000);
  await page.goto(studio.url);
  await expect(page.getByRole('banner')).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { __pointerEvents: number };
    w.__pointerEvents = 0;
    for (const type of ['pointerdown', 'mousedown', 'mouseup', 'pointerup', 'wheel']) window.addEventListener(type, () => w.__pointerEvents++, true);
  });

  // Choose a kind: the Generation type menu takes arrow keys.
  const kind = page.getByRole('combobox', { name: 'Generation type' });
  await tabTo(page, kind);
  const start = await kind.inputValue();
  await page.keyboard.press('ArrowDown');
  await expect(kind).not.toHaveValue(start);
  await page.keyboard.press('ArrowUp');
  await expect(kind).toHaveValue('text-to-3d');

  // Fill the prompt and generate with Ctrl+Enter.
  const prompt = page.getByRole('region', { name: 'Generate', exact: true }).getByLabel(/^Prompt/);
  await tabTo(page, prompt);
  await page.keyboard.type('a wooden rocking horse');
  await page.keyboard.press('Control+Enter');

  // Open the result from its history row.
  const hv = new HistoryViewport(page, studio);
  const item = hv.history.getByRole('article', { name: /rocking horse/i });
  await expect(item).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  const open = item.getByRole('button', { name: /^Open .* in the viewport$/ });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const jobId = (await item.getAttribute('data-job-id'))!;
  expect((await hv.settled(jobId)).state).toBe('ready');

  // Frame it: the 3D view takes focus; zooming out moves the camera away, F brings the model back to fit.
  const view = page.getByRole('application');
  await tabTo(page, view);
  const canvas = view.locator('canvas');
  const fitted = Number(await canvas.getAttribute('data-camera-distance'));
  expect(fitted).toBeGreaterThan(0);
  for (let i = 0; i < 4; i++) await page.keyboard.press('-');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => Number(await canvas.getAttribute('data-camera-distance'))).toBeGreaterThan(fitted * 1.5);
  await page.keyboard.press('f');
  await expect.poll(async () => Number(await canvas.getAttribute('data-camera-distance'))).toBeCloseTo(fitted, 2);

  // Export it from the row's ⋯ menu, by keyboard: Save as… (no project folder yet) downloads the file.
  const actions = item.getByRole('button', { name: /^Actions for/ });
  await tabTo(page, actions);
  await page.keyboard.press('Enter');
  // One arrow at a time, each waited for as a user sees the highlight move: Radix moves focus on the next task
  // after the key, so a press read too early would be pressed again and land one item past.
  const exportItem = page.getByRole('menuitem', { name: 'Export…' });
  await expect(page.getByRole('menuitem', { name: 'Open in viewport' })).toBeFocused();
  for (let i = 0; i < 12 && !(await exportItem.evaluate((el) => el === document.activeElement)); i++) {
    const before = await focusedText(page);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedText(page)).not.toBe(before);
  }
  await expect(exportItem).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Export asset' });
  await expect(dialog).toBeVisible();
  const saveAs = dialog.getByRole('button', { name: 'Save as…' });
  await tabTo(page, saveAs, 30);
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/\.glb$/);

  expect(await page.evaluate(() => (window as unknown as { __pointerEvents: number }).__pointerEvents)).toBe(0);
});

test.describe('at 1024×700', () => {
  test.use({ viewport: { width: 1024, height: 700 } });

  test('the viewport keeps at least half the width, the history is one click away in a drawer, and no control is clipped', async ({ page, studio }) => {
    const hv = new HistoryViewport(page, studio);
    const job = await hv.submit('text-to-3d', { prompt: 'a tin robot' });
    await hv.waitReady(job.localId);
    await page.goto(studio.url);
    const viewport = page.getByRole('region', { name: 'Viewport panel' });
    await expect(viewport).toBeVisible();
    expect((await viewport.boundingBox())!.width).toBeGreaterThanOrEqual(512);

    // The history folds into a rail; its button opens it over the viewport, Escape closes it.
    const rail = page.getByRole('button', { name: 'History' });
    await rail.click();
    const drawer = page.getByRole('complementary', { name: 'History panel' });
    await expect(drawer).toBeVisible();
    const jobId = (await hv.history.getByRole('article').first().getAttribute('data-job-id'))!;
    await drawer.getByRole('button', { name: /^Open .* in the viewport$/ }).click();
    // Picking a job closes the drawer, so it does not cover the model just opened.
    await expect(drawer).toBeHidden();
    expect((await hv.settled(jobId)).state).toBe('ready');
    await rail.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    expect((await viewport.boundingBox())!.width).toBeGreaterThanOrEqual(512);

    // Every visible button, select and input lies wholly inside the window and inside its panel.
    const clipped = await page.evaluate(() => {
      const out: string[] = [];
      const W = window.innerWidth;
      const H = window.innerHeight;
      for (const el of Array.from(document.querySelectorAll('button, select, input, textarea, [role="radio"]'))) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
        const scroller = el.closest('.panel, .history-scroll');
        // Inside a scrolling panel, a control below the fold is reachable by scrolling; only sideways clipping counts.
        const bounds = scroller ? scroller.getBoundingClientRect() : { left: 0, right: W, top: 0, bottom: H };
        const vertical = scroller ? false : r.top < bounds.top - 1 || r.bottom > bounds.bottom + 1;
        if (r.left < bounds.left - 1 || r.right > bounds.right + 1 || vertical || r.right > W + 1) {
          out.push(`${el.tagName} "${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)}" ${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(bounds.left)}–${Math.round(bounds.right)}`);
        }
      }
      return out;
    });
    expect(clipped).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('layout-1024x700.png') });
  });
});
