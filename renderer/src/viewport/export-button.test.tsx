/** Export… in the viewport toolbar and Ctrl/Cmd+E open the export of the model on screen (job or dropped GLB). */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jobRecord } from '../../../shared/domain/test/job-record';
import { useAppShortcuts } from '../app/use-app-shortcuts';
import { pushDialog } from '../components/dialog-stack';
import { resetStore } from '../features/generate/test-support';
import { useStore } from '../state/store';
import { ExportButton } from './ExportButton';

const chair = jobRecord({ localId: 'local-1', title: 'Chair', state: 'success', asset: { state: 'ready', format: 'glb', attempts: 1 } });

function Toolbar() {
  useAppShortcuts();
  return <ExportButton />;
}

beforeEach(() => resetStore());

function showJob() {
  act(() =>
    useStore.setState({
      jobsById: { 'local-1': chair },
      viewportTarget: { key: 'view-1', content: 'model', url: 'u', format: 'glb', name: 'Chair', localId: 'local-1' },
      viewportState: 'ready',
    }),
  );
}

describe('Export… in the viewport toolbar', () => {
  it('is absent with nothing on screen, and exports the job on screen', () => {
    render(<Toolbar />);
    expect(screen.queryByRole('button', { name: 'Export…' })).toBeNull();
    showJob();
    fireEvent.click(screen.getByRole('button', { name: 'Export…' }));
    expect(useStore.getState().exportTargets).toEqual(['local-1']);
  });

  it('opens on Ctrl+E and Cmd+E, but not from inside another dialog', () => {
    render(<Toolbar />);
    showJob();
    fireEvent.keyDown(window, { key: 'e' });
    expect(useStore.getState().exportTargets).toBeNull();
    fireEvent.keyDown(window, { key: 'e', ctrlKey: true });
    expect(useStore.getState().exportTargets).toEqual(['local-1']);
    act(() => useStore.getState().closeExport());
    fireEvent.keyDown(window, { key: 'E', metaKey: true });
    expect(useStore.getState().exportTargets).toEqual(['local-1']);
    act(() => useStore.getState().closeExport());
    const remove = pushDialog({ id: 'settings', close: () => undefined });
    try {
      fireEvent.keyDown(window, { key: 'e', ctrlKey: true });
      expect(useStore.getState().exportTargets).toBeNull();
    } finally {
      remove();
    }
  });

  it('waits, disabled with its reason, until a dropped GLB is staged, then exports the file', () => {
    render(<Toolbar />);
    act(() =>
      useStore.setState({
        viewportTarget: { key: 'view-2', content: 'model', url: 'blob:x', format: 'glb', name: 'chess-board.glb' },
        viewportState: 'ready',
        localModel: null,
      }),
    );
    const button = screen.getByRole('button', { name: 'Export…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('Still copying chess-board.glb into Asset Studio…');
    fireEvent.keyDown(window, { key: 'e', ctrlKey: true });
    expect(useStore.getState().exportLocal).toBeNull();
    act(() => useStore.setState({ localModel: { key: 'view-2', stagedFileId: 'staged-9', name: 'chess-board.glb' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Export…' }));
    expect(useStore.getState().exportLocal).toEqual({ stagedFileId: 'staged-9', name: 'chess-board.glb' });
  });
});
