/**
 * Settings' safety rules, through the browser shell as a user meets them:
 *
 * - a key's secret belongs to the address it was entered for. Moving
 *   an environment to another address forgets its keys' secrets, and Settings
 *   says so in words and asks for them again.
 * - plain http:// to another computer is refused until the visible
 *   "Allow plain http://" override is ticked, and the environment then carries a
 *   lasting warning. The address used is under `.invalid` (never resolves); adding
 *   an environment sends nothing to it.
 * - a folder outside the home and data folders is refused in plain
 *   words, and a folder inside them is taken.
 *
 * Screenshots of each message are kept in the test's output folder.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { expect, test } from './fixtures';

// The host's home folder (one of the two allowed roots), and a folder beside it that is outside both.
const root = mkdtempSync(join(tmpdir(), 'settings-hardening-'));
const home = join(root, 'home');
const outside = join(root, 'elsewhere', 'Projects', 'Game');
test.use({ studioEnv: { HOME: home } });
// Made before each batch of this file's tests a worker runs, not once at import: a worker that ran the afterAll
// below and then gets another test of this file does not import it again (the outside folder was gone: "Nothing is at").
test.beforeAll(() => {
  mkdirSync(join(home, 'Projects', 'Game'), { recursive: true });
  mkdirSync(outside, { recursive: true });
});
test.afterAll(() => rmSync(root, { recursive: true, force: true }));

async function openSettings(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  return page.getByRole('dialog', { name: 'Settings' });
}

test.describe('secrets bound to their address', () => {
  let second: RunningSandbox;
  let third: RunningSandbox;
  let dirs: string[] = [];
  test.beforeEach(async () => {
    dirs = [mkdtempSync(join(tmpdir(), 'second-sandbox-')), mkdtempSync(join(tmpdir(), 'third-sandbox-'))];
    second = await startSandbox({ port: 0, dataDir: dirs[0]!, jobSeconds: 2 });
    third = await startSandbox({ port: 0, dataDir: dirs[1]!, jobSeconds: 2 });
  });
  test.afterEach(async () => {
    await second.close();
    await third.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  test('moving an environment to another address forgets its key’s secret, says so, and sends nothing there with it', async ({ page, studio }) => {
    const key = second.keys[0]!;
    await page.goto(studio.url);
    const settings = await openSettings(page);
    await settings.getByRole('button', { name: 'Add environment' }).click();
    const envForm = settings.getByRole('form', { name: 'Add environment' });
    await envForm.getByLabel(/^Environment name/).fill('Studio account');
    await envForm.getByLabel(/^Base URL/).fill(second.baseUrl);
    await envForm.getByLabel(/^Storage URL/).fill(second.storageUrl);
    await envForm.getByRole('button', { name: 'Add environment' }).click();
    const envItem = settings.getByRole('listitem', { name: 'Studio account' });
    await envItem.getByRole('button', { name: 'Add key' }).click();
    const keyForm = settings.getByRole('form', { name: 'Add a key to Studio account' });
    await keyForm.getByLabel(/^Key name/).fill('Main key');
    await keyForm.getByLabel(/^Client id/).fill(key.clientId);
    await keyForm.getByLabel('Client secret').fill(key.clientSecret);
    await keyForm.getByRole('button', { name: 'Add key' }).click();
    const keyItem = envItem.getByRole('listitem', { name: 'Key Main key' });
    await expect(keyItem).toContainText('secret kept for this session');

    // Point it at another server (a stand-in for one a compromised page controls).
    await envItem.getByRole('button', { name: 'Edit environment' }).click();
    const edit = envItem.getByRole('form', { name: 'Edit Studio account' });
    await edit.getByLabel(/^Base URL/).fill(third.baseUrl);
    await edit.getByLabel(/^Storage URL/).fill(third.storageUrl);
    await edit.getByRole('button', { name: 'Save environment' }).click();

    const notice = envItem.getByRole('status').first();
    await expect(notice).toHaveText(
      'This environment now points to another address, so the secret of "Main key" was forgotten: a secret is only ever sent to the address it was entered for. Type it again below to use this key here.',
    );
    await expect(keyItem).toContainText('no secret');
    await expect(keyItem.getByLabel('Client secret for Main key')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('secret-forgotten.png') });

    // Test connection now reaches the new address without the old secret: that server never sees it signed.
    await keyItem.getByRole('button', { name: 'Test connection' }).click();
    await expect(keyItem.getByRole('status').or(keyItem.getByRole('alert')).first()).toBeVisible();
    expect(third.requests.filter((r) => r.clientId === key.clientId && r.status < 300)).toEqual([]);
    expect(await page.content()).not.toContain(key.clientSecret);
  });
});

test('plain http:// to another computer is refused until the override is ticked, then carries a lasting warning', async ({ page, studio }) => {
  await page.goto(studio.url);
  const settings = await openSettings(page);
  await settings.getByRole('button', { name: 'Add environment' }).click();
  const envForm = settings.getByRole('form', { name: 'Add environment' });
  await envForm.getByLabel(/^Environment name/).fill('Office server');
  await envForm.getByLabel(/^Base URL/).fill('http://assets.studio.invalid/api');
  await envForm.getByLabel(/^Storage URL/).fill('http://assets.studio.invalid/files');
  // The override appears with its warning as soon as the address is plain http:// to another computer, unticked.
  const override = envForm.getByLabel('Allow plain http:// (unencrypted) for this environment');
  await expect(override).not.toBeChecked();
  await expect(envForm).toContainText('sends the client secret and your prompts across the network unencrypted');
  await envForm.getByRole('button', { name: 'Add environment' }).click();
  // The refusal sits under each address it concerns (plain words, one sentence per field).
  const refusals = envForm.getByRole('alert').filter({ hasText: 'Use https:// (plain http:// is only for this computer)' });
  await expect(refusals).toHaveCount(2);
  await expect(settings.getByRole('listitem', { name: 'Office server' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('plain-http-refused.png') });

  await override.check();
  await envForm.getByRole('button', { name: 'Add environment' }).click();
  const envItem = settings.getByRole('listitem', { name: 'Office server' });
  await expect(envItem.locator('[data-plain-http]')).toHaveText(
    'Plain http:// to another computer: client secrets and prompts cross the network unencrypted. Allowed for this environment only because you turned it on.',
  );
  await page.screenshot({ path: test.info().outputPath('plain-http-allowed-warning.png') });

  // Lasting: the warning is still there after a reload.
  await page.reload();
  const again = await openSettings(page);
  await expect(again.getByRole('listitem', { name: 'Office server' }).locator('[data-plain-http]')).toBeVisible();
});

test('a project folder outside the home and data folders is refused in plain words; one inside is taken', async ({ page, studio }) => {
  await page.goto(studio.url);
  const settings = await openSettings(page);
  const folders = settings.getByRole('region', { name: 'Project folders' }).or(settings.locator('section[aria-labelledby="settings-folders"]')).first();
  await folders.getByLabel(/^Folder path/).fill(outside);
  await folders.getByRole('button', { name: 'Add folder' }).click();
  const refusal = folders.getByRole('alert');
  await expect(refusal).toHaveText(
    `In the browser, Asset Studio only reads and writes inside your home folder and its own data folder. Choose a folder inside your home folder (${home}), or use the desktop app to reach folders anywhere else.`,
  );
  await expect(refusal).not.toContainText(/outside-allowed|EACCES|ENOENT|realpath|Error:/);
  await expect(folders.getByRole('list', { name: 'Project folders' }).getByRole('listitem')).toHaveCount(0);
  await folders.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('folder-outside-refused.png') });

  await folders.getByLabel(/^Folder path/).fill(join(home, 'Projects', 'Game'));
  await folders.getByRole('button', { name: 'Add folder' }).click();
  await expect(folders.getByRole('list', { name: 'Project folders' }).getByRole('listitem', { name: 'Game' })).toBeVisible();
  await expect(folders.getByRole('alert')).toHaveCount(0);
});
