/** The shell around the features: resizable history, a region's crash contained, toasts. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../components/Toasts';
import { HISTORY_WIDTH, HISTORY_WIDTH_STORAGE_KEY } from '../state/slices/ui';
import { useStore } from '../state/store';
import { resetStore } from '../features/generate/test-support';
import { ErrorBoundary } from './ErrorBoundary';
import { Splitter } from './Splitter';
import { useAppShortcuts } from './use-app-shortcuts';

beforeEach(() => resetStore());

describe('the history splitter', () => {
  it('resizes with the keyboard and pointer within bounds and remembers the width', () => {
    act(() => useStore.getState().setHistoryWidth(360));
    render(<Splitter />);
    const handle = screen.getByRole('separator', { name: 'Resize history panel' });
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(useStore.getState().historyWidth).toBe(376);
    fireEvent.pointerDown(handle, { clientX: 500, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 400, pointerId: 1 });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(useStore.getState().historyWidth).toBe(476);
    fireEvent.keyDown(handle, { key: 'Home' });
    expect(useStore.getState().historyWidth).toBe(HISTORY_WIDTH.max);
    fireEvent.keyDown(handle, { key: 'End' });
    expect(useStore.getState().historyWidth).toBe(HISTORY_WIDTH.min);
    expect(handle).toHaveAttribute('aria-valuenow', String(HISTORY_WIDTH.min));
    expect(localStorage.getItem(HISTORY_WIDTH_STORAGE_KEY)).toBe(String(HISTORY_WIDTH.min));
  });
});

describe('ErrorBoundary', () => {
  it('keeps a crashing region from blanking the rest and lets the user retry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('boom');
      return <p>region is back</p>;
    }
    render(
      <>
        <ErrorBoundary region="History">
          <Flaky />
        </ErrorBoundary>
        <p>neighbour still here</p>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('History stopped working.boom');
    expect(screen.getByText('neighbour still here')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('region is back')).toBeInTheDocument();
  });
});

describe('Toasts', () => {
  it('shows toasts and dismisses them', () => {
    render(<Toasts />);
    act(() => {
      useStore.getState().pushToast({ level: 'error', title: 'Upload failed', body: 'The file is too large.' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Upload failedThe file is too large.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('app shortcuts', () => {
  it('Ctrl+, and Cmd+, open Settings', () => {
    function Host() {
      useAppShortcuts();
      return null;
    }
    render(<Host />);
    fireEvent.keyDown(window, { key: ',' });
    expect(useStore.getState().settingsOpen).toBe(false);
    fireEvent.keyDown(window, { key: ',', ctrlKey: true });
    expect(useStore.getState().settingsOpen).toBe(true);
    act(() => useStore.getState().closeSettings());
    fireEvent.keyDown(window, { key: ',', metaKey: true });
    expect(useStore.getState().settingsOpen).toBe(true);
  });
});
