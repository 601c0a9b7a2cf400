/**
 * Screenshots of the app at three window sizes, for before/after comparison.
 *   node --import tsx /work/notes/shots/shoot.ts <repo-root> <prefix>
 */
import path from 'node:path';
import { chromium } from 'playwright-core';

async function main(): Promise<void> {
  const root = path.resolve(process.argv[2] ?? '.');
  const prefix = process.argv[3] ?? 'shot';
  const { startHost } = (await import(path.join(root, 'e2e', 'host.ts'))) as typeof import('../e2e/host');
  const host = await startHost({ env: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' } });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--disable-gpu-sandbox', '--no-first-run'],
  });
  try {
    const submitted = await host.invoke<{ localId: string }>('jobs:submit', { kind: 'text-to-3d', fields: { prompt: 'a small wooden treasure chest with iron bands' } });
    if (submitted.ok) {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const job = await host.invoke<{ status: string }>('jobs:get', { localId: submitted.value.localId });
        if (!job.ok || /succeeded|failed|canceled|expired/i.test(job.value.status) || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    await host.invoke('jobs:submit', { kind: 'text-to-3d', fields: { prompt: 'sandbox:fail a broken lamp' } });
    for (const [w, h] of [[1024, 700]] as const) {
      const page = await browser.newPage({ viewport: { width: w, height: h } });
      await page.goto(host.url);
      await page.getByRole('banner').waitFor();
      const open = page.getByRole('button', { name: /^Open .*treasure chest.* in the viewport$/i }).first();
      if (await open.isVisible({ timeout: 5000 }).catch(() => false)) {
        await open.click();
      } else {
        // Narrow layout: open the history drawer first.
        const rail = page.getByRole('button', { name: 'History' });
        if (await rail.isVisible().catch(() => false)) {
          await rail.click();
          await open.click({ timeout: 10_000 }).catch(() => undefined);
          await rail.click();
        }
      }
      await page.locator('[data-state="ready"]').first().waitFor({ timeout: 30_000 }).catch(() => undefined);
      await page.waitForTimeout(1500);
      await page.getByRole('alert').first().waitFor({ timeout: 30_000 }).catch(() => undefined);
      await page.screenshot({ path: `/work/notes/shots/${prefix}-${w}x${h}.png` });
      const box = async (sel: string) => page.locator(sel).first().boundingBox().catch(() => null);
      process.stderr.write(`boxes ${JSON.stringify({ errors: await box('.toast-errors'), stats: await box('[aria-label="Stats"], .stats, .viewport-stats') })}\n`);
      // Settings → Credits, with the spend estimate.
      await page.getByRole('button', { name: 'Settings' }).first().click();
      await page.locator('#settings-credits').scrollIntoViewIfNeeded();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/work/notes/shots/${prefix}-settings-credits-${w}x${h}.png` });
      process.stderr.write(`saved ${prefix}-${w}x${h}.png\n`);
      await page.close();
    }
  } finally {
    await browser.close();
    await host.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
