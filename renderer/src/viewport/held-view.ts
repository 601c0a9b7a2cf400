/**
 * What the viewport shows around its canvas while an asset loads: the
 * loading note's delay, and paint holding (the previous view kept until the
 * new asset's first frame).
 */
import { useEffect, useState } from 'react';
import type { ViewportState, ViewportTarget } from '../state/slices/viewport';
import type { ModelInfo } from './ModelScene';

/**
 * How long a load runs before the loading note appears. A note that flashes
 * up for a fast load is noise, and drawing it (text rastered and composited
 * while the GPU draws the model) slowed a small model's first frame by about
 * a tenth in software rendering. Not longer: the model's first draw holds the
 * page until the GPU is done (a second for 500k triangles in software), and a
 * note due after the page is held never shows (with 300 ms a 500k model
 * loaded for 1.4 s without one; with 150 ms it shows at about 160 ms).
 */
export const LOADING_NOTE_DELAY_MS = 150;

/** True once the load of `loadingKey` has run for LOADING_NOTE_DELAY_MS; false while nothing loads. */
export function useLoadingNoteDue(loadingKey: string | null): boolean {
  const [dueKey, setDueKey] = useState<string | null>(null);
  useEffect(() => {
    if (!loadingKey) return;
    const timer = setTimeout(() => setDueKey(loadingKey), LOADING_NOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loadingKey]);
  return loadingKey !== null && dueKey === loadingKey;
}

/** What the viewport's DOM shows around the canvas: the empty note, the loading note, the error card, the overlays. */
export interface ShownView {
  target: ViewportTarget | null;
  state: ViewportState;
  error: string | undefined;
  info: ModelInfo | null;
}

const sameView = (a: ShownView, b: ShownView) => a.target === b.target && a.state === b.state && a.error === b.error && a.info === b.info;

/** Whether `shown` stays on screen while `current` loads (see useHeldView). */
export function holdsView(shown: ShownView, current: ShownView, loadingNoteDue: boolean): boolean {
  const holdable = shown.state === 'empty' || (shown.state === 'ready' && shown.target?.content !== 'image');
  return holdable && current.state === 'loading' && current.target?.content !== 'image' && !loadingNoteDue;
}

/**
 * Paint holding: while a model or skybox loads, and until its loading note is
 * due, the DOM around the canvas keeps showing what it showed (the empty note,
 * or the previous asset's overlays over its picture, which the canvas also
 * keeps), and changes once, with the new asset's first frame. Any visible
 * change at the start of a load makes the page composite a frame, and in
 * software rendering that frame (about 9 ms of the GPU thread for a
 * 1000×700 page) was drawn while the asset was fetched and parsed, and
 * delayed both. An error card or an image is not held: it is replaced at once.
 */
export function useHeldView(current: ShownView, loadingNoteDue: boolean): ShownView {
  const [shown, setShown] = useState(current);
  const hold = holdsView(shown, current, loadingNoteDue);
  if (!hold && !sameView(shown, current)) setShown(current);
  return hold ? shown : current;
}
