/**
 * Bringing files into the library: the corpus GLBs dropped on the library
 * (as a folder's files arrive from a drop) are imported with progress, each
 * found again by typing its file name, a second drop of the same files
 * stores nothing twice, and a .gltf dropped on the browser page is left out
 * saying where it can come in.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { dropOnWindow } from './generate-support';
import { LibraryPage } from './pages/library';
import { corpusFile, missingSharedFile } from '../testkit/shared-files';

const missing = missingSharedFile(corpusFile('gltf'), 'The library import journey');
test.skip(!!missing, missing);

test('the corpus GLBs dropped on the library are each found by file name', async ({ page, studio }) => {
  test.setTimeout(360_000);
  const names = readdirSync(corpusFile('gltf')).filter((f) => f.endsWith('.glb')).sort();
  expect(names.length).toBeGreaterThan(5);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(studio.url);
  const library = new LibraryPage(page);
  await library.open();
  await expect(library.view.getByText('0 assets', { exact: true })).toBeVisible({ timeout: 30_000 });

  const files = names.map((name) => ({ name, mime: 'model/gltf-binary', bytes: readFileSync(corpusFile('gltf', name)) }));
  await dropOnWindow(page, files);
  await expect(page.getByRole('status').filter({ hasText: /^Bringing in/ })).toBeVisible();
  await expect(library.view.getByText(`${names.length} assets`, { exact: true })).toBeVisible({ timeout: 180_000 });
  await expect(page.getByText(`Added ${names.length} files to the library`, { exact: true })).toBeVisible();
  // The window draws each model's picture once it is in.
  await expect(library.results.locator('img').first()).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: test.info().outputPath('library-imported-grid-1440.png') });

  for (const name of ['lumberjack.glb', 'chess-board.glb', 'jet-fighter.glb']) {
    await library.type(name.replace(/\.glb$/, ''));
    await expect(library.cells()).toHaveCount(1);
    await library.openDetails(/./);
    await expect(library.details).toContainText(`File: ${name}`);
    await library.back();
  }
  await library.type('fox');
  await expect(library.cells()).toHaveCount(names.filter((n) => /^fox/i.test(n)).length);
  await page.screenshot({ path: test.info().outputPath('library-imported-search-1440.png') });

  // In a narrow window the library is a drawer over the viewport, opened from the rail; details read the same.
  await library.resize(1024, 700);
  await library.open();
  await expect(library.cells()).toHaveCount(3);
  await page.screenshot({ path: test.info().outputPath('library-imported-search-1024.png') });
  await library.openDetails('Fox');
  await expect(library.details).toContainText('File: Fox.glb');
  await page.screenshot({ path: test.info().outputPath('library-detail-1024.png') });
  await library.back();
  await library.resize(1440, 900);

  // The same files again: already there, kept once.
  await library.type('');
  await dropOnWindow(page, files.slice(0, 2));
  await expect(page.getByText('Nothing new to add', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(library.view.getByText(`${names.length} assets`, { exact: true })).toBeVisible();

  // A .gltf with its buffer beside it, dropped on a browser page: the page cannot hand main the files the .gltf
  // names, so it is left out saying where it can come in (the desktop app takes it by path, with its files).
  const gltf = JSON.stringify({ asset: { version: '2.0' }, buffers: [{ uri: 'triangle.bin', byteLength: 36 }] });
  await dropOnWindow(page, [
    { name: 'triangle.gltf', mime: 'model/gltf+json', bytes: Buffer.from(gltf) },
    { name: 'triangle.bin', mime: 'application/octet-stream', bytes: Buffer.alloc(36) },
  ]);
  const refused = page.getByRole('alert').filter({ hasText: 'No file was added to the library' });
  await expect(refused).toContainText('triangle.gltf: a glTF names files beside it, which the browser cannot reach: bring it in from the desktop app or with "asset-studio library import", or bring its GLB.');
  await expect(refused).toContainText('triangle.bin: not a model or picture the library keeps');
  await page.screenshot({ path: test.info().outputPath('library-gltf-refused-1440.png') });
  await expect(library.view.getByText(`${names.length} assets`, { exact: true })).toBeVisible();
});
