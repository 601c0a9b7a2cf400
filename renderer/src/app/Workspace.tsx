/**
 * The three regions and their splitters, on react-resizable-panels (Radix
 * has no splitter): generate on the left, the viewport in the centre, the
 * history on the right. Side panels keep their pixel width when the window
 * grows, so the extra room goes to the viewport. In a narrow window the
 * history folds into a rail on the right; its button opens it as a drawer
 * over the viewport (Escape or the button closes it, and so does picking a
 * job to show), and the history stays mounted (it is what keeps the job list
 * connected).
 */
import { useEffect, useRef, useState } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { useSetsOpenWhenFinished } from '../features/compare/use-sets-open';
import { GeneratePanel } from '../features/generate/GeneratePanel';
import { HISTORY_WIDTH } from '../state/slices/ui';
import { useStore } from '../state/store';
import { Viewport } from '../viewport/Viewport';
import { ErrorBoundary } from './ErrorBoundary';
import { SidePanel } from './SidePanel';
import { VIEWPORT_SLOTS } from './viewport-slots';
import { drawerClosesAfterPick, GENERATE_PX, RAIL_PX } from '../domain/layout-rules';
import { useLayoutMode } from '../components/use-layout-mode';

/** What the viewport shows now, by its opening's key: the compare view, else the asset on screen. */
function shownKey(): string | null {
  const s = useStore.getState();
  return s.compare?.key ?? s.viewportTarget?.key ?? null;
}


export function Workspace() {
  const mode = useLayoutMode();
  useSetsOpenWhenFinished();
  const historyWidth = useStore((s) => s.historyWidth);
  const sidePanel = useStore((s) => s.sidePanel);
  const setSidePanel = useStore((s) => s.setSidePanel);
  const setHistoryWidth = useStore((s) => s.setHistoryWidth);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const railButton = useRef<HTMLButtonElement>(null);
  // The group is laid out once with the stored width; later changes come from the separator.
  const [initialHistory] = useState(historyWidth);

  const libraryCalled = useStore((s) => s.libraryCalled);
  useEffect(() => {
    if (mode === 'wide') setDrawerOpen(false);
  }, [mode]);
  useEffect(() => {
    if (libraryCalled > 0 && mode === 'narrow') setDrawerOpen(true);
  }, [libraryCalled, mode]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      setDrawerOpen(false);
      railButton.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  // A pick inside the drawer (Open, a row's menu, Compare) runs in the event's own handlers, before
  // it bubbles to the drawer: what was shown when the event started tells whether it picked something.
  const shownBefore = useRef<string | null>(null);
  const noteShown = () => {
    shownBefore.current = shownKey();
  };
  const closeAfterPick = () => {
    if (!drawerClosesAfterPick(shownBefore.current, shownKey())) return;
    setDrawerOpen(false);
    railButton.current?.focus();
  };

  const narrow = mode === 'narrow';
  return (
    <main className={`workspace workspace-${mode}`} data-layout={mode}>
      <Group className="workspace-group" orientation="horizontal" id="workspace">
        <Panel
          id="generate"
          className="panel-slot"
          defaultSize={GENERATE_PX.default}
          minSize={GENERATE_PX.min}
          maxSize={GENERATE_PX.max}
          groupResizeBehavior="preserve-pixel-size"
        >
          <aside className="panel panel-generate" aria-label="Generate panel">
            <ErrorBoundary region="Generate panel">
              <GeneratePanel />
            </ErrorBoundary>
          </aside>
        </Panel>
        <Separator className="splitter" aria-label="Resize generate panel" />
        <Panel id="viewport" className="panel-slot" minSize={480}>
          <section className="panel panel-viewport" aria-label="Viewport panel">
            <ErrorBoundary region="Viewport">
              <Viewport slots={VIEWPORT_SLOTS} />
            </ErrorBoundary>
          </section>
        </Panel>
        {narrow ? null : (
          <>
            <Separator className="splitter" aria-label="Resize history panel" />
            <Panel
              id="history"
              className="panel-slot"
              defaultSize={initialHistory}
              minSize={HISTORY_WIDTH.min}
              maxSize={HISTORY_WIDTH.max}
              groupResizeBehavior="preserve-pixel-size"
              onResize={(size) => setHistoryWidth(size.inPixels)}
            >
              <aside className="panel panel-history" aria-label="History panel">
                <SidePanel />
              </aside>
            </Panel>
          </>
        )}
      </Group>
      {narrow ? (
        <>
          <nav className="rail" aria-label="Side panels" style={{ width: RAIL_PX }}>
            {(['history', 'library'] as const).map((panel) => (
              <button
                key={panel}
                ref={panel === 'history' ? railButton : undefined}
                type="button"
                className="rail-button"
                aria-expanded={drawerOpen && sidePanel === panel}
                aria-controls="history-drawer"
                onClick={() => {
                  setSidePanel(panel);
                  setDrawerOpen(!(drawerOpen && sidePanel === panel));
                }}
              >
                <span aria-hidden="true">{panel === 'history' ? '☰' : '▦'}</span>
                <span className="rail-label">{panel === 'history' ? 'History' : 'Library'}</span>
              </button>
            ))}
          </nav>
          <aside
            id="history-drawer"
            className="panel panel-history drawer"
            aria-label="History panel"
            hidden={!drawerOpen}
            onClickCapture={noteShown}
            onClick={closeAfterPick}
            onKeyDownCapture={noteShown}
            onKeyDown={closeAfterPick}
          >
            <SidePanel />
          </aside>
        </>
      ) : null}
    </main>
  );
}
