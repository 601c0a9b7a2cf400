/**
 * UI slice: window-level state that is no feature's data. The settings
 * dialog's open flag (so any feature can send the user to Settings, for
 * example after a 401), the history panel's width, and in-app toasts.
 */
import { withToast, type UiToast } from '../../domain/toasts/toast-stack';
import type { SliceCreator } from '../slice';

export const HISTORY_WIDTH = { min: 240, max: 720, default: 360 } as const;
/** Versioned so a future layout change can ignore old values. */
export const HISTORY_WIDTH_STORAGE_KEY = 'asset-studio.ui.history-width.v1';

export function clampHistoryWidth(px: number): number {
  if (!Number.isFinite(px)) return HISTORY_WIDTH.default;
  return Math.round(Math.min(HISTORY_WIDTH.max, Math.max(HISTORY_WIDTH.min, px)));
}

function readStoredWidth(): number {
  try {
    const raw = globalThis.localStorage?.getItem(HISTORY_WIDTH_STORAGE_KEY);
    return raw ? clampHistoryWidth(Number(raw)) : HISTORY_WIDTH.default;
  } catch {
    return HISTORY_WIDTH.default;
  }
}

/** The periods the top bar's spend can cover (Settings → Credits chooses). */
export const SPEND_PERIODS = [1, 7, 30, 90] as const;
export const SPEND_PERIOD_STORAGE_KEY = 'asset-studio.ui.spend-period.v1';

function readStoredPeriod(): number {
  try {
    const raw = Number(globalThis.localStorage?.getItem(SPEND_PERIOD_STORAGE_KEY));
    return (SPEND_PERIODS as readonly number[]).includes(raw) ? raw : 7;
  } catch {
    return 7;
  }
}

export interface UiSlice {
  settingsOpen: boolean;
  /** Which Settings section to show first, when a feature sends the user there. */
  settingsSection?: string;
  openSettings(section?: string): void;
  closeSettings(): void;
  historyWidth: number;
  setHistoryWidth(px: number): void;
  /** Days of spend the top bar shows. */
  spendPeriodDays: number;
  setSpendPeriodDays(days: number): void;
  toasts: UiToast[];
  pushToast(toast: Omit<UiToast, 'id'> & { id?: string }): string;
  dismissToast(id: string): void;
}

let toastSeq = 0;

export const createUiSlice: SliceCreator<UiSlice> = (set) => ({
  settingsOpen: false,
  settingsSection: undefined,
  openSettings: (section) => set({ settingsOpen: true, settingsSection: section }),
  closeSettings: () => set({ settingsOpen: false, settingsSection: undefined }),
  historyWidth: readStoredWidth(),
  setHistoryWidth: (px) => {
    const width = clampHistoryWidth(px);
    try {
      globalThis.localStorage?.setItem(HISTORY_WIDTH_STORAGE_KEY, String(width));
    } catch {
      // Storage full or unavailable: the width still applies for this session.
    }
    set({ historyWidth: width });
  },
  spendPeriodDays: readStoredPeriod(),
  setSpendPeriodDays: (days) => {
    try {
      globalThis.localStorage?.setItem(SPEND_PERIOD_STORAGE_KEY, String(days));
    } catch {
      // Storage unavailable: the period still applies for this session.
    }
    set({ spendPeriodDays: days });
  },
  toasts: [],
  pushToast: (toast) => {
    const id = toast.id ?? `toast-${++toastSeq}`;
    set((s) => ({ toasts: withToast(s.toasts, { ...toast, id }) }));
    return id;
  },
  dismissToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
});
