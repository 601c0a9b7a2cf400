/**
 * Export into a project folder through the browser shell: add a plain folder
 * in Settings, export a finished model from the history, get a valid GLB with
 * the template's name and a sidecar; export a retexture of it and the same
 * path is replaced; hostile prompts stay inside the folder with names valid on
 * Windows. The host runs with HOME set to a temp directory, because the
 * browser shell only reaches folders inside the user's home.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test } from './fixtures';
import { startHost, type StudioHost } from './host';

const require = createRequire(__filename);
const validator = require('gltf-validator') as { validateBytes(data: Uint8Array): Promise<{ issues: { numErrors: number } }> };

interface JobLike {
  localId: string;
  jobId?: string;
  state: string;
  asset?: { state: string };
}

async function value<T>(host: StudioHost, channel: string, args: unknown): Promise<T> {
  const result = await host.invoke<T>(channel, args);
  if (!result.ok) throw new Error(`${channel}: ${result.problem.message}`);
  return result.value;
}

/** Submits through the contract and waits until the asset is verified in the cache. */
async function finishedJob(host: StudioHost, kind: string, fields: Record<string, unknown>): Promise<JobLike> {
  const job = await value<JobLike>(host, 'jobs:submit', { kind, fields });
  await expect
    .poll(async () => {
      const now = await value<JobLike>(host, 'jobs:get', { localId: job.localId });
      return `${now.state}/${now.asset?.state ?? 'none'}`;
    }, { timeout: 60_000, intervals: [500] })
    .toBe('success/ready');
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

test.beforeEach(async () => {
  home = realpathSync(mkdtempSync(join(tmpdir(), 'asset-studio-home-')));
  mkdirSync(join(home, 'MyGame'));
  host = await startHost({ env: { HOME: home } });
});
test.afterEach(async () => {
  await host.stop();
  rmSync(home, { recursive: true, force: true });
});

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
  expect(sidecar).toMatchObject({ prompt: 'Wooden Stool', kind: 'text-to-3d', jobId: model.jobId, environment: 'Sandbox (built-in)' });

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

  // The sandbox's real key secrets are nowhere in what was exported or logged.
  const sandboxState = readFileSync(join(host.dataDir, 'sandbox', 'sandbox-state.json'), 'utf8');
  const secrets = [...sandboxState.matchAll(/"clientSecret":\s*"([^"]+)"/g)].map((m) => m[1]!);
  expect(secrets.length).toBeGreaterThan(0);
  for (const secret of secrets) {
    expect(readFileSync(sidecarPath, 'utf8')).not.toContain(secret);
    expect(host.hostLogs.join('\n')).not.toContain(secret);
    expect(await page.content()).not.toContain(secret);
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
  expect(readdirSync(home).sort()).toEqual(['MyGame']);
});
