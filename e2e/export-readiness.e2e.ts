/**
 * Game-ready export in the window: a project folder with a mobile budget of a
 * few thousand triangles and 512 px textures; a finished sandbox model opened
 * in the viewport shows its readiness beside the stats; the export dialog
 * lists the failing lines with their fixes; with Simplify and Resize chosen,
 * the exported copy is within budget on both (read back from disk) and the
 * dialog shows those lines as fixed. Screenshots go to test-results/.
 *
 * Not the chess-board drop: a dropped GLB is only a blob in the page,
 * not a job the export service can read, so this drops nothing and exports a job.
 */
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { startAccountHost, value, waitAssetReady } from './account-host';
import type { StudioHost } from '../testkit/host';

interface JobLike {
  localId: string;
  jobId?: string;
  state: string;
  asset?: { state: string };
}

let home: string;
let host: StudioHost;
let stop: () => Promise<void>;

test.beforeEach(async () => {
  ({ home, host, stop } = await startAccountHost((h) => {
    mkdirSync(join(h, 'MobileGame'));
  }));
});
test.afterEach(async ({ page }) => {
  // The page first, as the studio fixture does: nothing it still loads may meet a stopped host.
  await page.close();
  await stop();
});

test('the readiness checklist shows failing lines, and the export with their fixes comes out within budget', async ({ page }, info) => {
  const project = join(home, 'MobileGame');
  const folder = await value<{ id: string }>(host, 'export:addFolder', { path: project });
  await value(host, 'export:setBudget', { folderId: folder.id, target: 'mobile', budget: { triangles: 3000, maxTextureSize: 512 } });
  const job = await value<JobLike>(host, 'jobs:submit', { kind: 'text-to-3d', fields: { prompt: 'Stone Tower', targetFaceCount: 8000 }, environmentId: 'env', keyId: 'env-key-1' });
  await waitAssetReady(host, job.localId);

  await page.goto(host.url);
  const history = page.getByRole('complementary', { name: 'History panel' });
  const item = history.getByRole('article', { name: /stone tower/i });
  await expect(item).toHaveAttribute('data-status', 'finished', { timeout: 30_000 });
  await item.getByRole('button', { name: 'Open Stone Tower in the viewport' }).click();

  // Beside the stats: the readiness of the shown model against the folder's budget.
  const panel = page.getByRole('complementary', { name: 'Readiness' });
  await expect(panel.getByRole('button', { name: /^Readiness: \d+ failing$/ })).toBeVisible({ timeout: 30_000 });
  await panel.getByRole('button', { name: /^Readiness/ }).click();
  const viewportList = panel.getByRole('list', { name: 'Readiness checklist' });
  await expect(viewportList.locator('[data-check="triangles"]')).toHaveAttribute('data-status', 'fail');
  await expect(viewportList.locator('[data-check="triangles"]')).toContainText('(limit 3,000)');
  await page.screenshot({ path: info.outputPath('viewport-readiness.png') });

  await item.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export asset' });
  const before = dialog.getByRole('list', { name: 'Readiness before export' });
  await expect(before.locator('[data-check="triangles"]')).toHaveAttribute('data-status', 'fail', { timeout: 30_000 });
  await before.getByRole('button', { name: 'Simplify to budget' }).click();
  await before.getByRole('button', { name: 'Resize textures' }).click();
  await expect(before.getByRole('button', { name: '✓ Simplify to budget' })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: info.outputPath('export-dialog-before.png') });
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();

  const after = dialog.getByRole('list', { name: 'Readiness of the exported copy' });
  await expect(after.locator('[data-check="triangles"]')).toContainText('Fixed', { timeout: 60_000 });
  await expect(after.locator('[data-check="textures"]')).toContainText('Fixed');
  await page.screenshot({ path: info.outputPath('export-dialog-after.png') });

  // Read back from disk: within budget on both.
  const exported = readdirSync(project).filter((f) => f.endsWith('.asset.json'));
  expect(exported).toHaveLength(1);
  const sidecar = JSON.parse(readFileSync(join(project, exported[0]!), 'utf8')) as { exportedCopy: { figures: { triangles: number; largestTexture: number } } };
  expect(sidecar.exportedCopy.figures.triangles).toBeLessThanOrEqual(3000);
  expect(sidecar.exportedCopy.figures.largestTexture).toBeLessThanOrEqual(512);
});
