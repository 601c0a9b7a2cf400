import { expect, test } from './fixtures';
import { chooseKind, expectFinished, generate, generatePanel, pngImage, sandboxState } from './generate-support';

/** One uploaded image serves Image to 3D and Skybox from image: the sandbox sees one upload only. */
test('an uploaded image is reused by Image to 3D and Skybox from image without a second upload', async ({ page, studio }) => {
  await page.goto(studio.url);
  const panel = generatePanel(page);
  await chooseKind(page, 'Upload image');
  await panel.getByLabel(/^Image( \*)?$/).setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: await pngImage(128, 64, '#8e44ad') });
  await generate(page);
  await expectFinished(page);
  const uploadsBefore = uploadCount(await sandboxState(studio.url));
  expect(uploadsBefore).toBe(1);

  await chooseKind(page, 'Image to 3D');
  await panel.getByRole('radiogroup', { name: 'Uploaded image' }).getByRole('radio').last().check({ force: true });
  await generate(page);
  await expectFinished(page);

  await chooseKind(page, 'Skybox from image');
  await panel.getByRole('radiogroup', { name: 'Uploaded image' }).getByRole('radio').first().check({ force: true });
  await generate(page);
  await expectFinished(page);

  const state = await sandboxState(studio.url);
  expect(uploadCount(state)).toBe(1);
  const paths = requestPaths(state);
  expect(paths.filter((p) => p === '/jobs/image-upload')).toHaveLength(1);
  expect(paths).toContain('/jobs/image-to-3d');
  expect(paths).toContain('/jobs/skybox-from-image');
});

function uploadCount(state: Record<string, unknown>): number {
  if (typeof state.uploadCount === 'number') return state.uploadCount;
  return requestPaths(state).filter((p) => p === '/jobs/image-upload').length;
}

function requestPaths(state: Record<string, unknown>): string[] {
  const log = (state.requests ?? []) as { path?: string; method?: string }[];
  return log.filter((r) => r.method === undefined || r.method === 'POST').map((r) => (r.path ?? '').replace(/^.*?(\/jobs\/)/, '$1'));
}
