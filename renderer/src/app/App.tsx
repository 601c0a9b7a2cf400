/**
 * The window's layout: top bar (title, batch, environment and key), then the
 * workspace (generate panel, viewport, history; see Workspace.tsx). Features
 * own their regions; this file places them, catches a region's crash, hosts
 * toasts and takes files dropped anywhere on the window. Tab order follows
 * what the eye sees: the top bar first, then left to right.
 */
import { BatchLauncher, BatchView } from '../features/batch/BatchView';
import { LIBRARY_FILE_WORDS } from '../domain/library/import-files';
import { DROP_HELP } from '../features/generate/window-drop';
import { BalanceBadge } from '../features/settings/BalanceBadge';
import { EnvironmentSwitcher, SettingsButton } from '../features/settings/EnvironmentSwitcher';
import { SettingsDialog } from '../features/settings/SettingsDialog';
import { ExportDialog } from '../features/export/ExportDialog';
import { submitCurrent } from '../features/generate/GeneratePanel';
import { makeFromImage } from '../features/generate/image-chain';
import { HistoryCommandsContext, type HistoryCommands } from '../features/history/history-commands';
import { Toasts } from '../components/Toasts';
import { TooltipProvider } from '../components/Tooltip';
import { ErrorBoundary } from './ErrorBoundary';
import { useAppShortcuts } from './use-app-shortcuts';
import { useHostToasts } from './use-host-toasts';
import { useLayoutPrefs } from './use-layout-prefs';
import { useWindowDrop } from './use-window-drop';

const LIBRARY_DROP_HELP = `Drop files or folders to bring them into the library (${LIBRARY_FILE_WORDS}).`;
import { Workspace } from './Workspace';

/** The history's one-click actions, carried out by the generate feature. */
const historyCommands: HistoryCommands = { submitCurrent, makeFromImage };

export function App() {
  const dropping = useWindowDrop();
  useHostToasts();
  useLayoutPrefs();
  useAppShortcuts();
  return (
    <TooltipProvider>
      <div className="app" data-dropping={dropping || undefined}>
        <header className="top-bar" role="banner">
          <h1 className="app-title">Asset Studio</h1>
          <BatchLauncher />
          <ErrorBoundary region="Environment switcher">
            <EnvironmentSwitcher />
          </ErrorBoundary>
          <BalanceBadge />
          <SettingsButton />
        </header>
        <HistoryCommandsContext.Provider value={historyCommands}>
          <Workspace />
        </HistoryCommandsContext.Provider>
        <ErrorBoundary region="Settings">
          <SettingsDialog />
        </ErrorBoundary>
        <ErrorBoundary region="Export">
          <ExportDialog />
        </ErrorBoundary>
        <ErrorBoundary region="Batch">
          <BatchView />
        </ErrorBoundary>
        <Toasts />
        {dropping ? (
          <div className="drop-overlay" aria-hidden="true">
            <div className="drop-overlay-text">{dropping === 'library' ? LIBRARY_DROP_HELP : DROP_HELP}</div>
          </div>
        ) : null}
      </div>
    </TooltipProvider>
  );
}
