import { expect, test } from './fixtures';
import { chooseKind, generate, generatePanel, pngImage, sandboxState } from './generate-support';

const MB = 1024 * 1024;

/** A 4097-character prompt and a 21 MB image are refused in the form: nothing reaches the service. */
test('a 4097-character prompt and a 21 MB image are refused before any request is sent', async ({ page, studio }) => {
  await page.goto(studio.url);
  const before = serviceRequests(await sandboxState(studio.url));
  const panel = generatePanel(page);

  await chooseKind(page, 'Text to 3D');
  await panel.getByLabel(/^Prompt/).fill('x'.repeat(4097));
  await expect(panel.getByText('4,097 / 4,096')).toBeVisible();
  await generate(page);
  await expect(panel.getByText('Keep the prompt to 4,096 characters or fewer.')).toBeVisible();

  await chooseKind(page, 'Image to 3D');
  const head = await pngImage(8, 8);
  const big = Buffer.alloc(21 * MB);
  head.copy(big);
  await panel.getByLabel(/^Image( \*)?$/).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
  await expect(panel.getByText(/Image: the file is 21\.0 MB; the limit is 20\.0 MB\./)).toBeVisible();
  // Generate is off while the refusal shows: pressing it (Ctrl+Enter) sends nothing.
  await expect(panel.getByRole('button', { name: 'Generate', exact: true })).toBeDisabled();
  await page.keyboard.press('Control+Enter');

  expect(serviceRequests(await sandboxState(studio.url))).toEqual(before);
});

/** Requests that reached the service's API (the inspection calls themselves do not count). */
function serviceRequests(state: Record<string, unknown>): string[] {
  return ((state.requests ?? []) as { method: string; path: string }[]).filter((r) => r.path.startsWith('/api')).map((r) => `${r.method} ${r.path}`);
}
