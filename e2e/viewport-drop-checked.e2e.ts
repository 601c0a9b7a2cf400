/**
 * A file dropped on the window is drawn only after main has staged it and its
 * guard accepted it: meanwhile the viewport says "Checking Fox.glb…" and the
 * canvas draws nothing of it; a hostile GLB (an accessor declaring
 * 100,000,000 vertices in a few hundred bytes) is refused with main's reason
 * and never handed to the page's loaders. Screenshots of both at 1440×900 and
 * 1024×700 go to test-results/.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { accessorBomb, hdrHeader } from '../electron/services/guard/crafted-files';
import { corpusFile, missingSharedFile } from '../testkit/shared-files';
import { expect, test } from './fixtures';
import { dropOnWindow } from './generate-support';
import { expectModelDrawn } from './pixels';

const FOX = corpusFile('gltf', 'Fox.glb');
const PANORAMA = corpusFile('panorama', 'venice_sunset_1k.hdr');

async function shoot(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Records the names of the files the page makes object URLs of: a loader reads a dropped file only through one. */
async function watchObjectUrls(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = globalThis as unknown as { URL: { createObjectURL(o: unknown): string }; File: new () => { name: string }; __objectUrlsOf: string[] };
    w.__objectUrlsOf = [];
    const make = w.URL.createObjectURL.bind(w.URL);
    w.URL.createObjectURL = (o: unknown) => {
      if (o instanceof w.File) w.__objectUrlsOf.push((o as { name: string }).name);
      return make(o);
    };
  });
  return () => page.evaluate(() => (globalThis as unknown as { __objectUrlsOf: string[] }).__objectUrlsOf);
}

/** The studio at 1440×900 with its viewport up, recording which dropped files the page makes object URLs of. */
async function openWatchingDrops(page: Page, url: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  const objectUrlsOf = await watchObjectUrls(page);
  await page.goto(url);
  await expect(page.getByRole('region', { name: 'Viewport panel' })).toBeVisible();
  return { objectUrlsOf, viewport: page.locator('.viewport') };
}

test('a GLB dropped on the window says Checking… while main checks it, and is drawn once main accepts it', async ({ page, studio }) => {
  const missing = missingSharedFile(FOX, 'Dropping a GLB on the window');
  test.skip(missing !== undefined, missing);
  test.setTimeout(120_000);
  // Main's answer to the staging is held until the checking state has been seen and photographed.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let staged = 0;
  await page.route('**/api/files?*', async (route) => {
    staged++;
    await released;
    await route.continue();
  });
  const { objectUrlsOf, viewport } = await openWatchingDrops(page, studio.url);

  await dropOnWindow(page, [{ name: 'Fox.glb', mime: 'model/gltf-binary', bytes: readFileSync(FOX) }]);
  await expect(viewport).toHaveAttribute('data-state', 'checking');
  await expect(viewport.getByRole('status')).toHaveText('Checking Fox.glb…');
  expect(staged).toBe(1);
  expect(await objectUrlsOf()).not.toContain('Fox.glb');
  await shoot(page, 'drop-checking');

  release();
  await expect(viewport).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expectModelDrawn(viewport.locator('canvas').first());
  expect(await objectUrlsOf()).toContain('Fox.glb');
  await shoot(page, 'drop-shown');
});

test('a hostile GLB dropped on the window is refused in plain words and never reaches the page\'s loaders', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const { objectUrlsOf, viewport } = await openWatchingDrops(page, studio.url);
  const bomb = Buffer.from(accessorBomb(100_000_000));
  expect(bomb.length).toBeLessThan(1000);

  await dropOnWindow(page, [{ name: 'bomb.glb', mime: 'model/gltf-binary', bytes: bomb }]);
  await expect(viewport).toHaveAttribute('data-state', 'error', { timeout: 60_000 });
  const card = viewport.getByRole('alert');
  await expect(card).toContainText('This asset cannot be shown');
  await expect(card.locator('p').first()).toHaveText(`This model declares 100,000,000 vertices in a ${bomb.length}-byte file; it is damaged or hostile.`);
  await expect(card.locator('.viewport-error-name')).toHaveText('bomb.glb');
  expect(await objectUrlsOf()).not.toContain('bomb.glb');
  await shoot(page, 'drop-refused');
});

test('an HDR panorama dropped on the window opens as a sky once main has read its header; one declaring 100,000 × 100,000 pixels never reaches the loader', async ({ page, studio }) => {
  const missing = missingSharedFile(PANORAMA, 'Dropping an HDR panorama on the window');
  test.skip(missing !== undefined, missing);
  test.setTimeout(120_000);
  const { objectUrlsOf, viewport } = await openWatchingDrops(page, studio.url);

  const bomb = Buffer.from(hdrHeader(100_000, 100_000));
  await dropOnWindow(page, [{ name: 'bomb.hdr', mime: 'image/vnd.radiance', bytes: bomb }]);
  await expect(viewport).toHaveAttribute('data-state', 'error', { timeout: 60_000 });
  const card = viewport.getByRole('alert');
  await expect(card.locator('p').first()).toHaveText('This panorama declares 100,000 × 100,000 pixels; images up to 16,384 pixels a side are opened, so it is refused.');
  expect(await objectUrlsOf()).not.toContain('bomb.hdr');
  await shoot(page, 'drop-hdr-refused');

  await dropOnWindow(page, [{ name: 'venice_sunset_1k.hdr', mime: 'image/vnd.radiance', bytes: readFileSync(PANORAMA) }]);
  await expect(viewport).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  expect(await objectUrlsOf()).toContain('venice_sunset_1k.hdr');
  await shoot(page, 'drop-hdr-shown');
});
