/**
 * The Export dialog's readiness check follows the folder's budget: changed in
 * Settings while the dialog waits under it (Export → Add a project folder in
 * Settings → Mobile → Escape), the check is made again against the new budget
 * instead of still saying "desktop budget".
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { presetBudget } from '../../../../shared/domain/readiness';
import { jobRecord } from '../../../../shared/domain/test/job-record';
import type { ProjectFolderView, ReadinessReport } from '../../../../shared/ipc';
import { resetStore } from '../generate/test-support';
import { installHostApi, ok } from '../settings/test-support';
import { useStore } from '../../state/store';
import { ExportDialog } from './ExportDialog';

const folder = (target: 'desktop' | 'mobile'): ProjectFolderView => ({
  id: 'folder-1',
  path: '/home/me/PhoneGame',
  name: 'PhoneGame',
  engine: 'plain',
  proposedSubfolder: '',
  subfolder: '',
  available: true,
  budget: presetBudget('plain', target),
});

beforeEach(() => resetStore());

it('checks the model again when the folder budget changes while the dialog is open', async () => {
  const check = vi.fn((args: { folderId: string }) => {
    const budget = useStore.getState().projectFolders.find((f) => f.id === args.folderId)!.budget!;
    return ok<ReadinessReport>({ localId: 'local-1', folderId: args.folderId, budget, compression: 'none', figures: {} as ReadinessReport['figures'], check: [] });
  });
  installHostApi({ export: { check } });
  useStore.setState({
    jobsById: { 'local-1': jobRecord({ localId: 'local-1', title: 'Chair', state: 'success', asset: { state: 'ready', format: 'glb', attempts: 1 } }) },
    projectFolders: [folder('desktop')],
  });
  render(<ExportDialog />);
  act(() => useStore.getState().openExport(['local-1']));
  const dialog = screen.getByRole('dialog', { name: 'Export asset' });
  expect(await within(dialog).findByText(/Checked against the desktop budget of PhoneGame/)).toBeTruthy();

  // Settings saved the mobile preset; main pushes the folder list again.
  act(() => useStore.getState().applyProjectFolders([folder('mobile')]));
  expect(await within(dialog).findByText(/Checked against the mobile budget of PhoneGame/)).toBeTruthy();
  await waitFor(() => expect(check).toHaveBeenCalledTimes(2));
  // The same budget pushed again (another folder changed) is not a reason to check again.
  act(() => useStore.getState().applyProjectFolders([folder('mobile')]));
  expect(check).toHaveBeenCalledTimes(2);
});
