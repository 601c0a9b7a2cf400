/**
 * Where each take is drawn on the one canvas: side by side (a row of up to
 * three, two by two for four), or both takes over the whole canvas with a
 * wipe between them. Rectangles are in CSS pixels from the top left; the
 * renderer's viewport and scissor count from the bottom left (glRect).
 */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ViewRect {
  /** Where the take's camera projects to. */
  viewport: Rect;
  /** The part of the canvas the take may draw on. */
  scissor: Rect;
}

/** Columns and rows for n views. */
export function gridFor(n: number): { columns: number; rows: number } {
  if (n <= 3) return { columns: Math.max(1, n), rows: 1 };
  return { columns: 2, rows: Math.ceil(n / 2) };
}

export function viewRects(n: number, width: number, height: number, mode: 'side-by-side' | 'wipe', wipe = 0.5): ViewRect[] {
  if (mode === 'wipe') {
    const full = { x: 0, y: 0, w: width, h: height };
    const split = Math.round(Math.min(1, Math.max(0, wipe)) * width);
    // Before on the left of the line, after on its right.
    return [
      { viewport: full, scissor: { x: 0, y: 0, w: split, h: height } },
      { viewport: full, scissor: { x: split, y: 0, w: width - split, h: height } },
    ];
  }
  const { columns, rows } = gridFor(n);
  const out: ViewRect[] = [];
  for (let i = 0; i < n; i++) {
    const c = i % columns;
    const r = Math.floor(i / columns);
    const x = Math.round((c * width) / columns);
    const y = Math.round((r * height) / rows);
    const rect = { x, y, w: Math.round(((c + 1) * width) / columns) - x, h: Math.round(((r + 1) * height) / rows) - y };
    out.push({ viewport: rect, scissor: rect });
  }
  return out;
}

/** A CSS rectangle in the renderer's bottom-left coordinates. */
export function glRect(r: Rect, canvasHeight: number): Rect {
  return { x: r.x, y: canvasHeight - r.y - r.h, w: r.w, h: r.h };
}
