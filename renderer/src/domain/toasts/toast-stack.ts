/**
 * Every toast decision in one place (the ErrorStack and the store used to
 * decide apart): how long a toast stays, which are kept, how errors fold
 * into one card, and where the toasts sit. Success and info toasts fade on
 * their own; errors stay until read, folded into one card (the newest shown,
 * "N problems: show all" to unfold) instead of piling over the stats and the
 * animation timeline.
 */
import { RAIL_PX, type LayoutMode } from '../layout-rules';

export type ToastLevel = 'info' | 'success' | 'warning' | 'error';

export interface UiToast {
  id: string;
  level: ToastLevel;
  title: string;
  body?: string;
  /** Local id of the job the toast is about. */
  localId?: string;
  /** One button beside the text (for example Open, for a finished job). */
  action?: UiToastAction;
  /** Milliseconds before it fades, when not its level's (a set's toast stays while the set runs). */
  duration?: number;
  /** How many times the same error came (repeats fold into one toast). */
  count?: number;
}

export interface UiToastAction {
  label: string;
  run(): void;
}

/** The splitter between the viewport and the history panel. */
const SPLITTER_PX = 6;

/** Errors kept at most (oldest dropped first); other toasts at most. */
export const MAX_ERRORS = 20;
export const MAX_OTHERS = 4;

/** Milliseconds before a toast fades; errors never fade (they wait to be read). */
export function toastDuration(level: ToastLevel): number {
  switch (level) {
    case 'error':
      return Number.POSITIVE_INFINITY;
    case 'warning':
      return 10_000;
    default:
      return 6_000;
  }
}

/**
 * The list after a toast is pushed: errors kept until dismissed (up to
 * MAX_ERRORS), other toasts up to MAX_OTHERS. An error that says what an
 * error already shown says (the same title and text) is not a second toast:
 * the first moves to the top with its count raised.
 */
export function withToast(toasts: readonly UiToast[], toast: UiToast): UiToast[] {
  const same = toast.level === 'error' ? toasts.find((t) => t.level === 'error' && t.id !== toast.id && t.title === toast.title && (t.body ?? '') === (toast.body ?? '')) : undefined;
  const pushed = same ? { ...toast, id: same.id, count: (same.count ?? 1) + (toast.count ?? 1) } : toast;
  const rest = toasts.filter((t) => t.id !== pushed.id);
  const next = [...rest, pushed];
  const errors = next.filter((t) => t.level === 'error').slice(-MAX_ERRORS);
  const others = next.filter((t) => t.level !== 'error').slice(-MAX_OTHERS);
  return next.filter((t) => errors.includes(t) || others.includes(t));
}

export interface ToastStack {
  /** Fading toasts (not errors), oldest first. */
  fading: UiToast[];
  /** The error card's items, newest first: only the newest while folded. */
  errors: UiToast[];
  /** Errors folded away under the newest one. */
  folded: number;
  /** The card's fold button, when it has more than one error. */
  toggle?: string;
}

export function stackToasts(toasts: readonly UiToast[], expanded: boolean): ToastStack {
  const errors = toasts.filter((t) => t.level === 'error').reverse();
  const fading = toasts.filter((t) => t.level !== 'error');
  if (errors.length <= 1) return { fading, errors, folded: 0 };
  if (expanded) return { fading, errors, folded: 0, toggle: 'Show only the latest' };
  return { fading, errors: errors.slice(0, 1), folded: errors.length - 1, toggle: `${errors.length} problems: show all` };
}

/**
 * Where the toasts sit: at the viewport's top right, under its toolbar, clear
 * of its stats and readiness (at its bottom) and never over the history. Wide,
 * that is left of the history panel (`right`: its width plus a margin);
 * narrow, left of the rail, and the history drawer, when open, covers them
 * (app.css) rather than the other way round.
 */
export function toastPlacement(mode: LayoutMode, historyWidth: number): { placement: 'top-right'; right: number } {
  return { placement: 'top-right', right: (mode === 'narrow' ? RAIL_PX : historyWidth + SPLITTER_PX) + 12 };
}
