/**
 * The right-hand panel's two views on Radix Tabs: the history (jobs) and the
 * library (assets). The history stays mounted while the library shows (it is
 * what keeps the job list connected); the library mounts the first time it is
 * chosen and then stays, keeping its scroll and details. Ctrl/Cmd+L switches
 * to the library (see use-app-shortcuts.ts).
 */
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { HistoryPanel } from '../features/history/HistoryPanel';
import { LibraryView } from '../features/library/LibraryView';
import type { SidePanel as Which } from '../state/slices/library';
import { useStore } from '../state/store';
import { ErrorBoundary } from './ErrorBoundary';

export function SidePanel() {
  const which = useStore((s) => s.sidePanel);
  const setWhich = useStore((s) => s.setSidePanel);
  const [libraryMounted, setLibraryMounted] = useState(which === 'library');
  useEffect(() => {
    if (which === 'library') setLibraryMounted(true);
  }, [which]);
  return (
    <Tabs.Root className="side-tabs" value={which} onValueChange={(v) => setWhich(v as Which)} activationMode="manual">
      <Tabs.List className="side-tab-list" aria-label="Right panel">
        <Tabs.Trigger className="side-tab" value="history">
          History
        </Tabs.Trigger>
        <Tabs.Trigger className="side-tab" value="library" title="Library (Ctrl+L or Cmd+L)">
          Library
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content className="side-tab-panel" value="history" forceMount hidden={which !== 'history'} tabIndex={-1}>
        <ErrorBoundary region="History">
          <HistoryPanel />
        </ErrorBoundary>
      </Tabs.Content>
      <Tabs.Content className="side-tab-panel" value="library" forceMount hidden={which !== 'library'} tabIndex={-1}>
        {libraryMounted ? (
          <ErrorBoundary region="Library">
            <LibraryView />
          </ErrorBoundary>
        ) : null}
      </Tabs.Content>
    </Tabs.Root>
  );
}
