/** How long each kind of toast stays: a pure rule, tested on its own. */
import type { ToastLevel } from '../state/slices/ui';

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
