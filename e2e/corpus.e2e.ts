/**
 * Real-world files: each corpus GLB and panorama is dropped into the app's
 * viewport (under the app's CSP, in Chromium with software WebGL) and must
 * reach `ready` with painted pixels; animated files list their clips; the
 * stats overlay matches @gltf-transform's count of the same file.
 *
 * The harness page has no main process, so a KTX2 model there falls back to
 * dropping its textures; the last test drops jet-fighter.glb (KTX2/Basis) on
 * the real app (browser shell) and checks that its textures are transcoded by
 * the main process and shown.
 */
import { NodeIO, type Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { MeshoptDecoder } from 'meshoptimizer';
import { copyFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { PageGlobals } from '../testkit/harness/page-globals';
import type { JobRecord } from '../shared/domain/job';
import { buildHarness, CHROMIUM_ARGS, CHROMIUM_PATH, startHarnessServer, type HarnessServer } from '../testkit/harness/server';
import { dropOnWindow } from './generate-support';
import { startHost } from '../testkit/host';
import { expectModelDrawn } from './pixels';
import { CORPUS, corpusFile, missingSharedFile } from '../testkit/shared-files';

// Under CI a missing corpus fails this file with what is missing; elsewhere every test here is skipped, saying so.
// (A missing Chromium fails the run in global-setup.ts.)
const missing = missingSharedFile([corpusFile('gltf'), corpusFile('panorama'), corpusFile('gltf', 'jet-fighter.glb')], 'The corpus journeys');
const glbs = missing ? [] : readdirSync(corpusFile('gltf')).filter((f) => f.endsWith('.glb')).sort();
const panoramas = missing ? [] : readdirSync(corpusFile('panorama')).filter((f) => /\.(hdr|jpg|png)$/.test(f)).sort();

test.describe.configure({ timeout: 180_000 });
test.skip(missing !== undefined, missing);

let server: HarnessServer;
let browser: Browser;
let page: Page;
let io: NodeIO;

test.beforeAll(async () => {
  server = await startHarnessServer(buildHarness(), CORPUS);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  await page.goto(`${server.url}/viewport.html`);
  // The page's script defines `harness` when it has run, which the load event does not promise: the first
  // test called harness.openFile on a page whose script had not run yet (a fresh-clone CI run, 21 ms in).
  await page.waitForFunction(() => 'harness' in globalThis);
  io = new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
    'draco3d.decoder': await dracoDecoder(),
    'meshopt.decoder': MeshoptDecoder,
  });
});

test.afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** draco3dgltf ships no type declarations, so it is imported by a variable name. */
async function dracoDecoder(): Promise<unknown> {
  const name = 'draco3dgltf';
  const mod = (await import(name)) as { default?: { createDecoderModule(): Promise<unknown> }; createDecoderModule?: () => Promise<unknown> };
  return (mod.default ?? (mod as { createDecoderModule(): Promise<unknown> })).createDecoderModule();
}

/** The counts the stats overlay shows, as @gltf-transform reads the file. */
function referenceStats(doc: Document) {
  let triangles = 0;
  let vertices = 0;
  const root = doc.getRoot();
  for (const mesh of root.listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      const position = prim.getAttribute('POSITION');
      const indices = prim.getIndices();
      if (prim.getMode() === 4) triangles += Math.floor((indices ? indices.getCount() : (position?.getCount() ?? 0)) / 3);
      vertices += position?.getCount() ?? 0;
    }
  }
  return {
    triangles,
    vertices,
    meshes: root.listMeshes().length,
    materials: root.listMaterials().length,
    animations: root.listAnimations().map((a) => a.getName()),
  };
}

async function open(name: string, url: string): Promise<Record<string, string | null>> {
  await page.evaluate(([n, u]) => (globalThis as unknown as PageGlobals).harness.openFile(n ?? '', u ?? ''), [name, url]);
  const viewport = page.locator('.viewport');
  await expect(viewport).toHaveAttribute('data-state', /ready|error/, { timeout: 120_000 });
  return viewport.evaluate((el) => ({
    state: el.getAttribute('data-state'),
    painted: el.getAttribute('data-painted'),
    error: el.querySelector('.viewport-error')?.textContent ?? null,
  }));
}

const stat = async (name: string): Promise<number> => Number(((await page.locator(`[data-stat="${name}"]`).textContent()) ?? '').replace(/,/g, ''));

for (const file of glbs) {
  test(`${file} opens with stats that match @gltf-transform`, async () => {
    const result = await open(file, `/corpus/gltf/${file}`);
    expect(result.error).toBeNull();
    expect(result.state).toBe('ready');
    expect(Number(result.painted)).toBeGreaterThan(50);
    const ref = referenceStats(await io.read(path.join(CORPUS, 'gltf', file)));
    expect({
      triangles: await stat('triangles'),
      vertices: await stat('vertices'),
      meshes: await stat('meshes'),
      materials: await stat('materials'),
    }).toEqual({ triangles: ref.triangles, vertices: ref.vertices, meshes: ref.meshes, materials: ref.materials });
    if (ref.animations.length > 0) {
      const clips = await page.getByRole('group', { name: 'Animation' }).getByRole('combobox').locator('option').allTextContents();
      expect(clips).toEqual(ref.animations);
    } else {
      await expect(page.getByRole('group', { name: 'Animation' })).toHaveCount(0);
    }
  });
}

