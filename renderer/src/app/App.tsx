/**
 * The window's layout: top bar (environment and key), generate panel (left),
 * viewport (centre), job history (right, resizable with the splitter).
 * Features own their regions; this file places them, catches a region's
 * crash, hosts toasts and takes files dropped anywhere on the window.
 */
import { BatchView } from '../features/batch/BatchView';
import { GeneratePanel } from '../features/generate/GeneratePanel';
import { DROP_HELP } from '../features/generate/window-drop';
import { HistoryPanel } from '../features/history/HistoryPanel';
import { EnvironmentSwitcher } from '../features/settings/EnvironmentSwitcher';
import { SettingsDialog } from '../features/settings/SettingsDialog';
import { Toasts } from '../components/Toasts';
import { useStore } from '../state/store';
import { Viewport } from '../viewport/Viewport';
import { ErrorBoundary } from './ErrorBoundary';
import { Splitter } from './Splitter';
import { useAppShortcuts } from './use-app-shortcuts';
import { useHostToasts } from './use-host-toasts';
import { useLayoutPrefs } from './use-layout-prefs';
import { useWindowDrop } from './use-window-drop';

export function App() {
  const historyWidth = useStore((s) => s.historyWidth);
  const dropping = useWindowDrop();
  useHostToasts();
  useLayoutPrefs();
  useAppShortcuts();
  return (
    <div className="app" data-dropping={dropping || undefined}>
      <header className="top-bar" role="banner">
        <h1 className="app-title">Asset Studio</h1>
        <ErrorBoundary region="Environment switcher">
          <EnvironmentSwitcher />
        </ErrorBoundary>
      </header>
      <main className="workspace" style={{ gridTemplateColumns: `var(--generate-width) minmax(0, 1fr) 6px ${historyWidth}px` }}>
        <aside className="panel panel-generate" aria-label="Generate panel">
          <ErrorBoundary region="Generate panel">
            <GeneratePanel />
          </ErrorBoundary>
        </aside>
        <section className="panel panel-viewport" aria-label="Viewport panel">
          <ErrorBoundary region="Viewport">
            <Viewport />
          </ErrorBoundary>
        </section>
        <Splitter />
        <aside className="panel panel-history" aria-label="History panel">
          <ErrorBoundary region="History">
            <HistoryPanel />
          </ErrorBoundary>
        </aside>
      </main>
      <ErrorBoundary region="Settings">
        <SettingsDialog />
      </ErrorBoundary>
      <ErrorBoundary region="Batch">
        <BatchView />
      </ErrorBoundary>
      <Toasts />
      {dropping ? (
        <div className="drop-overlay" aria-hidden="true">
          <div className="drop-overlay-text">{DROP_HELP}</div>
        </div>
      ) : null}
    </div>
  );
}
