/** The app window as a user sees it: its landmark regions, opened at the host's URL. */
import { expect, type Locator, type Page } from '@playwright/test';
import type { StudioHost } from '../../testkit/host';

export class AppPage {
  readonly banner: Locator;
  readonly generatePanel: Locator;
  readonly viewportPanel: Locator;
  readonly historyPanel: Locator;

  constructor(
    readonly page: Page,
    readonly host: StudioHost,
  ) {
    this.banner = page.getByRole('banner');
    // <aside aria-label> is a complementary landmark; <section aria-label> a region.
    this.generatePanel = page.getByRole('complementary', { name: 'Generate panel' });
    this.viewportPanel = page.getByRole('region', { name: 'Viewport panel' });
    this.historyPanel = page.getByRole('complementary', { name: 'History panel' });
  }

  /** Opens the printed URL and waits until the layout is on screen. */
  async open(): Promise<void> {
    await this.page.goto(this.host.url);
    await expect(this.banner).toBeVisible();
  }
}
