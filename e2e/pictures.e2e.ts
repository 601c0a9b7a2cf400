/**
 * Pictures to share from the viewport: a finished sandbox model, exported to a
 * project folder, then Turntable… writes a GIF and a WebM beside the export
 * (read back from disk: 72 frames each, the GIF by its blocks, the WebM
 * demuxed with mediabunny), Cancel stops a turntable, and Save still… gives a
 * PNG whose corners are transparent when asked and opaque otherwise.
 * Screenshots go to test-results/.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { gifFrameCount } from './gif-frames';
import { startAccountHost, value, waitAssetReady } from './account-host';
import type { StudioHost } from '../testkit/host';

interface JobLike {
  localId: string;
  state: string;
  asset?: { state: string };
}

let home: string;
let host: StudioHost;
let stop: () => Promise<void>;

test.beforeEach(async () => {
  ({ home, host, stop } = await startAccountHost((h) => {
    mkdirSync(join(h, 'Game', 'Assets'), { recursive: true });
  }));
});
test.afterEach(async ({ page }) => {
  // The page first, as the studio fixture does: nothing it still loads may meet a stopped host.
  await page.close();
  await stop();
});

async function corners(png: Buffer): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3]!;
  return [alpha(0, 0), alpha(info.width - 1, 0), alpha(0, info.height - 1), alpha(info.width - 1, info.height - 1)];
}

test('a turntable is written beside the export as a GIF and a WebM of 72 frames; stills are transparent on request', async ({ page }, info) => {
  test.setTimeout(240_000);
  const folder = await value<{ id: string }>(host, 'export:addFolder', { path: join(home, 'Game') });
  const job = await value<JobLike>(host, 'jobs:submit', { kind: 'text-to-3d', fields: { prompt: 'Brass Lantern', targetFaceCount: 4000 }, environmentId: 'env', keyId: 'env-key-1' });
  await waitAssetReady(host, job.localId);
  const exported = await value<{ items: { relativePath: string }[] }>(host, 'export:run', { localIds: [job.localId], folderId: folder.id });
  const base = exported.items[0]!.relativePath.replace(/\.glb$/, '');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  const history = page.getByRole('complementary', { name: 'History panel' });
  const item = history.getByRole('article', { name: /brass lantern/i });
  await expect(item).toHaveAttribute('data-status', 'finished', { timeout: 30_000 });
  await item.getByRole('button', { name: 'Open Brass Lantern in the viewport' }).click();
  await expect(page.getByRole('region', { name: 'Viewport', exact: true })).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });

  // Turntable as a GIF, by keyboard from the toolbar button.
  const toolbar = page.getByRole('toolbar', { name: 'View' });
  await toolbar.getByRole('button', { name: 'Turntable…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Turntable' });
  await dialog.getByLabel('Format').selectOption('gif');
  await dialog.getByRole('button', { name: 'Save to Game' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /Frame \d+ of 72/ })).toBeVisible();
  await page.screenshot({ path: info.outputPath('turntable-progress.png') });
  await expect(dialog.getByText(`Saved ${base}_turntable.gif`, { exact: false })).toBeVisible({ timeout: 120_000 });
  await page.screenshot({ path: info.outputPath('turntable-saved.png') });
  const gif = readFileSync(join(home, 'Game', `${base}_turntable.gif`));
  expect(gifFrameCount(gif)).toBe(72);

  // The same as WebM: demuxed back, 72 frames over 3 s.
  await dialog.getByLabel('Format').selectOption('webm');
  await dialog.getByRole('button', { name: 'Save to Game' }).click();
  await expect(dialog.getByText(`Saved ${base}_turntable.webm`, { exact: false })).toBeVisible({ timeout: 120_000 });
  const webm = readFileSync(join(home, 'Game', `${base}_turntable.webm`));
  const input = new Input({ source: new BufferSource(webm), formats: ALL_FORMATS });
  const track = (await input.getPrimaryVideoTrack())!;
  expect((await track.computePacketStats()).packetCount).toBe(72);
  expect(await track.computeDuration()).toBeCloseTo(3, 1);

  // Cancel stops it part-way and writes nothing new.
  const before = readdirSync(join(home, 'Game', 'Assets', 'Generated')).sort();
  await dialog.getByLabel('Format').selectOption('gif');
  await dialog.getByRole('button', { name: 'Save to Game' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /Frame \d+ of 72/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('button', { name: 'Save to Game' })).toBeEnabled();
  expect(readdirSync(join(home, 'Game', 'Assets', 'Generated')).sort()).toEqual(before);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Stills: opaque into the folder, transparent through Save as… (a download).
  await toolbar.getByRole('button', { name: 'Save still…' }).click();
  const still = page.getByRole('dialog', { name: 'Save still' });
  await still.getByRole('button', { name: 'Save to Game' }).click();
  await expect(still.getByText(`Saved ${base}_still.png`, { exact: false })).toBeVisible({ timeout: 30_000 });
  const opaque = readFileSync(join(home, 'Game', `${base}_still.png`));
  expect(await corners(opaque)).toEqual([255, 255, 255, 255]);
  await still.getByLabel('Transparent background').check();
  await page.screenshot({ path: info.outputPath('still-dialog.png') });
  const download = page.waitForEvent('download');
  await still.getByRole('button', { name: 'Save as…' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/_still\.png$/);
  const transparent = readFileSync((await file.path())!);
  for (const a of await corners(transparent)) expect(a).toBeLessThan(255);
  writeFileSync(info.outputPath('still-transparent.png'), transparent);
});
