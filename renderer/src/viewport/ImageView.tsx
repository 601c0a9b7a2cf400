/** 2D images: zoom (wheel) and pan (drag), fit or true pixel size, checkerboard behind transparency. */
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type WheelEvent as ReactWheelEvent } from 'react';
import { bridge } from '../bridge';
import type { ViewportTarget } from '../state/slices/viewport';
import { useStore } from '../state/store';
import { fetchAsset } from './loaders';
import { ExportButton } from './ExportButton';

export function ImageView({ target }: { target: ViewportTarget }) {
  const setStatus = useStore((s) => s.setViewportStatus);
  const showAsSkybox = useStore((s) => s.showImageAsSkybox);
  const [src, setSrc] = useState<string | null>(null);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [view, setView] = useState({ scale: 1, x: 0, y: 0, fit: true });
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    let url: string | null = null;
    setSrc(null);
    setSize(null);
    const headers = target.localId ? safeHeaders() : {};
    fetchAsset(target.url, headers, abort.signal)
      .then((bytes) => {
        url = URL.createObjectURL(new Blob([bytes]));
        setSrc(url);
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setStatus(target.key, 'error', error instanceof Error ? error.message : String(error));
      });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [target, setStatus]);

  const fitScale = (w: number, h: number): number => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || !box.width || !box.height) return 1;
    return Math.min(1, box.width / w, box.height / h);
  };

  const onLoad = (e: React.SyntheticEvent<HTMLImageElement>) => {
    const img = e.currentTarget;
    if (!img.naturalWidth) {
      setStatus(target.key, 'error', 'This image has no pixels.');
      return;
    }
    // A dropped 2:1 image is an equirectangular panorama.
    if (!target.localId && img.naturalWidth === img.naturalHeight * 2) {
      showAsSkybox(target.key);
      return;
    }
    setSize({ w: img.naturalWidth, h: img.naturalHeight });
    setView({ scale: fitScale(img.naturalWidth, img.naturalHeight), x: 0, y: 0, fit: true });
    setStatus(target.key, 'ready');
  };

  const onWheel = (e: ReactWheelEvent) => {
    const factor = Math.exp(-e.deltaY * 0.0015);
    setView((v) => ({ ...v, scale: Math.min(32, Math.max(0.02, v.scale * factor)), fit: false }));
  };
  const onPointerDown = (e: ReactPointerEvent) => {
    drag.current = { x: e.clientX, y: e.clientY };
    (e.target as Element).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (!drag.current) return;
    const dx = e.clientX - drag.current.x;
    const dy = e.clientY - drag.current.y;
    drag.current = { x: e.clientX, y: e.clientY };
    setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy, fit: false }));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  return (
    <div className="image-view">
      <div className="image-view-tools" role="toolbar" aria-label="Image view">
        <button type="button" onClick={() => size && setView({ scale: fitScale(size.w, size.h), x: 0, y: 0, fit: true })}>
          Fit
        </button>
        <button type="button" onClick={() => setView({ scale: 1 / (window.devicePixelRatio || 1), x: 0, y: 0, fit: false })}>
          Actual size
        </button>
        <span className="image-view-meta">
          {size ? `${size.w} × ${size.h} px · ${Math.round(view.scale * (window.devicePixelRatio || 1) * 100)}%` : ''}
        </span>
        <ExportButton />
      </div>
      <div
        ref={frame}
        className="image-view-frame"
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {src ? (
          <img
            className="image-view-image checkerboard"
            src={src}
            alt={target.name}
            draggable={false}
            onLoad={onLoad}
            onError={() => setStatus(target.key, 'error', 'This image could not be decoded.')}
            style={{
              width: size ? size.w * view.scale : undefined,
              height: size ? size.h * view.scale : undefined,
              transform: `translate(${view.x}px, ${view.y}px)`,
              imageRendering: view.scale * (window.devicePixelRatio || 1) >= 2 ? 'pixelated' : 'auto',
            }}
          />
        ) : null}
      </div>
    </div>
  );
}

function safeHeaders(): Record<string, string> {
  try {
    return bridge().assetRequestHeaders();
  } catch {
    return {};
  }
}
