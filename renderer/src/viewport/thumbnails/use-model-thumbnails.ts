/**
 * Keeps model thumbnails coming: watches the jobs cache for models whose
 * asset has just arrived and the viewport for models shown without one,
 * draws each once off-screen and sends it to the host (`jobs:saveThumbnail`),
 * whose push then shows it in the history.
 */
import { useEffect } from 'react';
import { bridge } from '../../bridge';
import { useStore } from '../../state/store';
import { renderModelThumbnail, toBase64 } from './render-thumbnail';
import { ThumbnailQueue } from './thumbnail-queue';

async function drawAndSave(localId: string): Promise<void> {
  const host = bridge();
  const blob = await renderModelThumbnail(localId, host.assetUrl(localId, 'asset'), host.assetRequestHeaders());
  const png = new Uint8Array(await blob.arrayBuffer());
  const saved = await host.api.jobs.saveThumbnail({ localId, pngBase64: toBase64(png) });
  if (!saved.ok) throw new Error(saved.problem.message);
}

/** One queue for the page: the once-only promise holds across remounts. */
let shared: ThumbnailQueue | undefined;
export function thumbnailQueue(): ThumbnailQueue {
  if (!shared) {
    const queue = new ThumbnailQueue(drawAndSave, (localId, error) => console.warn(`No thumbnail for ${localId}:`, error instanceof Error ? error.message : error));
    // Leaving the page: drawings still waiting out their delay are dropped, not started.
    globalThis.addEventListener?.('pagehide', () => queue.dispose());
    shared = queue;
  }
  return shared;
}

export function useModelThumbnails(queue: ThumbnailQueue = thumbnailQueue()): void {
  useEffect(() => {
    let initialDone = false;
    let previous = useStore.getState().jobsById;
    const take = (state: ReturnType<typeof useStore.getState>) => {
      if (!state.jobsLoaded) return;
      if (!initialDone) {
        initialDone = true;
        previous = state.jobsById;
        queue.noteInitial(state.jobsById);
        return;
      }
      if (state.jobsById === previous) return;
      const before = previous;
      previous = state.jobsById;
      const changed = [];
      for (const [id, job] of Object.entries(state.jobsById)) if (before[id] !== job) changed.push(job);
      queue.noteChanged(changed);
    };
    take(useStore.getState());
    const offJobs = useStore.subscribe(take);
    // An opened model is drawn once the viewport shows it: never competing with its preview, never for a file that failed.
    const offOpen = useStore.subscribe((state, prev) => {
      const id = state.viewportTarget?.localId;
      const nowReady = state.viewportState === 'ready' && (prev.viewportState !== 'ready' || prev.viewportTarget !== state.viewportTarget);
      if (id && nowReady && state.viewportTarget?.content === 'model') queue.noteOpened(state.jobsById[id]);
    });
    return () => {
      offJobs();
      offOpen();
    };
  }, [queue]);
}
