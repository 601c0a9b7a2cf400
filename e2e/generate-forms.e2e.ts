import { ENDPOINTS, GENERATION_MENU } from '../shared/api';
import { expect, test } from './fixtures';
import { chooseKind, generatePanel, invoke } from './generate-support';

/**
 * Every form at 1280×800, saved for looking at (the test's output folder, or
 * FORMS_SCREENSHOT_DIR):
 * nothing may overflow the panel horizontally, and every control has a
 * visible label. Coming-soon kinds are shown with early access turned on.
 */
test('every form is tidy at 1280x800', async ({ page, studio }, testInfo) => {
  const dir = process.env.FORMS_SCREENSHOT_DIR || testInfo.outputPath('forms');
  test.setTimeout(120_000);
  const snap = await invoke<{ active: { environmentId: string; keyId: string } | null }>(studio.url, 'settings:get');
  if (snap.active) await invoke(studio.url, 'settings:updateKey', { ...snap.active, earlyAccess: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(studio.url);
  const panel = generatePanel(page);
  for (const kind of GENERATION_MENU.flatMap((g) => g.kinds)) {
    await chooseKind(page, ENDPOINTS[kind].label);
    await expect(panel.getByRole('button', { name: 'Generate', exact: true })).toBeEnabled();
    const overflow = await panel.evaluate((el) => {
      const root = el as unknown as { scrollWidth: number; clientWidth: number; querySelectorAll(s: string): ArrayLike<{ scrollWidth: number; clientWidth: number; className: string }> };
      const wide = Array.from(root.querySelectorAll('.field, .field-group, .drop-zone, .submit-bar'))
        .filter((n) => n.scrollWidth > n.clientWidth + 1)
        .map((n) => n.className);
      return { panel: root.scrollWidth - root.clientWidth, wide };
    });
    expect(overflow, `${kind} overflows`).toEqual({ panel: 0, wide: [] });
    const unlabeled = await panel.evaluate((el) => {
      const root = el as unknown as { querySelectorAll(s: string): ArrayLike<{ id: string; type?: string; labels?: ArrayLike<unknown> | null; getAttribute(n: string): string | null; closest(s: string): unknown }> };
      return Array.from(root.querySelectorAll('input, select, textarea'))
        .filter((c) => c.type !== 'hidden')
        .filter((c) => !(c.labels && c.labels.length) && !c.getAttribute('aria-label') && !c.closest('label'))
        .map((c) => c.id || c.type || 'control');
    });
    expect(unlabeled, `${kind} has unlabeled controls`).toEqual([]);
    await page.screenshot({ path: `${dir}/${kind}.png` });
  }
});
