/**
 * The library: every asset, where it came from and where it went. Here
 * an image, a model made from it and a retexture of the model, the retexture
 * exported to a project folder; in the library the three are tagged and put
 * in a collection, found again by typing, and the retexture's lineage reads
 * image → model → retexture → export. Screenshots of the grid, the search
 * results and the lineage panel at 1440×900 and 1024×700.
 */
import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseKind, generate, generatePanel } from './generate-support';
import { HistoryViewport } from './pages/history-viewport';
import { LibraryPage } from './pages/library';

const home = realpathSync(mkdtempSync(join(tmpdir(), 'asset-studio-library-home-')));
mkdirSync(join(home, 'OwlGame'));
// The browser shell reaches folders inside HOME only; jobs of 2 s keep the journey short.
test.use({ studioEnv: { HOME: home, ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' } });

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(name) });

test('an image, a model from it and a retexture: tagged, collected, found by typing, and the lineage reads image → model → retexture → export', async ({ page, studio }) => {
  test.setTimeout(300_000);
  const folder = await studio.invoke<{ id: string }>('export:addFolder', { path: join(home, 'OwlGame') });
  if (!folder.ok) throw new Error(folder.problem.message);
  const hv = new HistoryViewport(page, studio);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(studio.url);

  // An image, then "Make a 3D model" from it, then a retexture of that model: all from the history, as an artist does.
  await chooseKind(page, 'Text to image');
  await generatePanel(page).getByLabel(/^Prompt/).fill('a carved wooden owl, front view');
  await generate(page);
  const image = hv.history.getByRole('article').filter({ has: page.getByText('Text to image', { exact: true }) });
  await expect(image).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  await image.getByRole('button', { name: 'Make a 3D model' }).click();
  // The image is uploaded first (one request to the service), then the form opens on Image to 3D.
  await expect(page.getByRole('combobox', { name: 'Generation type' })).toHaveValue('image-to-3d', { timeout: 60_000 });
  await generate(page);
  const model = hv.history.getByRole('article').filter({ has: page.getByText('Image to 3D', { exact: true }) });
  await expect(model).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  await model.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Retexture' }).click();
  await generatePanel(page).getByLabel(/^Prompt/).fill('painted in bright folk colours');
  await generate(page);
  const retexture = hv.history.getByRole('article').filter({ has: page.getByText('Retexture', { exact: true }) });
  await expect(retexture).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  const retextureId = (await retexture.getAttribute('data-local-id'))!;
  const retextureJobId = (await retexture.getAttribute('data-job-id'))!;
  // A finished row may still be downloading and checking its asset (in a checking process, slower on a loaded
  // machine): export what is in the cache, as the row's Export… does once the asset is ready.
  await hv.waitReady(retextureId);
  // Exported with every fix the folder's budget asks for (the sandbox's model fails one check), so the file is written.
  const exported = await studio.invoke<{ items: { ok: boolean; message?: string }[] }>('export:run', { localIds: [retextureId], folderId: folder.value.id, fixes: 'all' });
  if (!exported.ok) throw new Error(exported.problem.message);
  expect(exported.value.items.map((i) => (i.ok ? 'written' : i.message))).toEqual(['written']);

  // The library holds the three things made: the image, the model made from it, the retexture. The upload that sent
  // the image to the service is the same picture, so it is a step of the model's lineage, not a fourth asset.
  const library = new LibraryPage(page);
  await library.open();
  const made = [/owl/i, /^Image to 3D$/, /folk colours/i];
  for (const title of made) await expect(library.cell(title)).toBeVisible({ timeout: 30_000 });
  await expect(library.view.getByText('3 assets', { exact: true })).toBeVisible();
  await expect(library.cells()).toHaveCount(3);
  await shot(page, 'library-grid-1440.png');

  // Tag each and put each in one collection, from its details.
  for (const title of made) {
    await library.openDetails(title);
    await library.addTag('woodland');
    await library.addToCollection('Forest props');
    await library.back();
  }

  // Found by typing part of the tag (the prompts say nothing of it), and by the collection.
  await library.type('woodl');
  await expect(library.view.getByText('3 assets', { exact: true })).toBeVisible();
  await expect(library.cells()).toHaveCount(3);
  await shot(page, 'library-search-1440.png');
  await library.type('folk');
  await expect(library.cells()).toHaveCount(1);
  await library.type('');
  await library.view.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('combobox', { name: 'Collection' }).selectOption({ label: 'Forest props (3)' });
  await page.keyboard.press('Escape');
  await expect(library.cells()).toHaveCount(3);
  await library.view.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  // Escape and straight into the search: the focus stays there, so the next letters typed are not sent to the
  // Filters button (Radix gives focus back to the button a task after the popover goes; it had swallowed "lk" of "folk").
  expect(await library.escapeFiltersIntoSearch()).toBe('Search library');

  // The retexture's lineage: the image, the model made from it, the retexture, its export to OwlGame.
  await library.type('folk');
  await library.openDetails(/folk colours/i);
  const steps = library.lineage();
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(0)).toHaveText(/^Image: /);
  await expect(steps.nth(1)).toHaveText(/^→ Image to 3DModel: /);
  await expect(steps.nth(2)).toHaveText(/^→ RetextureModel: /);
  await expect(steps.nth(3)).toHaveText('→ ExportGLB to OwlGame');
  const exportsList = library.details.getByRole('region', { name: 'Exports' });
  await expect(exportsList.getByRole('button', { name: 'Re-export' })).toBeVisible();
  await expect(exportsList.getByRole('button', { name: 'Reveal' })).toBeVisible();
  await shot(page, 'library-lineage-1440.png');

  // Opening from the library shows the retexture in the viewport, as the history would.
  await library.details.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(hv.viewport).toHaveAttribute('data-job-id', retextureJobId);
  await expect(hv.viewport).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });

  // The same three screens in the narrow window, where the library is a drawer.
  await library.resize(1024, 700);
  await library.open();
  await expect(library.details).toBeVisible();
  await shot(page, 'library-lineage-1024.png');
  await library.back();
  await shot(page, 'library-search-1024.png');
  await library.type('');
  await expect(library.cell(/folk colours/i)).toBeVisible();
  await shot(page, 'library-grid-1024.png');
});
