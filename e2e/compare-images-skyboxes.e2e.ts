/**
 * Variants and comparison of pictures: a set of image takes opens
 * side by side with one zoom and pan for all (wheel over one, drag another:
 * every image follows), and a set of skybox takes opens with one look
 * direction and one field of view (drag in one view, wheel: every view
 * follows). Both sets are generated from the form and open by themselves.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseKind, generate, generatePanel } from './generate-support';
import { canvasShot, cutCells, expectViewsDrawn, measure, thumbprint } from './pixels';

const SHOTS = process.env.ASSET_STUDIO_SHOTS_DIR;
// Takes of 2 s keep the journeys short.
test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' } });

interface ViewReport {
  jobId: string;
  camera: number[];
  fov: number;
}

const views = (page: Page) => page.evaluate(() => (globalThis as unknown as { __compareViews?: () => ViewReport[] }).__compareViews?.() ?? []);

async function shot(target: Page | Locator, name: string): Promise<void> {
  if (SHOTS) await target.screenshot({ path: join(SHOTS, name) });
}

/** Generates a set of `takes` from the form and waits for it to open in the compare view by itself. */
async function generateSet(page: Page, kind: string, prompt: string, takes: number): Promise<Locator> {
  await chooseKind(page, kind);
  const panel = generatePanel(page);
  await panel.getByLabel(/^Prompt/).fill(prompt);
  await panel.getByLabel('Variants').fill(String(takes));
  await generate(page);
  const compare = page.getByRole('region', { name: 'Compare', exact: true });
  await expect(compare).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
  const ids = (await compare.getAttribute('data-job-ids'))!.split(' ');
  expect(ids).toHaveLength(takes);
  expect(new Set(ids).size).toBe(takes);
  return compare;
}

test('a set of images: side by side, one zoom and one pan for all', async ({ page, studio }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto(studio.url);
  const compare = await generateSet(page, 'Text to image', 'a lighthouse at dusk, poster', 3);
  await expect(compare).toHaveAttribute('data-content', 'image');
  await expect(compare.getByText('Compare 3 images')).toBeVisible();
  const images = compare.locator('.compare-images img');
  await expect(images).toHaveCount(3);
  // Three different takes (the sandbox varies framing and tint per job), in the test's own screenshots of the three frames.
  const frames = compare.locator('.compare-image-frame');
  const frameShots = () => Promise.all([0, 1, 2].map((i) => frames.nth(i).screenshot({ style: '.compare-label { visibility: hidden !important; }' })));
  const shown = await frameShots();
  for (const png of shown) expect((await measure(png)).spread).toBeGreaterThan(10);
  const prints = await Promise.all(shown.map(thumbprint));
  expect(new Set(prints).size).toBe(3);
  await expect(compare.locator('tr[data-stat="size"] td')).toHaveCount(3);
  await expect(compare.locator('tr[data-stat="file-size"] td')).toHaveCount(3);
  await shot(page, 'compare-images.png');

  const shared = compare.locator('.compare-images');
  const transforms = () => images.evaluateAll((els) => els.map((el) => (el as unknown as { style: { transform: string } }).style.transform));
  const before = await transforms();
  expect(new Set(before).size).toBe(1);

  // Zoom with the wheel over the first image: all three zoom.
  const first = (await compare.locator('.compare-image-frame').nth(0).boundingBox())!;
  await page.mouse.move(first.x + first.width / 2, first.y + first.height / 2);
  await page.mouse.wheel(0, -400);
  await expect.poll(async () => Number(await shared.getAttribute('data-zoom'))).toBeGreaterThan(1.5);
  // Pan by dragging the third: all three move by the same amount.
  const third = (await compare.locator('.compare-image-frame').nth(2).boundingBox())!;
  const x = third.x + third.width / 2;
  const y = third.y + third.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 60, y + 30, { steps: 6 });
  await page.mouse.up();
  await expect(shared).toHaveAttribute('data-pan', '60 30');
  const after = await transforms();
  expect(new Set(after).size).toBe(1);
  expect(after[0]).not.toBe(before[0]);
  expect(after[0]).toMatch(/translate\(60px, 30px\) scale\(1\.[5-9]/);
  // Every frame's picture moved, in the screenshots (not only the one under the wheel and the one dragged).
  await expect.poll(async () => (await Promise.all((await frameShots()).map(thumbprint))).map((p, i) => p !== prints[i])).toEqual([true, true, true]);
  await shot(page, 'compare-images-zoomed-panned.png');
});

test('a set of skyboxes: one look direction and one field of view for all', async ({ page, studio }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto(studio.url);
  const compare = await generateSet(page, 'Text to skybox', 'a misty pine forest at dawn', 2);
  await expect(compare).toHaveAttribute('data-content', 'skybox');
  await expect(compare.getByText('Compare 2 skyboxes')).toBeVisible();
  const before = await views(page);
  expect(before).toHaveLength(2);
  // Each half of the canvas shows a panorama, in the test's own screenshot.
  const canvas = page.locator('.viewport-stage canvas');
  await expectViewsDrawn(canvas, 2, 'sky');
  const prints = async () => Promise.all((await cutCells(await canvasShot(canvas), 2)).map(thumbprint));
  const first = await prints();
  await shot(page, 'compare-skyboxes.png');

  // Look around in the second view: the first looks the same way.
  const box = (await canvas.boundingBox())!;
  const x = box.x + (box.width * 3) / 4;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 150, y + 40, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => JSON.stringify((await views(page))[1]?.camera) !== JSON.stringify(before[1]!.camera)).toBe(true);
  const turned = await views(page);
  expect(turned[0]!.camera).toEqual(turned[1]!.camera);
  // Both pictures turned, not only the one dragged in, in the test's own screenshot of each half.
  await expect.poll(async () => (await prints()).map((p, i) => p !== first[i])).toEqual([true, true]);

  // Zoom with the wheel: both views narrow their field of view together.
  await page.mouse.move(box.x + box.width / 4, y);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => (await views(page))[0]?.fov).toBeLessThan(before[0]!.fov);
  const zoomed = await views(page);
  expect(zoomed[1]!.fov).toBe(zoomed[0]!.fov);
  expect(zoomed[1]!.camera).toEqual(zoomed[0]!.camera);
  await shot(page, 'compare-skyboxes-turned-zoomed.png');
});
