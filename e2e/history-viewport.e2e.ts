/**
 * History and viewport journeys: a text-to-3D job shows its
 * progress, then a thumbnail drawn by the app, and opens with pixels on the
 * canvas; a corrupt model in the cache gives the error card while the app
 * keeps working; a skybox opens in the 360° viewer and lights a model; a
 * split-to-parts result lists its parts.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { chooseKind, generate, generatePanel } from './generate-support';
import { HistoryViewport } from './pages/history-viewport';
import { corpusFile, missingSharedFile } from '../testkit/shared-files';

// Long enough to see a running job's stage, short enough to keep the journeys quick.
test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '4' } });

test('a text-to-3D job shows progress, then a thumbnail, and opens with pixels; a corrupt cached model gives the error card and the app stays usable', async ({ page, studio }) => {
  test.setTimeout(240_000);
  const hv = new HistoryViewport(page, studio);

  // A model finished before the window opened, whose cached file is then damaged on disk
  // (assets are served as immutable, so it is damaged before the page ever reads it).
  const damagedJob = await hv.waitReady((await hv.submit('text-to-3d', { prompt: 'a stone garden bench' })).localId);
  const cached = path.join(studio.dataDir, 'assets', damagedJob.localId, 'asset.glb');
  expect(fs.existsSync(cached)).toBe(true);
  const damaged = Buffer.alloc(256);
  damaged.write('glTF', 0, 'latin1');
  damaged.writeUInt32LE(2, 4);
  damaged.writeUInt32LE(256, 8);
  fs.writeFileSync(cached, damaged);

  await page.goto(studio.url);
  await chooseKind(page, 'Text to 3D');
  await generatePanel(page).getByLabel(/^Prompt/).fill('a brass desk lamp');
  await generate(page);

  const item = hv.history.getByRole('article', { name: /brass desk lamp/i });
  await expect(item).toHaveAttribute('data-status', 'active', { timeout: 30_000 });
  // While it runs: the stage the service reports, and the elapsed time.
  const progress = item.getByRole('status', { name: 'Progress' });
  await expect(progress).toContainText(/Queued|Generating geometry|Texturing|Packaging/, { timeout: 30_000 });
  await expect(progress).toContainText(/\d+s/);

  await expect(item).toHaveAttribute('data-status', 'finished', { timeout: 90_000 });
  const localId = (await item.getAttribute('data-local-id'))!;
  const jobId = (await item.getAttribute('data-job-id'))!;
  // The job just submitted opens by itself; the history's thumbnail is drawn off-screen all the same.
  await expect(hv.viewport).toHaveAttribute('data-job-id', jobId, { timeout: 30_000 });
  const thumb = item.locator('img.history-thumb');
  await expect(thumb).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => thumb.evaluate((img) => { const i = img as unknown as { complete: boolean; naturalWidth: number }; return i.complete ? i.naturalWidth : 0; }), { timeout: 30_000 }).toBe(256);
  const stored = path.join(studio.dataDir, 'assets', localId, 'thumbnail.png');
  expect(fs.readFileSync(stored).subarray(1, 4).toString('latin1')).toBe('PNG');

  await hv.open(localId);
  const opened = await hv.settled(jobId);
  expect(opened.state).toBe('ready');
  expect(opened.content).toBe('model');
  await hv.expectModelDrawn();
  expect((await hv.job(localId)).asset?.hasThumbnail).toBe(true);

  await hv.open(damagedJob.localId);
  const broken = await hv.settled(damagedJob.jobId);
  expect(broken.state).toBe('error');
  const card = hv.viewport.getByRole('alert');
  await expect(card).toContainText('This asset cannot be shown');
  await expect(card).toContainText(/could not be read/i);
  // No thumbnail can be drawn from it either; the item keeps its kind icon.
  await expect(hv.item(damagedJob.localId).locator('.history-thumb-icon')).toBeVisible();

  // The rest of the app still works: the history filters, and the first model opens again.
  await hv.history.getByRole('searchbox', { name: 'Search history' }).fill('lamp');
  await expect(hv.history.getByRole('article')).toHaveCount(1);
  await hv.open(localId);
  const again = await hv.settled(jobId);
  expect(again.state).toBe('ready');
  await hv.expectModelDrawn();
  await expect(hv.viewport.getByRole('alert')).toHaveCount(0);
});

test('a text-to-skybox job opens in the 360° viewer and can light the last model', async ({ page, studio }) => {
  test.setTimeout(180_000);
  await page.goto(studio.url);
  const hv = new HistoryViewport(page, studio);
  const model = await hv.submit('text-to-3d', { prompt: 'a red fire hydrant' });
  const skybox = await hv.submit('text-to-worldbox', { prompt: 'a misty pine forest at dawn' });
  const modelJob = await hv.waitReady(model.localId);
  const skyboxJob = await hv.waitReady(skybox.localId);

  await hv.open(model.localId);
  expect((await hv.settled(modelJob.jobId)).state).toBe('ready');

  await hv.open(skybox.localId);
  const sky = await hv.settled(skyboxJob.jobId);
  expect(sky).toMatchObject({ state: 'ready', content: 'skybox' });
  await hv.expectSkyDrawn();

  // Look around: dragging turns the view, so the pixels change.
  const canvas = hv.viewport.locator('canvas');
  const before = await canvas.screenshot();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Buffer.compare(before, await canvas.screenshot()) !== 0, { timeout: 10_000 }).toBe(true);

  await hv.viewport.getByRole('button', { name: 'Preview a model in this skybox' }).click();
  const lit = await hv.settled(modelJob.jobId);
  expect(lit).toMatchObject({ state: 'ready', content: 'model' });
  await hv.expectModelDrawn();
});

test('a split-to-parts result lists its parts in the viewport', async ({ page, studio }) => {
  test.setTimeout(180_000);
  await page.goto(studio.url);
  const hv = new HistoryViewport(page, studio);
  const model = await hv.submit('text-to-3d', { prompt: 'a wooden chair' });
  const source = await hv.waitReady(model.localId);
  const split = await hv.submit('split-to-parts', { jobId: source.jobId });
  const parts = await hv.waitReady(split.localId);

  // Parts get a drawn thumbnail too.
  await expect(hv.item(split.localId).locator('img.history-thumb')).toBeVisible({ timeout: 60_000 });
  await hv.open(split.localId);
  const opened = await hv.settled(parts.jobId);
  expect(opened.state).toBe('ready');
  const list = hv.viewport.getByRole('complementary', { name: 'Parts' });
  await expect(list.getByRole('button', { name: /^Parts \(\d+\)$/ })).toHaveAttribute('aria-expanded', 'true');
  const toggles = list.getByRole('checkbox');
  expect(await toggles.count()).toBeGreaterThan(1);
  await expect(toggles.first()).toBeChecked();
  await toggles.first().uncheck();
  await expect(toggles.first()).not.toBeChecked();
});

test('a model finished before the window opened gets its thumbnail once it has been shown (KTX2 textures through the preview copy)', async ({ page, studio }) => {
  test.setTimeout(240_000);
  const jet = corpusFile('gltf', 'jet-fighter.glb');
  const missing = missingSharedFile(jet, 'The KTX2 thumbnail journey');
  test.skip(missing !== undefined, missing);
  const hv = new HistoryViewport(page, studio);
  const old = await hv.waitReady((await hv.submit('text-to-3d', { prompt: 'a grey fighter jet' })).localId);
  // The cached model becomes the KTX2 file, as if the service had returned it.
  fs.copyFileSync(jet, path.join(studio.dataDir, 'assets', old.localId, 'asset.glb'));

  await page.goto(studio.url);
  const item = hv.item(old.localId);
  // Old models are not drawn at start-up: the item shows its kind icon until the model has been shown.
  await expect(item.locator('.history-thumb-icon')).toBeVisible();
  await hv.open(old.localId);
  expect((await hv.settled(old.jobId, 120_000)).state).toBe('ready');
  const thumb = item.locator('img.history-thumb');
  await expect(thumb).toBeVisible({ timeout: 90_000 });
  const stored = await sharp(path.join(studio.dataDir, 'assets', old.localId, 'thumbnail.png')).stats();
  // Not a blank frame: the channels vary across the image.
  expect(Math.max(...stored.channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(5);
  expect((await hv.job(old.localId)).asset?.hasThumbnail).toBe(true);
});
