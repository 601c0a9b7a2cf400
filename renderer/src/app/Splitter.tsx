/**
 * The handle between the viewport and the history panel. Drag it, or focus
 * it and use the arrow keys; the width is kept in the UI slice (and across
 * restarts).
 */
import { useRef } from 'react';
import { HISTORY_WIDTH } from '../state/slices/ui';
import { useStore } from '../state/store';

const KEY_STEP = 16;

export function Splitter() {
  const width = useStore((s) => s.historyWidth);
  const setWidth = useStore((s) => s.setHistoryWidth);
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);
  return (
    <div
      className="splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize history panel"
      aria-valuemin={HISTORY_WIDTH.min}
      aria-valuemax={HISTORY_WIDTH.max}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture?.(e.pointerId);
        drag.current = { startX: e.clientX, startWidth: width };
      }}
      onPointerMove={(e) => {
        if (!drag.current) return;
        // The history panel is on the right: moving the handle left widens it.
        setWidth(drag.current.startWidth - (e.clientX - drag.current.startX));
      }}
      onPointerUp={() => {
        drag.current = null;
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') setWidth(width + KEY_STEP);
        else if (e.key === 'ArrowRight') setWidth(width - KEY_STEP);
        else if (e.key === 'Home') setWidth(HISTORY_WIDTH.max);
        else if (e.key === 'End') setWidth(HISTORY_WIDTH.min);
        else return;
        e.preventDefault();
      }}
    />
  );
}
