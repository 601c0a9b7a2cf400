/**
 * Export into a project folder through the browser shell: add a plain folder
 * in Settings, export a finished model from the history, get a valid GLB with
 * the template's name and a sidecar; export a retexture of it and the same
 * path is replaced; hostile prompts stay inside the folder with names valid on
 * Windows. The host runs with HOME set to a temp directory, because the
 * browser shell only reaches folders inside the user's home, and with a real
 * key configured through ASSET_STUDIO_* variables: a second sandbox started
 * here, whose secret the test knows and looks for everywhere afterwards.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { expect, test } from './fixtures';
import type { RunningSandbox } from '../sandbox';
import { startAccountHost, value, waitAssetReady } from './account-host';
import type { StudioHost } from '../testkit/host';

const require = createRequire(__filename);
const validator = require('gltf-validator') as { validateBytes(data: Uint8Array): Promise<{ issues: { numErrors: number } }> };

interface JobLike {
  localId: string;
  jobId?: string;
  state: string;
  asset?: { state: string };
}

/** Submits through the contract and waits until the asset is verified in the cache. */
async function finishedJob(host: StudioHost, kind: string, fields: Record<string, unknown>): Promise<JobLike> {
  // The environment the ASSET_STUDIO_* variables define, with its first key.
  const job = await value<JobLike>(host, 'jobs:submit', { kind, fields, environmentId: 'env', keyId: 'env-key-1' });
  await waitAssetReady(host, job.localId);
  return value<JobLike>(host, 'jobs:get', { localId: job.localId });
}

/** Win32 naming rules: reserved characters, controls, trailing dot/space, device names with any extension. */
function validOnWindows(name: string): boolean {
  // eslint-disable-next-line no-control-regex -- Windows forbids exactly these
  if (/[<>:"/\\|?*\u0000-\u001f]/.test(name) || /[. ]$/.test(name)) return false;
  return !/^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i.test(name.split('.')[0]!.trimEnd());
}

let home: string;
let host: StudioHost;
let account: RunningSandbox;
let stop: () => Promise<void>;

test.beforeEach(async () => {
  ({ home, host, account, stop } = await startAccountHost((h) => {
    mkdirSync(join(h, 'MyGame'));
  }));
});
test.afterEach(async ({ page }) => {
  // The page first, as the studio fixture does: nothing it still loads may meet a stopped host.
  await page.close();
  await stop();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

test('export a model to a plain project folder, then its retexture in place', async ({ page }) => {
  const project = join(home, 'MyGame');
  await page.goto(host.url);

  // Add the project folder in Settings, by typing its path.
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('Folder path').fill(project);
  await settings.getByRole('button', { name: 'Add folder' }).click();
  const folderItem = settings.getByRole('listitem', { name: 'MyGame' });
  await expect(folderItem).toContainText('Plain folder');
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  const model = await finishedJob(host, 'text-to-3d', { prompt: 'Wooden Stool', targetFaceCount: 2000 });

  // Export from the history item's menu.
  const history = page.getByRole('complementary', { name: 'History panel' });
  await history.getByRole('button', { name: /^Actions for / }).first().click();
  await page.getByRole('menuitem', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export asset' });
  await expect(dialog.getByLabel('Project folder')).toHaveValue(/folder-/);
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const expectedName = `wooden-stool_${model.jobId!.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}.glb`;
  await expect(dialog.getByRole('list', { name: 'Export results' })).toContainText(`Exported: ${expectedName}`);

  const glbPath = join(project, expectedName);
  const first = readFileSync(glbPath);
  expect((await validator.validateBytes(new Uint8Array(first))).issues.numErrors).toBe(0);
  const sidecarPath = join(project, expectedName.replace(/\.glb$/, '.asset.json'));
  const sidecar = JSON.parse(readFileSync(sidecarPath, 'utf8')) as Record<string, unknown>;
  expect(sidecar).toMatchObject({ prompt: 'Wooden Stool', kind: 'text-to-3d', jobId: model.jobId, environment: 'From environment variables' });

  // A retexture of that model goes to the same path.
  const retexture = await finishedJob(host, 'retexture', { jobId: model.jobId, prompt: 'blue paint' });
  const folders = await value<{ id: string }[]>(host, 'export:listFolders', {});
  const report = await value<{ items: { ok: boolean; relativePath?: string; replacedInPlace?: boolean }[] }>(host, 'export:run', {
    localIds: [retexture.localId],
    folderId: folders[0]!.id,
  });
  expect(report.items[0]).toMatchObject({ ok: true, relativePath: expectedName, replacedInPlace: true });
  const second = readFileSync(glbPath);
  expect(second.equals(first)).toBe(false);
  expect((await validator.validateBytes(new Uint8Array(second))).issues.numErrors).toBe(0);
  expect(readdirSync(project).sort()).toEqual([expectedName.replace(/\.glb$/, '.asset.json'), expectedName].sort());
  expect(JSON.parse(readFileSync(sidecarPath, 'utf8'))).toMatchObject({ jobId: retexture.jobId, parentJobId: model.jobId });

  // The key's secret is nowhere in what was exported, logged, shown, or kept in the app's data.
  const secret = account.keys[0]!.clientSecret;
  expect(account.jobs().length).toBe(2);
  expect(host.hostLogs.join('\n')).not.toContain(secret);
  expect(await page.content()).not.toContain(secret);
  for (const file of [...filesUnder(project), ...filesUnder(host.dataDir)]) {
    if (/\.(glb|png)$/.test(file)) continue;
    expect(readFileSync(file, 'utf8').includes(secret), file).toBe(false);
  }
});

test('hostile prompts make names that stay inside the folder and are valid on Windows', async () => {
  const project = join(home, 'MyGame');
  const folder = await value<{ id: string }>(host, 'export:addFolder', { path: project });
  const prompts = ['../../x', 'CON', `${'long '.repeat(60)}end`, '🔥 dragon 🐉 ../'];
  const jobs = await Promise.all(prompts.map((prompt) => finishedJob(host, 'text-to-3d', { prompt, targetFaceCount: 1000 })));
  const report = await value<{ items: { ok: boolean; path?: string; relativePath?: string; message?: string }[] }>(host, 'export:run', {
    localIds: jobs.map((j) => j.localId),
    folderId: folder.id,
    options: { template: '{prompt-slug}' },
  });
  for (const item of report.items) {
    expect(item.ok, item.message).toBe(true);
    const rel = relative(project, item.path!);
    expect(rel.startsWith('..') || rel.includes('/') || rel.includes('\\')).toBe(false);
    expect(validOnWindows(rel), rel).toBe(true);
    expect(Buffer.byteLength(rel, 'utf8')).toBeLessThanOrEqual(150);
    expect(existsSync(item.path!)).toBe(true);
  }
  expect(report.items.map((i) => i.relativePath)).toEqual(expect.arrayContaining(['x.glb', '_con.glb', '🔥-dragon-🐉.glb']));
  expect(existsSync(join(home, 'x.glb'))).toBe(false);
  expect(readdirSync(home).filter((n) => !n.startsWith('.')).sort()).toEqual(['MyGame']);
});
