/**
 * Two environments with their own keys: the built-in sandbox and a second
 * sandbox started by this test (a stand-in for a real account). The user adds
 * the second one in Settings with a typed secret, tests the connection, and
 * switches between them in the top bar; each generation reaches the service
 * of the active environment, signed with that environment's key (checked on
 * the sandbox side: its request log records the client id, and a request with
 * a wrong secret would have been answered 401), and the history shows which
 * environment each job belongs to.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type JobSnapshot, type RequestLogEntry, type RunningSandbox } from '../sandbox';
import { expect, test } from './fixtures';
import { chooseKind, expectFinished, generate, generatePanel, sandboxState } from './generate-support';

let second: RunningSandbox;
let secondDir: string;

test.beforeEach(async () => {
  secondDir = mkdtempSync(join(tmpdir(), 'second-sandbox-'));
  second = await startSandbox({ port: 0, dataDir: secondDir, jobSeconds: 2 });
});
test.afterEach(async () => {
  await second.close();
  rmSync(secondDir, { recursive: true, force: true });
});

test('switching environments sends each request with that environment’s key', async ({ page, studio }) => {
  const key = second.keys[0]!;
  await page.goto(studio.url);

  // Add the second environment and its key in Settings.
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toContainText('secrets come from the ASSET_STUDIO_* environment variables');
  await settings.getByRole('button', { name: 'Add environment' }).click();
  const envForm = settings.getByRole('form', { name: 'Add environment' });
  await envForm.getByLabel(/^Environment name/).fill('Second sandbox');
  await envForm.getByLabel(/^Base URL/).fill(second.baseUrl);
  await envForm.getByLabel(/^Storage URL/).fill(second.storageUrl);
  await envForm.getByRole('button', { name: 'Add environment' }).click();
  const envItem = settings.getByRole('listitem', { name: 'Second sandbox' });
  await envItem.getByRole('button', { name: 'Add key' }).click();
  const keyForm = settings.getByRole('form', { name: 'Add a key to Second sandbox' });
  await keyForm.getByLabel(/^Key name/).fill('Second key');
  await keyForm.getByLabel(/^Client id/).fill(key.clientId);
  await keyForm.getByLabel('Client secret').fill(key.clientSecret);
  await expect(keyForm.getByLabel('Keep for this session only')).toBeChecked();
  await keyForm.getByRole('button', { name: 'Add key' }).click();
  const keyItem = envItem.getByRole('listitem', { name: 'Key Second key' });
  await expect(keyItem).toContainText('secret kept for this session');
  await keyItem.getByRole('button', { name: 'Test connection' }).click();
  await expect(keyItem.getByRole('status')).toHaveText('Connected: the service accepted this key.');
  // The secret field was write-only: the page holds the secret nowhere now.
  expect(await page.content()).not.toContain(key.clientSecret);
  await page.keyboard.press('Escape');

  // Switch to it in the top bar and generate.
  const banner = page.getByRole('banner');
  await banner.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'Second sandbox' });
  await expect(banner.getByRole('combobox', { name: 'Key' })).toContainText('Second key');
  await chooseKind(page, 'Text to 3D');
  await generatePanel(page).getByLabel(/^Prompt/).fill('a lamp for the second account');
  await generate(page);
  await expectFinished(page);

  const secondRequests = second.requests as readonly RequestLogEntry[];
  expect(secondRequests.some((r) => r.method === 'POST' && r.path.endsWith('/jobs/text-to-3d') && r.clientId === key.clientId && r.status < 300)).toBe(true);
  expect(secondRequests.every((r) => r.clientId === key.clientId || r.clientId === null)).toBe(true);
  expect(secondRequests.filter((r) => r.status === 401)).toEqual([]);
  expect(second.jobs().map((j) => j.clientId)).toEqual([key.clientId]);

  // Back to the built-in sandbox: the next job goes there, with its own key.
  await banner.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'Sandbox (built-in)' });
  // As the user sees it: the top bar names the sandbox's key once the switch has taken (Generate sends where it shows).
  await expect(banner.getByRole('combobox', { name: 'Key' })).toContainText(/Sandbox key \d+/);
  await generatePanel(page).getByLabel(/^Prompt/).fill('a lamp for the sandbox');
  await generate(page);
  await expectFinished(page);
  const builtin = (await sandboxState(studio.url)) as { keys: { clientId: string }[]; jobs: JobSnapshot[]; requests: RequestLogEntry[] };
  const builtinIds = builtin.keys.map((k) => k.clientId);
  expect(builtin.jobs.map((j) => j.kind)).toEqual(['text-to-3d']);
  expect(builtinIds).toContain(builtin.jobs[0]!.clientId);
  expect(builtin.requests.some((r) => r.clientId === key.clientId)).toBe(false);
  expect(second.jobs()).toHaveLength(1);

  // The history says which environment and key each job belongs to.
  const history = page.getByRole('complementary', { name: 'History panel' });
  await expect(history.getByText('Second sandbox · Second key')).toHaveCount(1);
  // The built-in sandbox's key names it ("Sandbox key 1"); the row's tooltip keeps both names whole.
  const builtinRow = history.locator('.history-where', { hasText: /^Sandbox key \d+$/ });
  await expect(builtinRow).toHaveCount(1);
  await expect(builtinRow).toHaveAttribute('title', /^Sandbox \(built-in\) · Sandbox key \d+$/);
});
