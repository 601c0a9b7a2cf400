/**
 * The history and the viewport as the history/viewport journeys use them:
 * history items by title, opening one, waiting for the viewport to settle,
 * and jobs submitted through the contract (as the renderer would) with their
 * records read back from the host.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { StudioHost } from '../../testkit/host';
import { expectModelDrawn, expectSkyDrawn } from '../pixels';

export interface JobView {
  localId: string;
  jobId?: string;
  kind: string;
  state: string;
  title: string;
  asset?: { state: string; format: string; hasThumbnail?: boolean };
}

export class HistoryViewport {
  readonly history: Locator;
  readonly viewport: Locator;

  constructor(
    readonly page: Page,
    readonly host: StudioHost,
  ) {
    this.history = page.getByRole('region', { name: 'Job history' });
    this.viewport = page.getByRole('region', { name: 'Viewport', exact: true });
  }

  item(localId: string): Locator {
    return this.history.locator(`article[data-local-id="${localId}"]`);
  }

  /** Submits a request through the contract; resolves with the queued record. */
  async submit(kind: string, fields: Record<string, unknown>): Promise<JobView> {
    const result = await this.host.invoke<JobView>('jobs:submit', { kind, fields });
    if (!result.ok) throw new Error(`jobs:submit ${kind}: ${result.problem.message}`);
    return result.value;
  }

  async job(localId: string): Promise<JobView> {
    const result = await this.host.invoke<JobView>('jobs:get', { localId });
    if (!result.ok) throw new Error(`jobs:get: ${result.problem.message}`);
    return result.value;
  }

  /** Waits until the host has the job finished with its asset verified in the cache. */
  async waitReady(localId: string, timeout = 90_000): Promise<JobView> {
    let last: JobView | undefined;
    await expect
      .poll(
        async () => {
          last = await this.job(localId);
          return `${last.state}/${last.asset?.state ?? '-'}`;
        },
        { timeout, intervals: [250, 500, 1000] },
      )
      .toBe('success/ready');
    return last!;
  }

  /** Opens a history item in the viewport with its thumbnail button. */
  async open(localId: string): Promise<void> {
    await this.item(localId).getByRole('button', { name: /^Open .* in the viewport$/ }).click();
  }

  /** Waits for the viewport to leave `loading` for this job, and returns what it settled on. */
  async settled(jobId: string | undefined, timeout = 90_000): Promise<{ state: string; content: string }> {
    if (jobId) await expect(this.viewport).toHaveAttribute('data-job-id', jobId, { timeout });
    await expect(this.viewport).toHaveAttribute('data-state', /^(ready|error)$/, { timeout });
    return this.viewport.evaluate((el) => ({
      state: el.getAttribute('data-state') ?? '',
      content: el.getAttribute('data-content') ?? '',
    }));
  }

  /** A model shows in the middle of the 3D view, in the test's own screenshot. */
  expectModelDrawn(): Promise<void> {
    return expectModelDrawn(this.viewport.locator('canvas').first());
  }

  /** A panorama fills the 3D view, in the test's own screenshot. */
  expectSkyDrawn(): Promise<void> {
    return expectSkyDrawn(this.viewport.locator('canvas').first());
  }
}
