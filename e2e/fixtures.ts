/**
 * The e2e fixtures every journey imports instead of @playwright/test:
 *
 *   import { test, expect } from './fixtures';
 *   test('...', async ({ page, studio }) => { await page.goto(studio.url); ... });
 *
 * - `studio`: a browser shell started for this test alone (fresh data
 *   directory, port 0, its built-in sandbox), stopped afterwards; its stderr
 *   is attached to the report when the test fails. `studioEnv` adds
 *   environment variables for it (shorter sandbox jobs, real keys).
 * - `app`: the page object for the app, already opened at `studio.url`.
 * - Any uncaught page error or console error fails the test, unless a
 *   pattern in `allowedConsoleErrors` (set with `test.use`, with a reason)
 *   matches it.
 */
import { test as base, expect } from '@playwright/test';
import { startHost, type StudioHost } from '../testkit/host';
import { AppPage } from './pages/app-page';

export { expect };
export type { StudioHost };

export interface AllowedConsoleError {
  pattern: RegExp;
  /** Why this message is expected and harmless: required, so nobody silences an error without saying why. */
  reason: string;
}

interface Fixtures {
  /** Extra environment for this test's host, e.g. `test.use({ studioEnv: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '2' } })`. */
  studioEnv: NodeJS.ProcessEnv;
  studio: StudioHost;
  app: AppPage;
  allowedConsoleErrors: AllowedConsoleError[];
  /** Page errors and console errors seen so far (checked after the test). */
  browserErrors: string[];
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  studioEnv: [{}, { option: true }],

  studio: async ({ studioEnv, page }, use, testInfo) => {
    const host = await startHost({ env: studioEnv });
    try {
      await use(host);
    } finally {
      // The page first: a request it still has in flight (a thumbnail, a poll) must not meet a stopped host and count as a page error.
      await page.close().catch(() => undefined);
      await host.stop();
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('host-stderr.log', { body: host.hostLogs.join('\n'), contentType: 'text/plain' });
      }
    }
  },

  browserErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      const allowed = (text: string): boolean => allowedConsoleErrors.some((a) => a.pattern.test(text));
      page.on('pageerror', (err) => {
        if (!allowed(err.message)) errors.push(`uncaught page error: ${err.message}\n${err.stack ?? ''}`);
      });
      page.on('console', (msg) => {
        if (msg.type() !== 'error' || allowed(msg.text())) return;
        const where = msg.location();
        errors.push(`console error: ${msg.text()}${where.url ? ` (${where.url}:${where.lineNumber})` : ''}`);
      });
      await use(errors);
      expect(errors, 'the page logged errors (allow one with test.use({ allowedConsoleErrors }) and a reason)').toEqual([]);
    },
    { auto: true },
  ],

  app: async ({ page, studio }, use) => {
    const app = new AppPage(page, studio);
    await app.open();
    await use(app);
  },
});
