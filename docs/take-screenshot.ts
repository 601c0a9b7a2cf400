/**
 * Takes the README's screenshot: the app in Chromium at 1280x800 through the
 * browser shell, with one finished text-to-3D job from the built-in sandbox
 * selected so the viewport shows a model.
 *
 *   node --import tsx docs/take-screenshot.ts [out.png]
 */
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, startHost } from '../testkit/host';

async function main(): Promise<void> {
  const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'docs', 'screenshot.png'));
  const host = await startHost();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--disable-gpu-sandbox', '--no-first-run'],
  });
  try {
    const submitted = await host.invoke<{ localId: string }>('jobs:submit', { kind: 'text-to-3d', fields: { prompt: 'a small wooden treasure chest with iron bands' } });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(host.url);
    await page.getByRole('banner').waitFor();
    if (submitted.ok) {
      const deadline = Date.now() + 90_000;
      for (;;) {
        const job = await host.invoke<{ status: string }>('jobs:get', { localId: submitted.value.localId });
        if (!job.ok || /succeeded|failed|canceled|expired/i.test(job.value.status) || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      // Selecting the job in the history shows it in the viewport.
      const open = page.getByRole('button', { name: /^Open .* in the viewport$/ }).first();
      if (await open.isEnabled({ timeout: 10_000 }).catch(() => false)) await open.click();
      await page.locator('[data-state="ready"]').first().waitFor({ timeout: 30_000 }).catch(() => undefined);
    } else {
      process.stderr.write(`No sample job (${submitted.problem.message}); taking the empty app.\n`);
    }
    await page.waitForTimeout(2000);
    await page.screenshot({ path: out });
    process.stderr.write(`Saved ${out}\n`);
  } finally {
    await browser.close();
    await host.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
