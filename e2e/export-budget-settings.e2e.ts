/**
 * The budget editor in Settings, in the browser shell: a project folder's
 * target starts its budget from the preset, edited figures are saved in main
 * (read back through export:listFolders), and a height range the wrong way
 * round is refused before anything is sent. Screenshot in test-results/.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { startHost, type StudioHost } from '../testkit/host';

let home: string;
let host: StudioHost;

test.beforeEach(async () => {
  home = realpathSync(mkdtempSync(join(tmpdir(), 'asset-studio-home-')));
  mkdirSync(join(home, 'PhoneGame'));
  host = await startHost({ env: { HOME: home } });
});
test.afterEach(async ({ page }) => {
  await page.close();
  await host.stop();
  rmSync(home, { recursive: true, force: true });
});

test('a project folder budget is chosen from a preset and edited in Settings', async ({ page }, info) => {
  const added = await host.invoke('export:addFolder', { path: join(home, 'PhoneGame') });
  expect(added.ok).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  const budget = page.getByRole('group', { name: 'Budget for PhoneGame' });
  await expect(budget.getByLabel('Triangles')).toHaveValue('300000');

  await budget.getByLabel('Target for PhoneGame').selectOption('mobile');
  await expect(budget.getByLabel('Triangles')).toHaveValue('50000');
  await expect(budget.getByLabel('Largest texture (px)')).toHaveValue('1024');

  await budget.getByLabel('Triangles').fill('20000');
  await budget.getByLabel('Largest texture (px)').fill('512');
  await budget.getByLabel('Highest height (m)').fill('3');
  await budget.getByRole('button', { name: 'Save budget' }).click();
  await expect(budget.getByRole('status')).toHaveText('Budget saved.');
  const listed = await host.invoke<{ budget: Record<string, unknown> }[]>('export:listFolders', {});
  expect(listed.ok && listed.value[0]!.budget).toMatchObject({ target: 'mobile', triangles: 20_000, maxTextureSize: 512, maxHeightM: 3 });

  await budget.getByLabel('Lowest height (m)').fill('5');
  await budget.getByRole('button', { name: 'Save budget' }).click();
  await expect(budget.getByText('The highest height must be above the lowest.')).toBeVisible();
  await budget.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('settings-budget.png') });
  const after = await host.invoke<{ budget: Record<string, unknown> }[]>('export:listFolders', {});
  expect(after.ok && after.value[0]!.budget).toMatchObject({ minHeightM: 0.05, maxHeightM: 3 });
});
