/**
 * Window-wide shortcuts that belong to no single feature: Ctrl/Cmd+, opens
 * Settings (the desktop convention) and Ctrl/Cmd+E exports the model on
 * screen (as the viewport toolbar's Export… does); Ctrl/Cmd+L shows the
 * library with its search field focused. Ctrl/Cmd+Enter (Generate)
 * lives with the generate panel.
 */
import { useEffect } from 'react';
import { topDialog } from '../components/dialog-stack';
import { useStore } from '../state/store';
import { openExportOnScreen } from '../viewport/export-on-screen';

export function useAppShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || e.altKey) return;
      if (e.key.toLowerCase() === 'l' && !e.shiftKey && !topDialog()) {
        e.preventDefault();
        useStore.getState().callLibrary();
      }
      if (e.key === ',') {
        e.preventDefault();
        useStore.getState().openSettings();
      }
      // Not from inside a dialog: the export opens over the workspace, not over Settings or a batch.
      if (e.key.toLowerCase() === 'e' && !e.shiftKey && !topDialog() && openExportOnScreen(useStore.getState())) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
