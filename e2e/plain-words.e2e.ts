/**
 * Plain words on screen: a bad submission in every form type, a
 * batch row with problems in the row editor, and a refused environment in
 * Settings show no service field name and no schema message. Screenshots
 * are saved for looking at (the test's output folder, or WORDS_SCREENSHOT_DIR).
 */
import { ENDPOINTS, GENERATION_MENU, type FieldSpec } from '../shared/api';
import { expect, test } from './fixtures';
import { chooseKind, generate, generatePanel, invoke } from './generate-support';

/** Every catalogue field name that reads as an identifier (genStyleId, FaceCount, parametric_json), never as a word. */
function identifierNames(): string[] {
  const names = new Set<string>();
  const walk = (fields: Readonly<Record<string, FieldSpec>>) => {
    for (const [name, spec] of Object.entries(fields)) {
      if (/[a-z][A-Z]|[A-Z][a-z]+[A-Z]|_/.test(name)) names.add(name);
      if (spec.type === 'object') walk(spec.fields);
      if (spec.type === 'array') walk(spec.items.fields);
    }
  };
  for (const ep of Object.values(ENDPOINTS)) walk(ep.fields as Record<string, FieldSpec>);
  return [...names];
}

const FIELD_NAMES = identifierNames();
/** Schema wording and paths: zod's defaults, the catalogue schemas' own, IPC channel names. */
const SCHEMA = [/Too small/, /Too big/, /expected (string|number|int)/, /Invalid (input|option)/, /must be one of/, /\S+ is required\./, /[<>]=/, /\w\.\d+\.\w/, /\[\]/, /settings:|jobs:|invalid arguments/, /numeric string/];

function rawWords(text: string): string[] {
  const found = FIELD_NAMES.filter((n) => new RegExp(`\\b${n}\\b`).test(text));
  for (const p of SCHEMA) if (p.test(text)) found.push(String(p));
  return found;
}

test('a bad submission in every form type is refused in plain words', async ({ page, studio }, testInfo) => {
  test.setTimeout(180_000);
  const dir = process.env.WORDS_SCREENSHOT_DIR || testInfo.outputPath('words');
  const snap = await invoke<{ active: { environmentId: string; keyId: string } | null }>(studio.url, 'settings:get');
  if (snap.active) await invoke(studio.url, 'settings:updateKey', { ...snap.active, earlyAccess: true });
  await page.goto(studio.url);
  const panel = generatePanel(page);
  expect(FIELD_NAMES).toEqual(expect.arrayContaining(['genStyleId', 'FaceCount', 'targetFaceCount', 'imageJobId']));
  for (const kind of GENERATION_MENU.flatMap((g) => g.kinds)) {
    await chooseKind(page, ENDPOINTS[kind].label);
    // Out of range numbers, empty prompts, an empty reference: whatever the form takes, wrong.
    for (const box of await panel.getByRole('spinbutton').all()) {
      if ((await box.getAttribute('class'))?.includes('variants-input')) continue;
      await box.fill('99999999');
    }
    for (const box of await panel.locator('textarea').all()) await box.fill('');
    if (kind === 'image-edit') await panel.getByRole('button', { name: 'Add reference' }).click();
    await generate(page);
    const errors = panel.locator('.field-error');
    await expect(errors.first(), `${kind} shows what is wrong`).toBeVisible();
    const text = await panel.innerText();
    expect(rawWords(text), `${kind}: raw words on screen:\n${text}`).toEqual([]);
    if (['text-to-3d', 'multi-image-to-3d', 'sketch-to-image', 'image-edit', 'spritesheet'].includes(kind)) {
      // The last error in view: the screenshot shows what the form says, not only its top.
      await errors.last().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/form-${kind}.png` });
    }
  }
});

test('the batch row editor uses the forms’ labels, with the list’s column names only beside them', async ({ app }, testInfo) => {
  const page = app.page;
  const dir = process.env.WORDS_SCREENSHOT_DIR || testInfo.outputPath('words');
  await page.getByRole('button', { name: 'Batch…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Batch' });
  const list = 'kind,prompt,targetFaceCount,textureResolution\ntext-to-3d,a chair,-5,auto\ntext-to-3d,,100,huge\ntext-to-image,a poster,,\n';
  await dialog.getByLabel('List file', { exact: true }).setInputFiles({ name: 'props.csv', mimeType: 'text/csv', buffer: Buffer.from(list) });
  const rows = dialog.getByRole('table', { name: 'Batch rows' });
  await expect(rows.locator('tr[data-row="1"]')).toContainText('Target face count: use a whole number from 0 to 500,000.');
  await expect(rows.locator('tr[data-row="2"]')).toContainText('Enter a prompt.');
  await dialog.getByRole('button', { name: 'Edit row 1' }).click();
  await expect(dialog.getByLabel('Row 1 Target face count')).toHaveValue('-5');
  await page.screenshot({ path: `${dir}/batch-editor.png` });
  // What the rows say, without the secondary column names.
  const said = await rows.evaluate((el) => {
    const copy = (el as unknown as { cloneNode(deep: boolean): { querySelectorAll(s: string): ArrayLike<{ remove(): void }>; textContent: string | null } }).cloneNode(true);
    for (const c of Array.from(copy.querySelectorAll('.batch-column'))) c.remove();
    return copy.textContent ?? '';
  });
  expect(rawWords(said), said).toEqual([]);
  const labels = await dialog.getByRole('form', { name: 'Edit row 1' }).getByRole('textbox').evaluateAll((els) => els.map((e) => (e as unknown as { getAttribute(n: string): string | null }).getAttribute('aria-label') ?? ''));
  expect(labels).toContain('Row 1 Prompt');
  expect(rawWords(labels.join('\n'))).toEqual([]);
});

test('a refused environment says what to fix under each field, and an edited field drops its error', async ({ app }, testInfo) => {
  const page = app.page;
  const dir = process.env.WORDS_SCREENSHOT_DIR || testInfo.outputPath('words');
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('button', { name: 'Add environment' }).click();
  const form = dialog.getByRole('form', { name: 'Add environment' });
  // Past the browser's own checks (a blank that is not empty, a URL that is not http), so main's refusal is what shows.
  await form.getByLabel(/^Environment name/).fill('   ');
  await form.getByLabel(/^Base URL/).fill('ftp://api.example.com');
  await form.getByLabel(/^Storage URL/).fill('https://cdn.example.com');
  await form.getByRole('button', { name: 'Add environment' }).click();
  await expect(form.getByLabel(/^Environment name/)).toHaveAccessibleDescription('Enter an environment name.');
  await expect(form.getByLabel(/^Base URL/)).toHaveAccessibleDescription('Base URL: enter a web address that starts with https:// (or http://).');
  await page.screenshot({ path: `${dir}/add-environment-errors.png` });
  expect(rawWords(await form.innerText())).toEqual([]);
  await form.getByLabel(/^Base URL/).fill('https://api.example.com');
  await expect(form).not.toContainText('enter a web address');
  await expect(form).toContainText('Enter an environment name.');
});
