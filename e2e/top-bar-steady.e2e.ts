/**
 * The top bar holds still while the window fills in: the Settings button is
 * where it first appeared after the environments, the key and the credits
 * have arrived. It had been beside the credits, which appear a moment after
 * the window does, and jumped 151 px under a pointer already on its way
 * (a click on it right after the start then missed, in a fresh-clone CI run).
 */
import { expect, test } from './fixtures';

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the Settings button keeps its place from its first frame until the bar has filled in', async ({ page, studio }) => {
      // Every frame from the first, the button's box whenever it changes.
      await page.addInitScript(`(() => {
        const boxes = [];
        globalThis.__settingsBoxes = boxes;
        let last = '';
        const look = () => {
          const button = [...document.querySelectorAll('header button')].find((b) => b.textContent.trim() === 'Settings');
          if (button) {
            const r = button.getBoundingClientRect();
            const box = [Math.round(r.x), Math.round(r.y), Math.round(r.width)].join(',');
            if (box !== last) boxes.push(box);
            last = box;
          }
          requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      })()`);
      await page.goto(studio.url);
      const bar = page.getByRole('banner');
      await expect(bar.getByRole('combobox', { name: 'Key' })).toContainText('Sandbox key');
      await expect(bar.getByRole('group', { name: 'Credits' }).getByRole('button', { name: /^Spent/ })).toBeVisible();
      // Two more frames, so a move caused by the last arrival is seen.
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
      const boxes = (await page.evaluate('globalThis.__settingsBoxes')) as string[];
      expect(boxes.length, `the Settings button's boxes (x,y,width) while the window filled in: ${boxes.join(' → ')}`).toBe(1);
      await bar.getByRole('button', { name: 'Settings' }).click();
      await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    });
  });
}
