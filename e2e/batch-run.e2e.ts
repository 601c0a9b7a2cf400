/**
 * A batch in the app, as a user runs it: import a 12-row CSV with two invalid
 * rows, fix one and skip the other, run it into a folder, pause and resume it,
 * and find 11 valid GLBs and the report in the output folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

interface GltfValidator {
  validateBytes(data: Uint8Array, options?: object): Promise<{ issues: { numErrors: number } }>;
}

async function loadValidator(): Promise<GltfValidator> {
  // The package ships no type declarations: load it by a name TypeScript does not resolve.
  const name = 'gltf-validator';
  const mod = (await import(name)) as GltfValidator & { default?: GltfValidator };
  return mod.default ?? mod;
}

const LIST = [
  'kind,prompt,targetFaceCount,textureResolution',
  'text-to-3d,a wooden chair,1500,256',
  'text-to-3d,a round table,1500,256',
  'text-to-3d,a mossy rock,1500,256',
  'text-to-3d,a street lamp,1500,256',
  'text-to-3d,a broken barrel,-5,256',
  'text-to-3d,a short sword,1500,256',
  'text-to-3d,a coffee mug,1500,256',
  'text-to-3d,a pine tree,1500,256',
  'text-to-3d,a tiny house,1500,3k',
  'text-to-3d,a toy car,1500,256',
  'text-to-3d,a small robot,1500,256',
  'text-to-3d,a stone well,1500,256',
].join('\n');

function count(page: Page, label: string): Promise<number> {
  return page
    .getByLabel('Batch counts')
    .getByText(new RegExp(`^${label}: \\d+$`))
    .textContent()
    .then((t) => Number(t!.split(': ')[1]));
}

function rowLocator(page: Page, n: number): Locator {
  return page.getByRole('table', { name: 'Batch rows' }).locator(`tr[data-row="${n}"]`);
}

function findFile(dir: string, name: string): string | undefined {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isFile() && entry.name === name) return p;
    if (entry.isDirectory()) {
      const found = findFile(p, name);
      if (found) return found;
    }
  }
  return undefined;
}

// Short sandbox jobs: 11 rows at 5 at a time finish in a few rounds.
test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '3' } });

test('batch: fix one invalid row, skip another, run, pause and resume, and find 11 valid GLBs and the report', async ({ page, studio }) => {
  test.setTimeout(240_000);
  // Inside the home directory: the browser shell only exports there.
  const out = fs.mkdtempSync(path.join(os.homedir(), '.asset-studio-e2e-batch-'));
  try {
    await page.goto(studio.url);
    await page.getByRole('button', { name: 'Batch…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Batch' });
    await dialog.getByLabel('List file', { exact: true }).setInputFiles({ name: 'props.csv', mimeType: 'text/csv', buffer: Buffer.from(LIST) });

    // Preview: every row checked before anything is sent; the two invalid rows show their problems.
    await expect(rowLocator(page, 5)).toHaveAttribute('data-state', 'invalid');
    await expect(rowLocator(page, 5)).toContainText('Target face count: use a whole number from 0 to 500,000.');
    await expect(rowLocator(page, 9)).toHaveAttribute('data-state', 'invalid');
    await expect(rowLocator(page, 9)).toContainText('Texture resolution: choose 128, 256, 512, 1k, 2k, 4k, auto or none.');
    await expect(dialog.getByRole('button', { name: 'Run batch (10 rows)' })).toBeVisible();

    // Fix row 5.
    await dialog.getByRole('button', { name: 'Edit row 5' }).click();
    await dialog.getByLabel('Row 5 Target face count').fill('1200');
    await dialog.getByRole('button', { name: 'Save row 5' }).click();
    await expect(rowLocator(page, 5)).toHaveAttribute('data-state', 'ready');
    // Skip row 9.
    await dialog.getByLabel('Skip row 9').check();
    await expect(rowLocator(page, 9)).toHaveAttribute('data-state', 'skipped');

    await dialog.getByLabel('Output folder').fill(out);
    await dialog.getByRole('button', { name: 'Run batch (11 rows)' }).click();
    await expect(dialog.getByLabel('Batch progress')).toBeVisible();

    // Pause once the first jobs are on the service; nothing new is sent while paused.
    await expect.poll(() => count(page, 'Running'), { timeout: 60_000 }).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Pause' }).click();
    await expect(dialog.getByText('State: paused')).toBeVisible();
    const queuedAtPause = await count(page, 'Queued');
    expect(queuedAtPause).toBeGreaterThan(0);
    await expect.poll(() => count(page, 'Running'), { timeout: 60_000 }).toBe(0);
    expect(await count(page, 'Queued')).toBe(queuedAtPause);

    await dialog.getByRole('button', { name: 'Resume' }).click();
    await expect(dialog.getByText('State: finished')).toBeVisible({ timeout: 180_000 });
    expect(await count(page, 'Done')).toBe(11);
    expect(await count(page, 'Failed')).toBe(0);

    // The output folder: 11 valid GLBs and the report (row, job id, status, file, error) next to them.
    const reportJson = findFile(out, 'batch-report.json');
    expect(reportJson).toBeDefined();
    const assetDir = path.dirname(reportJson!);
    expect(fs.existsSync(path.join(assetDir, 'batch-report.csv'))).toBe(true);
    await expect
      .poll(() => (JSON.parse(fs.readFileSync(reportJson!, 'utf8')) as { status: string }[]).filter((r) => r.status === 'done').length)
      .toBe(11);
    const report = JSON.parse(fs.readFileSync(reportJson!, 'utf8')) as { row: number; jobId: string; status: string; file: string; error: string }[];
    expect(report).toHaveLength(12);
    expect(report.find((r) => r.row === 9)).toMatchObject({ status: 'skipped', jobId: '', file: '' });
    const glbs = fs.readdirSync(assetDir).filter((f) => f.endsWith('.glb'));
    expect(glbs).toHaveLength(11);
    for (const line of report.filter((r) => r.status === 'done')) expect(glbs).toContain(line.file);
    const validator = await loadValidator();
    for (const glb of glbs) {
      const result = await validator.validateBytes(new Uint8Array(fs.readFileSync(path.join(assetDir, glb))));
      expect(result.issues.numErrors, glb).toBe(0);
    }
    const csv = fs.readFileSync(path.join(assetDir, 'batch-report.csv'), 'utf8').trim().split(/\r?\n/);
    expect(csv[0]).toBe('row,job id,status,file,error');
    expect(csv).toHaveLength(13);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});
