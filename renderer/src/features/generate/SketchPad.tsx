/**
 * The Sketch to image drawing surface: pen, eraser, colours, stroke width,
 * undo/redo and clear, or an uploaded sketch image instead. Strokes live in
 * the draft's `sketchData`, so they persist and serialise as-is.
 */
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { FileField } from '../../../../shared/api';
import { Button } from '../../components/Button';
import { FieldGroup } from '../../components/Field';
import { useStore } from '../../state/store';
import { fieldSpec, type DraftValues } from '../../domain/generate/draft';
import { FileInput } from './FileInput';
import { SKETCH_MODE_KEY, sketchModeOf, type SketchMode } from './sketch-export';
import { SKETCH_COLORS, SKETCH_WIDTHS, drawStrokes, parseSketch, serializeSketch, type SketchTool, type Stroke } from './sketch';

const KIND = 'sketch-to-image' as const;
const COLOR_NAMES: Record<string, string> = {
  '#111111': 'Black',
  '#e03131': 'Red',
  '#1971c2': 'Blue',
  '#2f9e44': 'Green',
  '#f08c00': 'Orange',
  '#7048e8': 'Violet',
};

export function SketchPad({ draft, errors }: { draft: DraftValues; errors: Record<string, string> }) {
  const setDraftField = useStore((s) => s.setDraftField);
  const setFieldError = useStore((s) => s.setFieldError);
  const mode = sketchModeOf(draft);
  const doc = parseSketch(draft.sketchData);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [tool, setTool] = useState<SketchTool>('pen');
  const [color, setColor] = useState<string>(SKETCH_COLORS[0]);
  const [width, setWidth] = useState<number>(SKETCH_WIDTHS.default);
  const [future, setFuture] = useState<Stroke[][]>([]);
  const [past, setPast] = useState<Stroke[][]>([]);
  const drawing = useRef<Stroke | null>(null);

  const commit = (strokes: Stroke[]) => {
    setDraftField(KIND, 'sketchData', serializeSketch({ ...doc, strokes }));
    // The drawing is what goes out as the sketch's file: drawing answers "draw something first".
    setFieldError(KIND, 'file', undefined);
  };

  const repaint = (extra?: Stroke) => {
    const ctx = canvas.current?.getContext?.('2d');
    if (!ctx) return;
    drawStrokes(ctx, extra ? { ...doc, strokes: [...doc.strokes, extra] } : doc);
  };

  useEffect(() => {
    repaint();
  });

  const toCanvas = (e: PointerEvent<HTMLCanvasElement>): [number, number] => {
    const rect = e.currentTarget.getBoundingClientRect();
    const sx = rect.width ? doc.width / rect.width : 1;
    const sy = rect.height ? doc.height / rect.height : 1;
    return [Math.round((e.clientX - rect.left) * sx * 10) / 10, Math.round((e.clientY - rect.top) * sy * 10) / 10];
  };

  const setMode = (m: SketchMode) => setDraftField(KIND, SKETCH_MODE_KEY, m);

  return (
    <FieldGroup legend="Sketch *" error={errors.file} help={mode === 'draw' ? 'Draw on the white canvas; the drawing is sent as a PNG with its strokes.' : undefined}>
      <div className="segmented" role="radiogroup" aria-label="Sketch source">
        <label>
          <input type="radio" name="sketch-mode" checked={mode === 'draw'} onChange={() => setMode('draw')} /> Draw
        </label>
        <label>
          <input type="radio" name="sketch-mode" checked={mode === 'upload'} onChange={() => setMode('upload')} /> Upload a sketch image
        </label>
      </div>
      {mode === 'upload' ? (
        <FileInput
          spec={fieldSpec(KIND, 'file') as FileField}
          label="Sketch image"
          value={draft.file}
          onChange={(v) => setDraftField(KIND, 'file', v)}
          onError={(m) => setFieldError(KIND, 'file', m)}
        />
      ) : (
        <>
          <div className="sketch-tools" role="toolbar" aria-label="Sketch tools">
            <div className="segmented" role="radiogroup" aria-label="Tool">
              <span className="tool-label" aria-hidden="true">
                Tool
              </span>
              {(['pen', 'eraser'] as const).map((t) => (
                <label key={t}>
                  <input type="radio" name="sketch-tool" checked={tool === t} onChange={() => setTool(t)} /> {t === 'pen' ? 'Pen' : 'Eraser'}
                </label>
              ))}
            </div>
            <div className="swatches" role="radiogroup" aria-label="Colour">
              <span className="tool-label" aria-hidden="true">
                Colour
              </span>
              {SKETCH_COLORS.map((c) => (
                <label key={c} className={`swatch${color === c ? ' swatch-selected' : ''}`} title={COLOR_NAMES[c]}>
                  <input type="radio" name="sketch-color" className="visually-hidden" aria-label={COLOR_NAMES[c] ?? c} checked={color === c} onChange={() => setColor(c)} />
                  <span style={{ background: c }} aria-hidden="true" />
                </label>
              ))}
            </div>
            <label className="range-field">
              <span>Stroke width</span>
              <input type="range" min={SKETCH_WIDTHS.min} max={SKETCH_WIDTHS.max} value={width} onChange={(e) => setWidth(Number(e.target.value))} />
              <span className="range-value">{width}px</span>
            </label>
            <div className="sketch-actions">
              <Button
                size="small"
                disabled={doc.strokes.length === 0 && past.length === 0}
                onClick={() => {
                  const prev = past[past.length - 1] ?? doc.strokes.slice(0, -1);
                  setPast(past.slice(0, -1));
                  setFuture([...future, doc.strokes]);
                  commit(prev);
                }}
              >
                Undo
              </Button>
              <Button
                size="small"
                disabled={future.length === 0}
                onClick={() => {
                  const next = future[future.length - 1]!;
                  setFuture(future.slice(0, -1));
                  setPast([...past, doc.strokes]);
                  commit(next);
                }}
              >
                Redo
              </Button>
              <Button
                size="small"
                disabled={doc.strokes.length === 0}
                onClick={() => {
                  setPast([...past, doc.strokes]);
                  setFuture([]);
                  commit([]);
                }}
              >
                Clear
              </Button>
            </div>
          </div>
          <canvas
            ref={canvas}
            className="sketch-canvas"
            width={doc.width}
            height={doc.height}
            role="img"
            aria-label={`Sketch canvas, ${doc.strokes.length} strokes`}
            onPointerDown={(e) => {
              e.currentTarget.setPointerCapture?.(e.pointerId);
              drawing.current = { tool, color, width, points: [toCanvas(e)] };
              repaint(drawing.current);
            }}
            onPointerMove={(e) => {
              if (!drawing.current) return;
              drawing.current.points.push(toCanvas(e));
              repaint(drawing.current);
            }}
            onPointerUp={() => {
              const stroke = drawing.current;
              drawing.current = null;
              if (!stroke) return;
              setPast([...past, doc.strokes]);
              setFuture([]);
              commit([...doc.strokes, stroke]);
            }}
          />
        </>
      )}
    </FieldGroup>
  );
}
