/**
 * How toasts stack. Success and info toasts fade on their own; errors stay
 * until read, but fold into one list (the newest shown, "N more errors" to
 * unfold) instead of piling over the stats and the animation timeline.
 */
import type { UiToast } from '../state/slices/ui';

/** Errors kept at most (oldest dropped first); other toasts at most. */
export const MAX_ERRORS = 20;
export const MAX_OTHERS = 4;

/** The list after a toast is pushed: errors kept until dismissed (up to MAX_ERRORS), other toasts up to MAX_OTHERS. */
export function withToast(toasts: readonly UiToast[], toast: UiToast): UiToast[] {
  const rest = toasts.filter((t) => t.id !== toast.id);
  const next = [...rest, toast];
  const errors = next.filter((t) => t.level === 'error').slice(-MAX_ERRORS);
  const others = next.filter((t) => t.level !== 'error').slice(-MAX_OTHERS);
  return next.filter((t) => errors.includes(t) || others.includes(t));
}

export interface ToastStack {
  /** Toasts to draw, oldest first. */
  shown: UiToast[];
  /** Errors folded away under the newest one. */
  folded: number;
}

export function stackToasts(toasts: readonly UiToast[], expanded: boolean): ToastStack {
  const errors = toasts.filter((t) => t.level === 'error');
  if (expanded || errors.length <= 1) return { shown: [...toasts], folded: 0 };
  const newestError = errors[errors.length - 1]!;
  return { shown: toasts.filter((t) => t.level !== 'error' || t === newestError), folded: errors.length - 1 };
}
