/** Paint holding: what the viewport's DOM shows while the next asset loads. */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ViewportTarget } from '../state/slices/viewport';
import { LOADING_NOTE_DELAY_MS, useHeldView, useLoadingNoteDue, type ShownView } from './held-view';
import type { ModelInfo } from './ModelScene';

const target = (key: string, content: ViewportTarget['content'] = 'model'): ViewportTarget => ({ key, content, url: `/files/${key}`, format: 'glb', name: key });
const info = (key: string) => ({ key }) as ModelInfo;
const view = (v: Partial<ShownView>): ShownView => ({ target: null, state: 'empty', error: undefined, info: null, ...v });

function held(initial: ShownView) {
  return renderHook(({ current, due }: { current: ShownView; due: boolean }) => useHeldView(current, due), { initialProps: { current: initial, due: false } });
}

describe('paint holding', () => {
  it('keeps the empty view while the first model loads, and shows the model once it is ready', () => {
    const empty = view({});
    const { result, rerender } = held(empty);
    rerender({ current: view({ target: target('a'), state: 'loading' }), due: false });
    expect(result.current).toBe(empty);
    // Its stats arrive before its first frame: still held.
    rerender({ current: view({ target: target('a'), state: 'loading', info: info('a') }), due: false });
    expect(result.current).toBe(empty);
    const ready = view({ target: target('a'), state: 'ready', info: info('a') });
    rerender({ current: ready, due: false });
    expect(result.current).toBe(ready);
  });

  it("keeps the previous model's overlays until the next model is ready, or until the loading note is due", () => {
    const a = view({ target: target('a'), state: 'ready', info: info('a') });
    const { result, rerender } = held(a);
    const loadingB = view({ target: target('b'), state: 'loading' });
    rerender({ current: loadingB, due: false });
    expect(result.current).toBe(a);
    rerender({ current: loadingB, due: true });
    expect(result.current).toBe(loadingB);
  });

  it('shows a failure at once, and does not hold an error card over the next load', () => {
    const a = view({ target: target('a'), state: 'ready', info: info('a') });
    const { result, rerender } = held(a);
    const failed = view({ target: target('b'), state: 'error', error: 'broken' });
    rerender({ current: failed, due: false });
    expect(result.current).toBe(failed);
    const loadingC = view({ target: target('c'), state: 'loading' });
    rerender({ current: loadingC, due: false });
    expect(result.current).toBe(loadingC);
  });

  it('does not hold for an image, which is drawn by the page rather than the canvas', () => {
    const a = view({ target: target('a'), state: 'ready', info: info('a') });
    const { result, rerender } = held(a);
    const image = view({ target: target('img', 'image'), state: 'loading' });
    rerender({ current: image, due: false });
    expect(result.current).toBe(image);
  });
});

describe('the loading note', () => {
  afterEach(() => vi.useRealTimers());

  it('is due after the delay, for the load that is running, and not for the next one', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ loading }: { loading: string | null }) => useLoadingNoteDue(loading), { initialProps: { loading: 'a' as string | null } });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(LOADING_NOTE_DELAY_MS - 1));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender({ loading: 'b' });
    expect(result.current).toBe(false);
    rerender({ loading: null });
    act(() => vi.advanceTimersByTime(LOADING_NOTE_DELAY_MS));
    expect(result.current).toBe(false);
  });
});
