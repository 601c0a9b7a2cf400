/**
 * The window's layout decisions as pure functions: which arrangement a
 * window width gets, and the side panels' sizes in pixels. The viewport takes
 * whatever is left, so a large window gives its extra room to the viewport.
 */
export type LayoutMode = 'wide' | 'narrow';

/** Below this width the history panel folds into a rail with a drawer, so the viewport keeps at least half the window. */
export const NARROW_BELOW_PX = 1200;
export const RAIL_PX = 44;
export const GENERATE_PX = { default: 360, min: 280, max: 520 } as const;

export function layoutMode(windowWidth: number): LayoutMode {
  return windowWidth < NARROW_BELOW_PX ? 'narrow' : 'wide';
}

/** The viewport's width for a window width, generate width and (wide mode) history width: what the layout leaves it. */
export function viewportWidth(windowWidth: number, generateWidth: number, historyWidth: number, separatorPx = 6): number {
  const mode = layoutMode(windowWidth);
  const right = mode === 'wide' ? historyWidth + separatorPx : RAIL_PX;
  return windowWidth - generateWidth - separatorPx - right;
}

/**
 * Whether the history drawer closes after a click or key inside it: it does when
 * that pick put something new on screen (a job opened, a compare started), so the
 * drawer no longer covers what was just picked. `before`/`after` are the keys of
 * what the viewport showed around the event (null: nothing).
 */
export function drawerClosesAfterPick(before: string | null, after: string | null): boolean {
  return after !== null && after !== before;
}
