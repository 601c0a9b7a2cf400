/** Sketch to image: drawing, undo/redo/clear, and what the request carries (PNG file + strokes as sketchData). */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useStore } from '../../state/store';
import { GeneratePanel } from './GeneratePanel';
import { parseSketch } from './sketch';
import { PNG_HEAD, installFakeHost, resetStore, type FakeHost } from './test-support';

let host: FakeHost;

beforeEach(() => {
  resetStore();
  host = installFakeHost();
  // jsdom has no 2D canvas: a context that records nothing, and a PNG-looking blob.
  const ctx = new Proxy({}, { get: (_t, p) => (p === 'canvas' ? undefined : vi.fn()), set: () => true });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx as never);
  HTMLCanvasElement.prototype.toBlob = function (cb: BlobCallback) {
    const bytes = new Uint8Array(256);
    bytes.set(PNG_HEAD);
    cb(new Blob([bytes], { type: 'image/png' }));
  };
});

function stroke(canvas: HTMLElement, points: [number, number][]) {
  const [first, ...rest] = points;
  fireEvent.pointerDown(canvas, { clientX: first![0], clientY: first![1], pointerId: 1 });
  for (const [x, y] of rest) fireEvent.pointerMove(canvas, { clientX: x, clientY: y, pointerId: 1 });
  fireEvent.pointerUp(canvas, { pointerId: 1 });
}

const doc = () => parseSketch(useStore.getState().drafts['sketch-to-image']?.sketchData);

describe('the sketch pad', () => {
  it('records strokes with tool, colour and width, and undoes, redoes and clears them', () => {
    act(() => useStore.getState().setGenerateKind('sketch-to-image'));
    render(<GeneratePanel />);
    const canvas = screen.getByRole('img', { name: /Sketch canvas/ });
    fireEvent.click(screen.getByLabelText('Red'));
    fireEvent.change(screen.getByLabelText(/Stroke width/), { target: { value: '12' } });
    stroke(canvas, [[10, 10], [20, 30], [40, 50]]);
    fireEvent.click(screen.getByLabelText('Eraser'));
    stroke(canvas, [[15, 15], [16, 16]]);
    expect(doc().strokes).toHaveLength(2);
    expect(doc().strokes[0]).toMatchObject({ tool: 'pen', color: '#e03131', width: 12 });
    expect(doc().strokes[0]!.points).toHaveLength(3);
    expect(doc().strokes[1]!.tool).toBe('eraser');

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(doc().strokes).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(doc().strokes).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(doc().strokes).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(doc().strokes).toHaveLength(2);
  });

  it('sends the drawing as sketch.png and its strokes as sketchData, with the required style', async () => {
    act(() => useStore.getState().setGenerateKind('sketch-to-image'));
    render(<GeneratePanel />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    });
    // Nothing drawn and no style: both reported, nothing staged or sent.
    expect(useStore.getState().fieldErrors['sketch-to-image']).toMatchObject({ file: expect.stringMatching(/draw something first/), genStyleId: expect.any(String) });
    expect(host.stageFile).not.toHaveBeenCalled();

    stroke(screen.getByRole('img', { name: /Sketch canvas/ }), [[5, 5], [60, 60]]);
    fireEvent.change(screen.getByLabelText(/^Style/), { target: { value: 'Auto' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    });
    expect(host.stageFile).toHaveBeenCalledWith(expect.any(Blob), 'sketch.png');
    const fields = host.submit.mock.calls[0]![0].fields;
    expect(fields.file).toEqual({ stagedFileId: expect.any(String) });
    expect(fields.genStyleId).toBe('Auto');
    expect(JSON.parse(fields.sketchData).strokes).toEqual(doc().strokes);

    // An unchanged drawing is not staged again.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    });
    expect(host.stageFile).toHaveBeenCalledTimes(1);
    expect(host.submit).toHaveBeenCalledTimes(2);
  });

  it('can send an uploaded sketch image instead of a drawing', async () => {
    act(() => useStore.getState().setGenerateKind('sketch-to-image'));
    render(<GeneratePanel />);
    fireEvent.click(screen.getByLabelText('Upload a sketch image'));
    const bytes = new Uint8Array(100);
    bytes.set(PNG_HEAD);
    fireEvent.change(screen.getByLabelText(/^Sketch image/), { target: { files: [new File([bytes], 'pencil.png')] } });
    await screen.findByText('pencil.png', { selector: '.staged-name' });
    fireEvent.change(screen.getByLabelText(/^Style/), { target: { value: 'Auto' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    });
    const fields = host.submit.mock.calls[0]![0].fields;
    expect(fields.file).toEqual({ stagedFileId: expect.any(String) });
    expect(JSON.parse(fields.sketchData)).toMatchObject({ version: 1, strokes: [] });
  });

  it('"Use these settings again" brings back the drawing, or the uploaded sketch', async () => {
    render(<GeneratePanel />);
    const strokes = [{ tool: 'pen', color: '#111111', width: 6, points: [[1, 1], [9, 9]] }];
    await act(async () => {
      await useStore.getState().useSettingsAgain({ kind: 'sketch-to-image', request: { sketchData: JSON.stringify({ version: 1, width: 512, height: 512, background: '#ffffff', strokes }), genStyleId: 'Auto' } });
    });
    expect(screen.getByRole('img', { name: 'Sketch canvas, 1 strokes' })).toBeInTheDocument();
    await act(async () => {
      await useStore.getState().useSettingsAgain({
        kind: 'sketch-to-image',
        request: { sketchData: JSON.stringify({ version: 1, width: 512, height: 512, background: '#ffffff', strokes: [], source: 'upload' }), file: { name: 'pencil.png', size: 10, sha256: 'x', mime: 'image/png', path: '/d/pencil.png' } },
      });
    });
    expect(screen.getByLabelText('Upload a sketch image')).toBeChecked();
    expect(host.stagePath).toHaveBeenCalledWith({ path: '/d/pencil.png' });
  });
});