for (const file of panoramas) {
  test(`${file} opens in the 360° viewer`, async () => {
    const result = await open(file, `/corpus/panorama/${file}`);
    expect(result.error).toBeNull();
    expect(result.state).toBe('ready');
    await expect(page.locator('.viewport')).toHaveAttribute('data-content', 'skybox');
    expect(Number(result.painted)).toBeGreaterThan(1000);
  });
}

test('a corrupt GLB shows the error card and the next file still opens', async () => {
  // A GLB header that promises content, followed by zeros: what a truncated download in the cache looks like.
  const corruptUrl = await page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    const bytes = new Uint8Array(64);
    bytes.set([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 64, 0, 0, 0]);
    return g.URL.createObjectURL(new g.Blob([bytes]));
  });
  const bad = await open('broken.glb', corruptUrl);
  expect(bad.state).toBe('error');
  await expect(page.getByRole('alert')).toContainText('could not be read');
  const good = await open('alien.glb', '/corpus/gltf/alien.glb');
  expect(good.state).toBe('ready');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('jet-fighter.glb dropped on the app shows its KTX2 textures, transcoded by the main process', async () => {
  const host = await startHost();
  const app = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  const errors: string[] = [];
  app.on('pageerror', (err) => errors.push(err.message));
  app.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  try {
    await app.goto(host.url);
    await expect(app.getByRole('region', { name: 'Viewport panel' })).toBeVisible({ timeout: 60_000 });
    await dropOnWindow(app, [{ name: 'jet-fighter.glb', mime: 'model/gltf-binary', bytes: readFileSync(path.join(CORPUS, 'gltf', 'jet-fighter.glb')) }]);
    const viewport = app.locator('.viewport');
    await expect(viewport).toHaveAttribute('data-state', /ready|error/, { timeout: 120_000 });
    await expect(viewport).toHaveAttribute('data-state', 'ready');
    await expectModelDrawn(viewport.locator('canvas').first());
    await expect(app.locator('.viewport-omissions')).toContainText('Preview uses 3 KTX2 (Basis) textures transcoded to PNG in the app at 2048×2048 (4096×4096 in the file)');
    await expect(app.locator('.viewport-omissions')).not.toContainText('not shown');
    // The stats describe the file, not the preview: its three textures as they are in it (the fallback would list none).
    await expect(app.locator('[data-stat="textures"] .viewport-texture')).toHaveText(['4096×4096 ktx2', '4096×4096 ktx2', '4096×4096 ktx2']);
    expect(await app.locator('[data-stat="triangles"]').textContent()).toBe('36,446');
    expect(errors).toEqual([]);
  } finally {
    await app.close();
    await host.stop();
  }
});

test("a job's model with KTX2 textures opens from the history with the main process's transcoded copy", async () => {
  const host = await startHost({ env: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '1' } });
  // Wide enough for the history to stay a panel (below 1200 px it folds into a rail with a drawer).
  const app = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    const submitted = await host.invoke<JobRecord>('jobs:submit', { kind: 'text-to-3d', fields: { prompt: 'a grey fighter jet' } });
    if (!submitted.ok) throw new Error(submitted.problem.message);
    const localId = submitted.value.localId;
    await expect
      .poll(async () => {
        const got = await host.invoke<JobRecord>('jobs:get', { localId });
        return got.ok ? got.value.asset?.state : got.problem.reason;
      }, { timeout: 90_000 })
      .toBe('ready');
    // The cached asset becomes the KTX2 file (as if the service had returned it); the preview copy is made from it on demand.
    copyFileSync(path.join(CORPUS, 'gltf', 'jet-fighter.glb'), path.join(host.dataDir, 'assets', localId, 'asset.glb'));
    await app.goto(host.url);
    await app.getByRole('button', { name: /^Open .* in the viewport$/ }).first().click({ timeout: 60_000 });
    const viewport = app.locator('.viewport');
    await expect(viewport).toHaveAttribute('data-job-id', /.+/);
    await expect(viewport).toHaveAttribute('data-state', /ready|error/, { timeout: 120_000 });
    await expect(viewport).toHaveAttribute('data-state', 'ready');
    await expectModelDrawn(viewport.locator('canvas').first());
    await expect(app.locator('.viewport-omissions')).toContainText('Preview uses 3 KTX2 (Basis) textures transcoded to PNG in the app');
    expect(existsSync(path.join(host.dataDir, 'assets', localId, 'preview.glb'))).toBe(true);
  } finally {
    await app.close();
    await host.stop();
  }
});
