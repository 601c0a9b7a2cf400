/** Follows the window's width and answers which layout it gets (see layout-rules.ts). */
import { useEffect, useState } from 'react';
import { layoutMode, type LayoutMode } from '../domain/layout-rules';

export function useLayoutMode(): LayoutMode {
  const [mode, setMode] = useState<LayoutMode>(() => layoutMode(typeof window === 'undefined' ? 1280 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setMode(layoutMode(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return mode;
}
