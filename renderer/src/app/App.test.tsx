/** The shell around the features: a region's crash contained, toasts, shortcuts. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../components/Toasts';
import { useStore } from '../state/store';
import { resetStore } from '../features/generate/test-support';
import { ErrorBoundary } from './ErrorBoundary';
import { useAppShortcuts } from './use-app-shortcuts';

beforeEach(() => resetStore());

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
  it('shows an error until it is dismissed', () => {
    render(<Toasts />);
    act(() => {
      useStore.getState().pushToast({ level: 'error', title: 'Upload failed', body: 'The file is too large.' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Upload failedThe file is too large.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stacks several errors into one card that shows the newest and opens to show all', () => {
    render(<Toasts />);
    act(() => {
      for (const n of [1, 2, 3]) useStore.getState().pushToast({ level: 'error', title: `Job ${n} failed` });
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Job 3 failed');
    fireEvent.click(screen.getByRole('button', { name: '3 problems: show all' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Job 3 failed×', 'Job 2 failed×', 'Job 1 failed×']);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss all' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lets a success toast fade by itself', () => {
    vi.useFakeTimers();
    try {
      render(<Toasts />);
      act(() => {
        useStore.getState().pushToast({ level: 'success', title: 'Model ready' });
      });
      expect(screen.getByText('Model ready')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(7000));
      expect(useStore.getState().toasts).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
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
