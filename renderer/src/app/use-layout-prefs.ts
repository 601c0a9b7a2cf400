/**
 * Remembers the history panel's width through Settings (`settings:setLayout`)
 * so it follows the user's data directory; localStorage (in the UI slice)
 * gives the width at first paint before the host answers.
 */
import { useEffect, useRef } from 'react';
import { bridge } from '../bridge';
import { useStore } from '../state/store';

const SAVE_DELAY_MS = 400;

export function useLayoutPrefs(): void {
  const width = useStore((s) => s.historyWidth);
  const loaded = useRef(false);
  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const res = await bridge().api.settings.get({});
        if (cancelled) return;
        if (res.ok && res.value.layout.historyWidth) useStore.getState().setHistoryWidth(res.value.layout.historyWidth);
      } catch {
        // No host (unit tests) or an older host: the local width stands.
      } finally {
        loaded.current = true;
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);
  useEffect(() => {
    if (!loaded.current) return;
    const t = setTimeout(() => {
      try {
        void bridge()
          .api.settings.setLayout({ historyWidth: width })
          .catch(() => undefined);
      } catch {
        // No host: nothing to save to.
      }
    }, SAVE_DELAY_MS);
    return () => clearTimeout(t);
  }, [width]);
}
