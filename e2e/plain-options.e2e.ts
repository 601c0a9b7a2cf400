/**
 * Plain words: the generate form's options read as words ("Quads (four-sided)", "None (no texture)")
 * while the values sent stay the service's; the prompt's over-the-limit hint is a proper sentence.
 */
import { expect, test } from './fixtures';
import { chooseKind, generatePanel } from './generate-support';

test('enum options in plain words, and a grammatical over-the-limit hint', async ({ page, studio }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(studio.url);
  await chooseKind(page, 'Text to 3D');
  const panel = generatePanel(page);
  const topology = panel.getByRole('combobox', { name: /^Topology/ });
  await expect(topology.getByRole('option')).toHaveText(['Auto', 'Quads (four-sided)', 'Triangles']);
  const texture = panel.getByRole('combobox', { name: /^Texture resolution/ });
  await expect(texture.getByRole('option', { name: 'None (no texture)' })).toHaveAttribute('value', 'none');
  await expect(texture.getByRole('option', { name: '1K (1024 px)' })).toHaveAttribute('value', '1k');
  await topology.selectOption({ label: 'Quads (four-sided)' });
  await expect(topology).toHaveValue('quads');

  await panel.getByLabel(/^Prompt/).fill('a'.repeat(4097));
  await expect(panel.getByText('Prompt is 1 character over the limit of 4,096 characters.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('plain-options-text-to-3d.png') });
  await panel.getByLabel(/^Prompt/).fill('a'.repeat(5300));
  await expect(panel.getByText('Prompt is 1,204 characters over the limit of 4,096 characters.')).toBeVisible();
});
