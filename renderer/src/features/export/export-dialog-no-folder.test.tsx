/**
 * The Export dialog with no project folder yet: a history job can still be
 * saved anywhere (Save as…); a GLB dropped on the window offered a Save as…
 * that was always disabled, a dead end with no reason. It now says the file
 * is exported into a project folder and offers only adding one.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { jobRecord } from '../../../../shared/domain/test/job-record';
import { resetStore } from '../generate/test-support';
import { installHostApi } from '../settings/test-support';
import { useStore } from '../../state/store';
import { ExportDialog } from './ExportDialog';

beforeEach(() => {
  resetStore();
  installHostApi({});
  useStore.setState({ projectFolders: [], jobsById: { 'local-1': jobRecord({ localId: 'local-1', title: 'Chair', state: 'success', asset: { state: 'ready', format: 'glb', attempts: 1 } }) } });
});

it('offers Save as… for a history job', () => {
  render(<ExportDialog />);
  act(() => useStore.getState().openExport(['local-1']));
  const dialog = screen.getByRole('dialog', { name: 'Export asset' });
  expect((within(dialog).getByRole('button', { name: 'Save as…' }) as HTMLButtonElement).disabled).toBe(false);
});

it('asks for a project folder for a dropped GLB instead of a Save as… that cannot work', () => {
  render(<ExportDialog />);
  act(() => useStore.getState().openExportLocal({ stagedFileId: 'staged-1', name: 'Fox.glb' }));
  const dialog = screen.getByRole('dialog', { name: 'Export Fox.glb' });
  expect(within(dialog).queryByRole('button', { name: 'Save as…' })).toBeNull();
  expect(dialog.textContent).toContain('Fox.glb is exported into a project folder');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add a project folder in Settings' }));
  expect(useStore.getState().settingsOpen).toBe(true);
});
