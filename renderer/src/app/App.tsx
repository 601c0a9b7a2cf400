/**
 * The window's layout: top bar (environment and key), generate panel (left),
 * viewport (centre), job history (right, resizable). Features own their
 * regions; this file only places them.
 */
import { BatchView } from '../features/batch/BatchView';
import { GeneratePanel } from '../features/generate/GeneratePanel';
import { HistoryPanel } from '../features/history/HistoryPanel';
import { EnvironmentSwitcher } from '../features/settings/EnvironmentSwitcher';
import { SettingsDialog } from '../features/settings/SettingsDialog';
import { Viewport } from '../viewport/Viewport';

export function App() {
  return (
    <div className="app">
      <header className="top-bar" role="banner">
        <h1 className="app-title">Asset Studio</h1>
        <EnvironmentSwitcher />
      </header>
      <main className="workspace">
        <aside className="panel panel-generate" aria-label="Generate panel">
          <GeneratePanel />
        </aside>
        <section className="panel panel-viewport" aria-label="Viewport panel">
          <Viewport />
        </section>
        <aside className="panel panel-history" aria-label="History panel">
          <HistoryPanel />
        </aside>
      </main>
      <SettingsDialog />
      <BatchView />
    </div>
  );
}
