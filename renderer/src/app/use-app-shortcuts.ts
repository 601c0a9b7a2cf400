/**
 * Window-wide shortcuts that belong to no single feature: Ctrl/Cmd+, opens
 * Settings (the desktop convention). Ctrl/Cmd+Enter (Generate) lives with
 * the generate panel.
 */
import { useEffect } from 'react';
import { useStore } from '../state/store';

export function useAppShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || e.altKey) return;
      if (e.key === ',') {
        e.preventDefault();
        useStore.getState().openSettings();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
