/**
 * Batches from a plain list, as a user runs them: a CSV whose only column is
 * `prompt` opens with "Kind for every row" set from the Generate panel's kind,
 * shows its total before Start, and runs to 8 finished models without editing
 * a row; a .txt list keeps the commas in its prompts; Close this batch works
 * before Start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const PROMPTS = ['a carved wooden totem pole', 'a brass lantern', 'a mossy boulder', 'a wooden barrel', 'a small stone well', 'a pine tree', 'a clay pot', 'a street lamp'];

function rows(page: Page): Locator {
  return page.getByRole('table', { name: 'Batch rows' }).locator('tbody tr');
}

function count(page: Page, label: string): Promise<number> {
  return page
    .getByLabel('Batch counts')
    .getByText(new RegExp(`^${label}: \\d+$`))
    .textContent()
    .then((t) => Number(t!.split(': ')[1]));
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const [w, h] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: test.info().outputPath(`${name}-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// Short sandbox jobs: 8 rows at 5 at a time finish in two rounds.
test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' } });

test('a one-column prompt CSV of 8 rows runs to 8 finished models without editing a row, its total shown before Start', async ({ page, studio }) => {
  test.setTimeout(240_000);
  // Inside the home directory: the browser shell only exports there.
  const out = fs.mkdtempSync(path.join(os.homedir(), '.asset-studio-e2e-plain-'));
  try {
    await page.goto(studio.url);
    await expect(page.getByRole('combobox', { name: 'Generation type' })).toHaveValue('text-to-3d');
    await page.getByRole('button', { name: 'Batch…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Batch' });
    await expect(dialog.getByLabel('Kind for every row')).toHaveValue('text-to-3d');
    await dialog.getByLabel('List file', { exact: true }).setInputFiles({ name: 'props.csv', mimeType: 'text/csv', buffer: Buffer.from(['prompt', ...PROMPTS].join('\n') + '\n') });

    await expect(rows(page)).toHaveCount(8);
    for (let n = 1; n <= 8; n++) await expect(rows(page).nth(n - 1)).toHaveAttribute('data-state', 'ready');
    await expect(dialog.getByText('Needs a fix')).toHaveCount(0);
    // Still there before Start, with the total from the sandbox's rate card.
    await expect(dialog.getByLabel('Kind for every row')).toHaveValue('text-to-3d');
    await expect(dialog.getByRole('status', { name: 'Batch total' })).toContainText('8 rows × 20 credits = 160 credits.');
    await expect(dialog.getByRole('button', { name: 'Close this batch' })).toBeVisible();
    await shoot(page, 'batch-before-start');

    await dialog.getByLabel('Output folder').fill(out);
    await dialog.getByRole('button', { name: 'Run batch (8 rows)' }).click();
    await expect(dialog.getByText('State: finished')).toBeVisible({ timeout: 180_000 });
    expect(await count(page, 'Done')).toBe(8);
    expect(await count(page, 'Failed')).toBe(0);
    const glbs = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? glbs(path.join(dir, e.name)) : e.name.endsWith('.glb') ? [e.name] : []));
    expect(glbs(out)).toHaveLength(8);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});

test('a .txt list keeps the commas in its prompts, and Close this batch works before Start', async ({ page, studio }) => {
  await page.goto(studio.url);
  await page.getByRole('button', { name: 'Batch…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Batch' });
  const list = 'a chair, wooden, with arms\na lamp, brass, tall\n\na rug, round\n';
  await dialog.getByLabel('List file', { exact: true }).setInputFiles({ name: 'props.txt', mimeType: 'text/plain', buffer: Buffer.from(list) });
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).nth(0)).toContainText('a chair, wooden, with arms');
  await expect(rows(page).nth(1)).toContainText('a lamp, brass, tall');
  await expect(rows(page).nth(2)).toContainText('a rug, round');
  await expect(dialog.getByRole('status', { name: 'Batch total' })).toContainText('3 rows × 20 credits = 60 credits.');

  // The kind can still change before Start: every row follows, and so does the total.
  await dialog.getByLabel('Kind for every row').selectOption('text-to-image');
  await expect(rows(page).nth(0)).toContainText('Text to image');
  await expect(dialog.getByRole('status', { name: 'Batch total' })).not.toContainText('× 20 credits');

  await dialog.getByRole('button', { name: 'Close this batch' }).click();
  await expect(dialog.getByRole('table', { name: 'Batch rows' })).toHaveCount(0);
  await expect(dialog.getByLabel('List file', { exact: true })).toBeVisible();
  // Reopening Batch offers a new list, not the closed one.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Batch…' }).click();
  await expect(page.getByRole('dialog', { name: 'Batch' }).getByRole('table', { name: 'Batch rows' })).toHaveCount(0);
});
