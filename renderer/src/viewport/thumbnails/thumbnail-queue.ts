/**
 * Which finished models get a thumbnail drawn, and the promise that each is
 * drawn at most once per session: a job is asked for once, whatever happens
 * (saved, refused, failed to load), and drawings run one at a time so a burst
 * of finished jobs never loads several models together.
 *
 * Models already finished when the history first loads are drawn only when
 * the user opens them: drawing hundreds of old models at start-up would cost
 * far more than the list itself. A model is drawn a few seconds after it
 * arrives or is first shown, not at once: that is when the user is opening,
 * turning or exporting it, and those get the CPU and the connection first.
 */
import { ENDPOINTS } from '../../../../shared/api';
import type { JobSummary } from '../../../../shared/domain/job';

export type DrawThumbnail = (localId: string) => Promise<void>;

/** How long after its asset arrives (or it is first shown) a model is drawn. */
export const ARRIVAL_DELAY_MS = 4000;

/** True for a finished model (or split parts) whose GLB is in the cache and has no thumbnail yet. */
export function needsThumbnail(job: Pick<JobSummary, 'kind' | 'state' | 'asset'>): boolean {
  const produces = ENDPOINTS[job.kind]?.produces;
  return (
    (produces === 'model' || produces === 'parts') &&
    job.state === 'success' &&
    job.asset?.state === 'ready' &&
    job.asset.format === 'glb' &&
    job.asset.hasThumbnail !== true
  );
}

export class ThumbnailQueue {
  /** Every job ever asked for, drawn or not: never twice. */
  private readonly asked = new Set<string>();
  /**
   * The job caches the history first loaded: a model in one of them that was
   * ready without a thumbnail is drawn only when opened. Kept as they are
   * (records are replaced, never changed) and looked up when a job changes:
   * copying 10,000 ids into a set cost the start-up 4 to 11 ms.
   */
  private readonly initial: Readonly<Record<string, JobSummary>>[] = [];
  private readonly waiting: string[] = [];
  private running = false;
  private idleWaiters: (() => void)[] = [];
  /** Arrivals waiting out their delay. */
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    private readonly draw: DrawThumbnail,
    private readonly onError: (localId: string, error: unknown) => void = () => {},
    private readonly arrivalDelayMs = ARRIVAL_DELAY_MS,
  ) {}

  /** The history's first load (its job cache by local id): old models wait until they are opened. */
  noteInitial(jobsById: Readonly<Record<string, JobSummary>>): void {
    this.initial.push(jobsById);
  }

  /** Records that changed: a model whose asset has just arrived is drawn after the delay. */
  noteChanged(jobs: Iterable<JobSummary>): void {
    for (const job of jobs) {
      if (needsThumbnail(job) && !this.waitsForOpening(job.localId)) this.enqueue(job.localId, this.arrivalDelayMs);
    }
  }

  /** Ready without a thumbnail when the history first loaded. */
  private waitsForOpening(localId: string): boolean {
    return this.initial.some((byId) => {
      const first = Object.hasOwn(byId, localId) ? byId[localId] : undefined;
      return first !== undefined && needsThumbnail(first);
    });
  }

  /** The viewport has shown this job: draw it (after the delay) if it still has no thumbnail. */
  noteOpened(job: JobSummary | undefined): void {
    if (job && needsThumbnail(job)) this.enqueue(job.localId, this.arrivalDelayMs);
  }

  /** Whether this job has been asked for (drawn, drawing, or waiting). */
  has(localId: string): boolean {
    return this.asked.has(localId);
  }

  /** Resolves when nothing is delayed, waiting or drawing. */
  idle(): Promise<void> {
    if (!this.running && this.waiting.length === 0 && this.timers.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops arrivals still waiting out their delay (the page is going away). */
  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.waiting.length = 0;
    if (!this.running) this.settle();
  }

  private enqueue(localId: string, delayMs = 0): void {
    if (this.asked.has(localId)) return;
    this.asked.add(localId);
    if (delayMs <= 0) {
      this.waiting.push(localId);
      void this.pump();
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.waiting.push(localId);
      void this.pump();
    }, delayMs);
    this.timers.add(timer);
  }

  private settle(): void {
    if (this.timers.size > 0 || this.waiting.length > 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.waiting.shift(); next !== undefined; next = this.waiting.shift()) {
        try {
          await this.draw(next);
        } catch (error) {
          this.onError(next, error);
        }
      }
    } finally {
      this.running = false;
      this.settle();
    }
  }
}
