/**
 * USDZ for Apple's AR Quick Look, made in the window (three's USDZExporter
 * needs a canvas; the CLI refuses it): a finished sandbox model's export
 * dialog offers "USDZ (Apple AR)", Save USDZ… hands a file to the downloads,
 * and that file is a valid USDZ: an uncompressed zip whose first entry is the
 * USD layer, every file's data 64-byte aligned (as the USDZ spec requires),
 * with its meshes and textures inside and referenced by the root layer.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { startAccountHost, value, waitAssetReady } from './account-host';
import type { StudioHost } from '../testkit/host';

interface JobLike {
  localId: string;
  state: string;
  asset?: { state: string };
}

/** The zip's local file entries: name, method, and where the data starts (read from the headers, not trusted from a library). */
function zipEntries(bytes: Buffer): { name: string; method: number; dataStart: number; size: number }[] {
  const entries = [];
  let at = 0;
  while (bytes.readUInt32LE(at) === 0x04034b50) {
    const method = bytes.readUInt16LE(at + 8);
    const size = bytes.readUInt32LE(at + 18);
    const nameLength = bytes.readUInt16LE(at + 26);
    const extraLength = bytes.readUInt16LE(at + 28);
    const name = bytes.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const dataStart = at + 30 + nameLength + extraLength;
    entries.push({ name, method, dataStart, size });
    at = dataStart + size;
  }
  return entries;
}

let home: string;
let host: StudioHost;
let stop: () => Promise<void>;

test.beforeEach(async () => {
  ({ home, host, stop } = await startAccountHost((h) => {
    mkdirSync(join(h, 'ArGame'));
  }));
});
test.afterEach(async ({ page }) => {
  // The page first, as the studio fixture does: nothing it still loads may meet a stopped host.
  await page.close();
  await stop();
});

test('a model exported as USDZ from the window is a valid USD zip with its textures', async ({ page }, info) => {
  await value(host, 'export:addFolder', { path: join(home, 'ArGame') });
  const job = await value<JobLike>(host, 'jobs:submit', { kind: 'text-to-3d', fields: { prompt: 'Copper Teapot', targetFaceCount: 4000, textureResolution: '512' }, environmentId: 'env', keyId: 'env-key-1' });
  await waitAssetReady(host, job.localId);

  await page.goto(host.url);
  const item = page.getByRole('complementary', { name: 'History panel' }).getByRole('article', { name: /copper teapot/i });
  await expect(item).toHaveAttribute('data-status', 'finished', { timeout: 30_000 });
  await item.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export asset' });
  await dialog.getByRole('combobox', { name: 'Format' }).selectOption({ label: 'USDZ (Apple AR)' });
  await expect(dialog.getByText(/Made in this window from the model as it is/)).toBeVisible();
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Save USDZ…' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/copper-teapot.*\.usdz$/i);
  const file = join(home, 'teapot.usdz');
  await download.saveAs(file);
  await expect(dialog.getByRole('status')).toContainText(/Made .*\.usdz \([\d.]+ MB\) and handed it to Save as…/);
  await page.screenshot({ path: info.outputPath('export-usdz.png') });

  const bytes = readFileSync(file);
  const entries = zipEntries(bytes);
  expect(entries.length).toBeGreaterThan(1);
  // USDZ: stored (not deflated), the layer first, every file's data on a 64-byte boundary.
  expect(entries[0]!.name).toMatch(/\.usda$/);
  for (const e of entries) {
    expect(e.method, e.name).toBe(0);
    expect(e.dataStart % 64, e.name).toBe(0);
  }
  const layer = bytes.subarray(entries[0]!.dataStart, entries[0]!.dataStart + entries[0]!.size).toString('utf8');
  expect(layer).toMatch(/^#usda 1\.0/);
  // three's exporter writes each mesh as its own layer under geometries/, referenced from the root one.
  const text = (e: { dataStart: number; size: number }) => bytes.subarray(e.dataStart, e.dataStart + e.size).toString('utf8');
  const geometries = entries.filter((e) => e.name.startsWith('geometries/'));
  expect(geometries.length).toBeGreaterThan(0);
  for (const g of geometries) {
    expect(layer, `the layer references ${g.name}`).toContain(`@./${g.name}@`);
    expect(text(g)).toContain('def Mesh');
    expect(text(g)).toMatch(/point3f\[\] points = \[\(/);
  }
  const textures = entries.filter((e) => e.name.startsWith('textures/'));
  expect(textures.length).toBeGreaterThan(0);
  for (const t of textures) {
    expect(layer, `the layer references ${t.name}`).toContain(t.name);
    expect(bytes.subarray(t.dataStart, t.dataStart + 4).toString('latin1')).toMatch(/^(\x89PNG|\xff\xd8)/);
  }
});
