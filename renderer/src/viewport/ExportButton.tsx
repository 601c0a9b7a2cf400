/**
 * "Export…" in the viewport's toolbars: the export dialog for what is on
 * screen (a model, image or skybox from the history, or a GLB dropped on the
 * window), so exporting needs no trip to the history's ⋯ menu (in a narrow
 * window the history is a drawer). Ctrl/Cmd+E does the same
 * (use-app-shortcuts.ts).
 */
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../state/store';
import { Tooltip } from '../components/Tooltip';
import { exportOnScreen, openExportOnScreen } from './export-on-screen';

/** The shortcut as this machine writes it. */
export const EXPORT_SHORTCUT = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform) ? '⌘E' : 'Ctrl+E';

export function ExportButton() {
  // Shallow: the decision is a fresh object each time the store changes.
  const what = useStore(useShallow(exportOnScreen));
  const content = useStore((s) => s.viewportTarget?.content);
  if (!what) return null;
  if (what.kind === 'unavailable') {
    return (
      <button type="button" className="viewport-export" disabled title={what.reason}>
        Export…
      </button>
    );
  }
  return (
    <Tooltip content={`Export ${content === 'model' ? 'this model' : content === 'skybox' ? 'this skybox' : 'this image'} to a project folder (${EXPORT_SHORTCUT})`}>
      <button type="button" className="viewport-export" aria-keyshortcuts="Control+E Meta+E" onClick={() => openExportOnScreen(useStore.getState())}>
        Export…
      </button>
    </Tooltip>
  );
}
