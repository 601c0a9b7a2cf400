/**
 * Variants and comparison: a set of three takes of one prompt
 * opens side by side when it has finished; orbiting one view moves the
 * others' cameras; wireframe changes all three; keeping the second puts it
 * first in the set's row, and exporting from that row exports it. And a
 * retexture opens before/after against its source with a wipe slider.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseKind, generate, generatePanel } from './generate-support';
import { HistoryViewport } from './pages/history-viewport';
import { canvasShot, cutCells, expectViewsDrawn, thumbprint } from './pixels';

const SHOTS = process.env.ASSET_STUDIO_SHOTS_DIR;
const home = realpathSync(mkdtempSync(join(tmpdir(), 'asset-studio-compare-home-')));
mkdirSync(join(home, 'MyGame'));
// The browser shell reaches folders inside HOME only; takes of 2 s keep the journey short.
test.use({ studioEnv: { HOME: home, ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' } });

interface ViewReport {
  jobId: string;
  camera: number[];
  wireframe: boolean;
}

const views = (page: Page) => page.evaluate(() => (globalThis as unknown as { __compareViews?: () => ViewReport[] }).__compareViews?.() ?? []);

async function shot(target: Page | Locator, name: string): Promise<void> {
  if (SHOTS) await target.screenshot({ path: join(SHOTS, name) });
}

test('three takes of one prompt: compare with one camera, wireframe on all, keep the second, export it', async ({ page, studio }) => {
  test.setTimeout(240_000);
  const hv = new HistoryViewport(page, studio);
  const project = join(home, 'MyGame');
  const folder = await studio.invoke<{ id: string }>('export:addFolder', { path: project });
  expect(folder.ok).toBe(true);

  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto(studio.url);
  await chooseKind(page, 'Text to 3D');
  const panel = generatePanel(page);
  await panel.getByLabel(/^Prompt/).fill('a red wooden chair');
  await panel.getByLabel(/^Target face count/).fill('3000');
  await panel.getByLabel('Variants').fill('3');
  // The set's cost, from the built-in sandbox's rate card: three times one take's quote, the Generate button's figure.
  const cost = (await panel.getByText(/^3 takes × /).textContent())!;
  const [, each, total] = /^3 takes × (\d+) credits = (\d+) credits\.$/.exec(cost)!;
  expect(Number(total)).toBe(3 * Number(each));
  await expect(panel.locator('.generate-quote')).toHaveText(` · ${total} credits`);
  await generate(page);

  // The set is one row in the history, and opens in the compare view by itself once all three have finished.
  const setRow = hv.history.locator('article[data-set-id]');
  await expect(setRow).toHaveCount(1, { timeout: 30_000 });
  await expect(setRow.locator('.set-thumb')).toHaveCount(3);
  const compare = page.getByRole('region', { name: 'Compare', exact: true });
  await expect(compare).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
  const jobIds = (await compare.getAttribute('data-job-ids'))!.split(' ');
  expect(jobIds).toHaveLength(3);
  expect(new Set(jobIds).size).toBe(3);

  const before = await views(page);
  expect(before.map((v) => v.jobId)).toEqual(jobIds);
  // Each take is drawn in its third of the canvas, in the test's own screenshot.
  const canvas = page.locator('.viewport-stage canvas');
  await expectViewsDrawn(canvas, 3, 'model');
  // The takes differ: the sandbox varies each job, and the table shows it (once each take's stats have come from the host).
  const column = (stat: string) => compare.locator(`tr[data-stat="${stat}"] td`).allTextContents();
  await expect.poll(async () => (await column('triangles')).every((t) => /\d/.test(t)), { timeout: 30_000 }).toBe(true);
  const [tris, sizes, heights] = await Promise.all([column('triangles'), column('file-size'), column('height')]);
  expect(new Set(tris.map((t, i) => `${t}|${sizes[i]}|${heights[i]}`)).size).toBe(3);
  await expect(compare.locator('tr[data-stat="triangles"] td[data-best="true"]').first()).toBeVisible();
  // The readiness check of each take, against MyGame's budget (the first project folder).
  await expect(compare.locator('tr[data-stat="readiness"] th')).toHaveText(/^Readiness \(\w+ budget\)$/, { timeout: 30_000 });
  await expect.poll(async () => (await column('readiness')).every((t) => /^(Ready|\d+ failing)/.test(t)), { timeout: 30_000 }).toBe(true);
  await shot(page, 'compare-three-takes.png');

  // Orbit in the first view: every view's camera follows.
  const box = (await canvas.boundingBox())!;
  const x = box.x + box.width / 6;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 120, y + 30, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => JSON.stringify((await views(page))[0]?.camera) !== JSON.stringify(before[0]!.camera)).toBe(true);
  const after = await views(page);
  for (const v of after) expect(v.camera).toEqual(after[0]!.camera);
  await shot(page, 'compare-three-takes-orbited.png');

  // Wireframe: all three change, in the app's report and in the test's own screenshot of each view.
  const prints = async () => (await Promise.all((await cutCells(await canvasShot(canvas), 3)).map(thumbprint))).join(' ');
  // The views have come to rest after the orbit (two screenshots alike), so what changes next is the wireframe's doing.
  let last = '';
  await expect.poll(async () => last === (last = await prints())).toBe(true);
  const shadedPrints = last.split(' ');
  await compare.getByRole('radiogroup', { name: 'View mode' }).getByRole('radio', { name: 'Wireframe' }).click();
  await expect.poll(async () => (await views(page)).map((v) => v.wireframe)).toEqual([true, true, true]);
  await expect.poll(async () => (await prints()).split(' ').map((p, i) => p !== shadedPrints[i])).toEqual([true, true, true]);
  await expectViewsDrawn(canvas, 3, 'model');
  await shot(page, 'compare-three-takes-wireframe.png');

  // Keep the second take: the set's row shows it first.
  const secondLocalId = (await compare.locator('.compare-label').nth(1).getAttribute('data-local-id'))!;
  await compare.getByRole('button', { name: 'Keep Take 2' }).click();
  await expect(compare.locator('.compare-label').nth(1)).toContainText('Kept');
  await expect(setRow).toHaveAttribute('data-kept-local-id', secondLocalId);
  await expect(setRow.locator('.set-thumb').first()).toHaveAttribute('data-local-id', secondLocalId);
  await shot(page, 'compare-kept-second.png');

  // Export from the set's row: the kept take.
  await compare.getByRole('button', { name: 'Close compare' }).click();
  await expect(compare).toHaveCount(0);
  await setRow.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Export the kept take…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export asset' });
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByRole('list', { name: 'Export results' })).toContainText('Exported:', { timeout: 30_000 });
  const kept = await hv.job(secondLocalId);
  const sidecars = readdirSync(project).filter((f) => f.endsWith('.asset.json'));
  expect(sidecars).toHaveLength(1);
  expect(JSON.parse(readFileSync(join(project, sidecars[0]!), 'utf8'))).toMatchObject({ jobId: kept.jobId });

  // The choice survives a reload (it is kept by the host, not the page).
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(hv.history.locator('article[data-set-id]')).toHaveAttribute('data-kept-local-id', secondLocalId, { timeout: 30_000 });
});

test('a retexture opens before/after against its source, and the wipe slider moves the line', async ({ page, studio }) => {
  test.setTimeout(180_000);
  const hv = new HistoryViewport(page, studio);
  const source = await hv.waitReady((await hv.submit('text-to-3d', { prompt: 'a wooden crate', targetFaceCount: 2000 })).localId);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(studio.url);
  const retexture = await hv.waitReady((await hv.submit('retexture', { jobId: source.jobId, prompt: 'blue metal panels', textureResolution: '512' })).localId);

  const item = hv.item(retexture.localId);
  await expect(item).toHaveAttribute('data-status', 'finished', { timeout: 30_000 });
  await item.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Before / after' }).click();
  const compare = page.getByRole('region', { name: 'Compare', exact: true });
  await expect(compare).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(compare).toHaveAttribute('data-mode', 'wipe');
  await expect(compare).toHaveAttribute('data-job-ids', `${source.jobId} ${retexture.jobId}`);
  await expect(compare.locator('.compare-label').first()).toContainText('Before');
  await expect(compare.locator('.compare-label').nth(1)).toContainText('After');
  await shot(page, 'before-after-wipe-half.png');

  // Drag the wipe slider to the right: the line follows, and more of the canvas shows the source.
  const slider = compare.getByRole('slider', { name: 'Wipe between before and after' });
  const line = compare.locator('.compare-wipe-line');
  const lineX = async () => (await line.boundingBox())!.x;
  const startX = await lineX();
  const s = (await slider.boundingBox())!;
  await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
  await page.mouse.down();
  await page.mouse.move(s.x + s.width * 0.85, s.y + s.height / 2, { steps: 6 });
  await page.mouse.up();
  expect(Number(await slider.inputValue())).toBeGreaterThan(0.75);
  expect(await lineX()).toBeGreaterThan(startX + s.width * 0.25);
  await shot(page, 'before-after-wipe-dragged.png');

  // Side by side is one click away, with the same two takes.
  await compare.getByRole('radio', { name: 'Side by side' }).click();
  await expect(compare).toHaveAttribute('data-mode', 'side-by-side');
  await expect.poll(async () => (await views(page)).length).toBe(2);
});
