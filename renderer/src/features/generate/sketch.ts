/**
 * The sketch model: strokes as data (so they undo, redo, persist in the
 * draft and serialise into `sketchData`), drawn onto a canvas whose PNG is
 * the request's `file`.
 */
export type SketchTool = 'pen' | 'eraser';

export interface Stroke {
  tool: SketchTool;
  color: string;
  width: number;
  /** Points in canvas pixels, [x, y] pairs. */
  points: [number, number][];
}

export interface SketchDoc {
  version: 1;
  width: number;
  height: number;
  background: string;
  strokes: Stroke[];
}

export const SKETCH_SIZE = { width: 512, height: 512 } as const;
export const SKETCH_BACKGROUND = '#ffffff';
export const SKETCH_COLORS = ['#111111', '#e03131', '#1971c2', '#2f9e44', '#f08c00', '#7048e8'] as const;
export const SKETCH_WIDTHS = { min: 1, max: 40, default: 6 } as const;

export function emptySketch(): SketchDoc {
  return { version: 1, ...SKETCH_SIZE, background: SKETCH_BACKGROUND, strokes: [] };
}

/** Reads `sketchData` back; anything unreadable gives an empty sketch. */
export function parseSketch(text: unknown): SketchDoc {
  if (typeof text !== 'string' || !text) return emptySketch();
  try {
    const doc = JSON.parse(text) as Partial<SketchDoc>;
    if (doc.version !== 1 || !Array.isArray(doc.strokes)) return emptySketch();
    return { ...emptySketch(), ...doc, strokes: doc.strokes } as SketchDoc;
  } catch {
    return emptySketch();
  }
}

export function serializeSketch(doc: SketchDoc): string {
  return JSON.stringify(doc);
}

/** Undo/redo over the stroke list: past states are stroke arrays. */
export interface SketchHistory {
  past: Stroke[][];
  future: Stroke[][];
}

export function drawStrokes(ctx: CanvasRenderingContext2D, doc: SketchDoc): void {
  ctx.save();
  ctx.globalCompositeOperation = 'source-over';
  ctx.fillStyle = doc.background;
  ctx.fillRect(0, 0, doc.width, doc.height);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const s of doc.strokes) {
    // The eraser paints the background: the PNG stays opaque, as a scanned sketch would be.
    ctx.strokeStyle = s.tool === 'eraser' ? doc.background : s.color;
    ctx.fillStyle = ctx.strokeStyle;
    ctx.lineWidth = s.width;
    const [first, ...rest] = s.points;
    if (!first) continue;
    if (rest.length === 0) {
      ctx.beginPath();
      ctx.arc(first[0], first[1], s.width / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.beginPath();
    ctx.moveTo(first[0], first[1]);
    for (const [x, y] of rest) ctx.lineTo(x, y);
    ctx.stroke();
  }
  ctx.restore();
}
