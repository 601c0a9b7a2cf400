/**
 * The library as its journeys use it: the Library tab of the right panel,
 * typing in its search, the result cells by title, an asset's details and
 * their lineage, tags and collections.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class LibraryPage {
  readonly view: Locator;
  readonly search: Locator;
  readonly results: Locator;
  readonly details: Locator;

  constructor(readonly page: Page) {
    this.view = page.getByRole('region', { name: 'Library', exact: true });
    this.search = this.view.getByRole('searchbox', { name: 'Search library' });
    this.results = this.view.getByRole('list', { name: 'Library results' });
    this.details = this.view.getByRole('region', { name: 'Asset details' });
  }

  /** Resizes the window and waits for the layout to follow (below 1200 px the right panel is a drawer). */
  async resize(width: number, height: number): Promise<void> {
    await this.page.setViewportSize({ width, height });
    await expect(this.page.locator('main[data-layout]')).toHaveAttribute('data-layout', width < 1200 ? 'narrow' : 'wide');
  }

  /** Shows the library (the tab in a wide window; the rail's Library button opens the drawer in a narrow one). */
  async open(): Promise<void> {
    const narrow = (await this.page.locator('main[data-layout]').getAttribute('data-layout')) === 'narrow';
    if (narrow) await this.page.getByRole('navigation', { name: 'Side panels' }).getByRole('button', { name: 'Library' }).click();
    else await this.page.getByRole('tab', { name: 'Library' }).click();
    await expect(this.view).toBeVisible();
  }

  cells(): Locator {
    return this.results.getByRole('listitem');
  }

  cell(title: string | RegExp): Locator {
    return this.results.getByRole('listitem', { name: title, exact: typeof title === 'string' });
  }

  /** Types as a user does, one key at a time, and waits until the results answer what was typed. */
  async type(query: string): Promise<void> {
    await this.search.fill('');
    await this.search.pressSequentially(query, { delay: 20 });
    await expect(this.view).toHaveAttribute('data-results-for', query, { timeout: 30_000 });
  }

  /**
   * Escape on the open Filters popover, and the search field takes the focus
   * the moment the popover has gone (as a quick typist's click does, before
   * the popover's own deferred return of focus to the Filters button runs);
   * returns the label of what holds the focus two frames and 100 ms later.
   */
  async escapeFiltersIntoSearch(): Promise<string | null> {
    return this.page.evaluate(`new Promise((resolve, reject) => {
      const popover = document.querySelector('[aria-label="Library filters"]');
      if (!popover) return reject(new Error('the Filters popover is not open'));
      const settle = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? null), 100)));
      const watch = new MutationObserver(() => {
        if (popover.isConnected) return;
        watch.disconnect();
        document.querySelector('input[aria-label="Search library"]').focus();
        settle();
      });
      watch.observe(document.body, { childList: true, subtree: true });
      document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    })`);
  }

  async openDetails(title: string | RegExp): Promise<void> {
    await this.cell(title).hover();
    await this.cell(title).getByRole('button', { name: /^Details of / }).click();
    await expect(this.details).toBeVisible();
    await expect(this.details.getByRole('heading', { level: 3 })).toBeVisible();
  }

  async back(): Promise<void> {
    await this.details.getByRole('button', { name: '← Results' }).click();
    await expect(this.details).toHaveCount(0);
  }

  async addTag(tag: string): Promise<void> {
    const tags = this.details.getByRole('region', { name: 'Tags' });
    await tags.getByRole('combobox', { name: 'Add a tag' }).fill(tag);
    await tags.getByRole('button', { name: 'Add' }).click();
    await expect(tags.getByRole('listitem').filter({ hasText: tag })).toBeVisible();
  }

  /** Adds the asset shown to a collection, making it first when it does not exist yet. */
  async addToCollection(name: string): Promise<void> {
    const section = this.details.getByRole('region', { name: 'Collections' });
    await section.getByRole('button', { name: 'Add to collection…' }).click();
    const existing = this.page.getByRole('menuitem', { name, exact: true });
    if (await existing.count()) await existing.click();
    else {
      await this.page.getByRole('menuitem', { name: 'New collection…' }).click();
      await section.getByRole('textbox', { name: 'New collection name' }).fill(name);
      await section.getByRole('button', { name: 'Create and add' }).click();
    }
    await expect(section.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  }

  /** The lineage panel's steps as read on screen. */
  lineage(): Locator {
    return this.details.getByRole('region', { name: 'Lineage' }).getByRole('listitem');
  }
}
