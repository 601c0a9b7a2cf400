/**
 * Job engine setup: the engine over the app's data directory, and the
 * handlers of every `jobs:*` channel. `jobs:changed` is emitted by the
 * composition root from `engine.onChange` (it coalesces bursts).
 */
import { sniffFormat } from '../../../shared/api';
import { listedRecord, type JobSummary } from '../../../shared/domain/job';
import { fail, ok, type Result } from '../../../shared/ipc';
import type { ChannelsOf, EnvironmentRegistry, HandlersFor } from '../contracts';
import { StagingArea } from '../files/staging';
import { Engine, type EngineTiming } from './engine';
import type { JobEngine } from './engine-api';
import { createKeptTakesHandlers, type KeptTakesChannel } from '../kept-takes';

export { Engine, DEFAULT_TIMING, type EngineDeps, type EngineTiming } from './engine';
// The kept takes are their own service; their channels are named jobs:* and listed with the engine's.
export { createKeptTakesHandlers };

export interface JobsDeps {
  dataDir: string;
  registry: EnvironmentRegistry;
  timing?: Partial<EngineTiming>;
  onInternalError?: (message: string, err: unknown) => void;
  /** Progress while an old journal moves into the database (the first start after the update). */
  onImportProgress?: (done: number, total: number) => void;
}

/**
 * Decodes a renderer-drawn thumbnail and hands it to the engine, which checks
 * it with sharp (PNG, at most 1024 px) and stores it beside the asset. Bytes
 * without the PNG signature are refused here, before any decoder sees them.
 */
export async function saveThumbnail(engine: Pick<Engine, 'get' | 'saveThumbnail'>, localId: string, pngBase64: string): Promise<Result<null>> {
  const asset = engine.get(localId)?.asset;
  if (asset?.state === 'ready' && asset.format !== 'glb') {
    // Images and skyboxes get theirs downscaled from the file when it arrives.
    return fail('invalid-request', 'Only a model takes a thumbnail drawn by the app.');
  }
  const png = new Uint8Array(Buffer.from(pngBase64, 'base64'));
  if (sniffFormat(png) !== 'png') {
    return fail('invalid-request', 'The thumbnail is not a PNG image.');
  }
  return engine.saveThumbnail(localId, png);
}

/**
 * How many finished jobs the history lists (the newest); every job still being
 * worked on is listed too, however old. The library searches all of them: a
 * page holding 100,000 summaries took seconds to open and hundreds of MB.
 */
export const HISTORY_WINDOW = 2_000;

/**
 * The history's listing (summaries, newest first, with the count of all),
 * made again only when a record has changed since. A window opening on a
 * large history otherwise waited while the host summarised it, at the moment
 * the page's own start-up wants the same two cores. The array is frozen: it
 * is shared by every caller until the next change, and the browser shell
 * keeps its JSON for as long (see shells/web/json-cache.ts).
 */
export function createListingCache(
  engine: Pick<JobEngine, 'history' | 'revision'>,
  window = HISTORY_WINDOW,
): (includeHidden: boolean) => { jobs: readonly JobSummary[]; total: number } {
  const cached = new Map<boolean, { revision: number; listing: { jobs: readonly JobSummary[]; total: number } }>();
  return (includeHidden) => {
    const revision = engine.revision();
    const hit = cached.get(includeHidden);
    if (hit?.revision === revision) return hit.listing;
    const { records, total } = engine.history({ includeHidden, limit: window });
    const listing = { jobs: Object.freeze(records.map(listedRecord)), total };
    cached.set(includeHidden, { revision, listing });
    return listing;
  };
}

export function createJobHandlers(engine: Engine, listing = createListingCache(engine)): HandlersFor<Exclude<ChannelsOf<'jobs'>, KeptTakesChannel>> {
  return {
    'jobs:submit': async (args) => engine.submit(args),
    // Summaries: the history's start-up cost grows with every job ever made (see listedRecord).
    'jobs:list': async ({ includeHidden }) => {
      const { jobs, total } = listing(includeHidden === true);
      return ok({ jobs: jobs as JobSummary[], total, load: engine.load() });
    },
    'jobs:get': async ({ localId }) => {
      const job = engine.get(localId);
      return job ? ok(job) : { ok: false, problem: { reason: 'not-found', message: 'No such job.' } };
    },
    'jobs:track': async (args) => engine.track(args),
    'jobs:resend': async ({ localId }) => engine.resend(localId),
    'jobs:dismiss': async ({ localId }) => engine.dismiss(localId),
    'jobs:retryDownload': async ({ localId }) => engine.retryDownload(localId),
    'jobs:resumePolling': async ({ localId }) => engine.resumePolling(localId),
    'jobs:cancel': async ({ localId }) => engine.cancel(localId),
    'jobs:remove': async ({ localIds }) => engine.remove(localIds),
    'jobs:restore': async ({ localIds }) => engine.restore(localIds),
    'jobs:saveThumbnail': async ({ localId, pngBase64 }) => saveThumbnail(engine, localId, pngBase64),
  };
}

export function setupJobs(deps: JobsDeps): {
  engine: JobEngine;
  handlers: HandlersFor<ChannelsOf<'jobs'>>;
  /** Makes the history's listing soon, off this turn: the main process is up before its window asks for it. */
  warmListing(): void;
  dispose(): Promise<void>;
} {
  const engine = new Engine({
    dataDir: deps.dataDir,
    registry: deps.registry,
    // Same directory as the files service: requests refer to its staged copies.
    staging: new StagingArea(deps.dataDir),
    timing: deps.timing,
    onInternalError: deps.onInternalError,
    ...(deps.onImportProgress ? { onImportProgress: deps.onImportProgress } : {}),
  });
  const listing = createListingCache(engine);
  let warming: NodeJS.Immediate | undefined;
  return {
    engine,
    handlers: { ...createJobHandlers(engine, listing), ...createKeptTakesHandlers(deps.dataDir) },
    warmListing: () => {
      warming = setImmediate(() => {
        try {
          listing(false);
        } catch (err) {
          // The window's own request reports it.
          deps.onInternalError?.('the history listing could not be prepared', err);
        }
      });
    },
    dispose: async () => {
      clearImmediate(warming);
      await engine.stop();
    },
  };
}
