/**
 * Settings and export in the renderer, against a fake host: the switcher
 * changes the active pair, a typed secret goes to the host once and is
 * never shown again, storage choices appear when the OS cannot encrypt,
 * "Test connection" answers in words, and the Export dialog reports where
 * files went.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EXPORT_OPTIONS, type ProjectFolderView, type SettingsSnapshot } from '../../../../shared/ipc';
import { useStore } from '../../state/store';
import { EnvironmentSwitcher } from './EnvironmentSwitcher';
import { ExportDialog } from '../export/ExportDialog';
import { SettingsDialog } from './SettingsDialog';
import { PRODUCTION_ENVIRONMENT, SANDBOX_ENVIRONMENT, installHostApi, ok } from './test-support';

const SECRET = 'typed-secret-9f8e7d6c';

function snapshot(backend: SettingsSnapshot['storage']['backend'] = 'safe-storage'): SettingsSnapshot {
  return {
    environments: [
      { ...SANDBOX_ENVIRONMENT, keys: [{ id: 'sandbox-key-1', name: 'Sandbox key 1', clientIdMasked: 'sand…0001', earlyAccess: false, hasSecret: true, storage: 'builtin' }] },
      { ...PRODUCTION_ENVIRONMENT, keys: [{ id: 'key-a', name: 'Main', clientIdMasked: 'abcd…wxyz', earlyAccess: false, hasSecret: true, storage: 'encrypted' }] },
    ],
    active: { environmentId: 'sandbox', keyId: 'sandbox-key-1' },
    storage: { backend, protectedStorageAvailable: backend === 'safe-storage', message: backend === 'basic-text' ? 'fixed password warning' : 'encrypted by the OS', notices: [] },
    credits: [{ environmentId: 'env-prod', keyId: 'key-a', available: 12, required: 30, at: '2026-11-22T09:00:00.000Z' }],
    exportDefaults: { ...DEFAULT_EXPORT_OPTIONS },
    layout: {},
  };
}

const folder: ProjectFolderView = { id: 'folder-1', path: '/home/me/Game', name: 'Game', engine: 'godot', proposedSubfolder: 'assets/generated', subfolder: 'assets/generated', available: true, note: 'Godot imports .glb and .png files when the editor regains focus.' };

function installHost(snap: SettingsSnapshot) {
  const settings = {
    get: vi.fn(() => ok(snap)),
    setActive: vi.fn((args: { environmentId: string; keyId: string }) => ok({ ...snap, active: args })),
    addKey: vi.fn(() => ok(snap.environments[1]!.keys[0]!)),
    addEnvironment: vi.fn(),
    updateEnvironment: vi.fn((args: { baseUrl: string }) =>
      ok({ ...snap.environments[1]!, baseUrl: args.baseUrl, keys: [{ ...snap.environments[1]!.keys[0]!, hasSecret: false, storage: 'none' }], secretsForgotten: ['Main'] }),
    ),
    updateKey: vi.fn(() => ok(snap.environments[1]!.keys[0]!)),
    testConnection: vi.fn(() => ok({ outcome: 'connected', status: 404, message: 'Connected: the service accepted this key.' })),
    setExportDefaults: vi.fn(() => ok(snap.exportDefaults)),
    estimateSpend: vi.fn(() => ok([])),
    onChanged: () => () => undefined,
  };
  const exporter = {
    listFolders: vi.fn(() => ok([folder])),
    onFoldersChanged: () => () => undefined,
    run: vi.fn(() =>
      ok({ folderId: 'folder-1', items: [{ localId: 'local-0001', ok: true, path: '/home/me/Game/assets/generated/chair_abc.glb', relativePath: 'assets/generated/chair_abc.glb', replacedInPlace: true, sidecarPath: '/x.asset.json' }] }),
    ),
  };
  installHostApi({ settings, export: exporter });
  return { settings, exporter };
}

const initial = useStore.getState();
beforeEach(() => {
  useStore.setState({ ...initial, settings: null, projectFolders: [], exportTargets: null, settingsOpen: false } as never, true);
});

async function renderApp(snap = snapshot()) {
  const host = installHost(snap);
  render(
    <>
      <EnvironmentSwitcher />
      <SettingsDialog />
      <ExportDialog />
    </>,
  );
  await waitFor(() => expect(useStore.getState().settings).not.toBeNull());
  return host;
}

describe('environment switcher', () => {
  it('shows the active environment and key, and switching sends the new pair', async () => {
    const host = await renderApp();
    const env = screen.getByRole('combobox', { name: 'Environment' }) as HTMLSelectElement;
    expect(env.value).toBe('sandbox');
    expect((screen.getByRole('combobox', { name: 'Key' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toContain('Sandbox key 1');
    await act(async () => {
      fireEvent.change(env, { target: { value: 'env-prod' } });
    });
    expect(host.settings.setActive).toHaveBeenCalledWith({ environmentId: 'env-prod', keyId: 'key-a' });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Environment' }) as HTMLSelectElement).value).toBe('env-prod'));
    expect(screen.getByRole('combobox', { name: 'Key' }).textContent).toContain('abcd…wxyz');
    // Narrow windows cut the closed menu's text: its tooltip names the key whole.
    expect(screen.getByRole('combobox', { name: 'Key' }).getAttribute('title')).toMatch(/^.+ \(abcd…wxyz\)$/);
  });
});

describe('settings dialog', () => {
  it('sends a typed secret once, clears the field, and never shows it', async () => {
    const host = await renderApp();
    act(() => useStore.getState().openSettings());
    const prod = screen.getByRole('listitem', { name: 'Production' });
    fireEvent.click(within(prod).getByRole('button', { name: 'Add key' }));
    const form = screen.getByRole('form', { name: 'Add a key to Production' });
    fireEvent.change(within(form).getByLabelText(/Key name/), { target: { value: 'Second' } });
    fireEvent.change(within(form).getByLabelText(/Client id/), { target: { value: 'client-123456789' } });
    const secretField = within(form).getByLabelText('Client secret') as HTMLInputElement;
    expect(secretField.type).toBe('password');
    fireEvent.change(secretField, { target: { value: SECRET } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Add key' }));
    });
    expect(host.settings.addKey).toHaveBeenCalledWith(expect.objectContaining({ environmentId: 'env-prod', clientSecret: SECRET, storage: 'encrypted' }));
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(screen.getByText(/12 credits available, 30 required/)).toBeTruthy();
  });

  it('asks how to keep the secret when the OS cannot encrypt it', async () => {
    const host = await renderApp(snapshot('basic-text'));
    act(() => useStore.getState().openSettings());
    expect(screen.getByText('fixed password warning')).toBeTruthy();
    const prod = screen.getByRole('listitem', { name: 'Production' });
    fireEvent.click(within(prod).getByRole('button', { name: 'Add key' }));
    const form = screen.getByRole('form', { name: 'Add a key to Production' });
    fireEvent.change(within(form).getByLabelText(/Key name/), { target: { value: 'Second' } });
    fireEvent.change(within(form).getByLabelText(/Client id/), { target: { value: 'client-123456789' } });
    fireEvent.change(within(form).getByLabelText('Client secret'), { target: { value: SECRET } });
    const submit = within(form).getByRole('button', { name: 'Add key' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(form).getByLabelText('Keep for this session only'));
    expect(within(form).getByLabelText('Store it, knowing it is not protected')).toBeTruthy();
    await act(async () => {
      fireEvent.click(submit);
    });
    expect(host.settings.addKey).toHaveBeenCalledWith(expect.objectContaining({ storage: 'session' }));
  });

  it('reports the connection test in words', async () => {
    await renderApp();
    act(() => useStore.getState().openSettings());
    const key = screen.getByRole('listitem', { name: 'Key Main' });
    await act(async () => {
      fireEvent.click(within(key).getByRole('button', { name: 'Test connection' }));
    });
    expect(within(key).getByRole('status').textContent).toBe('Connected: the service accepted this key.');
  });

  it('lists project folders with the engine and proposed subfolder', async () => {
    await renderApp();
    act(() => useStore.getState().openSettings());
    const item = await screen.findByRole('listitem', { name: 'Game' });
    expect(item.textContent).toContain('Godot project');
    expect((within(item).getByLabelText('Export subfolder in Game') as HTMLInputElement).value).toBe('assets/generated');
  });
});

describe('export dialog', () => {
  it('exports the chosen jobs to a project folder and says where they went', async () => {
    const host = await renderApp();
    await waitFor(() => expect(useStore.getState().projectFolders).toHaveLength(1));
    act(() => useStore.getState().openExport(['local-0001']));
    const dialog = screen.getByRole('dialog', { name: 'Export asset' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    });
    expect(host.exporter.run).toHaveBeenCalledWith({ localIds: ['local-0001'], folderId: 'folder-1', options: DEFAULT_EXPORT_OPTIONS });
    const results = within(dialog).getByRole('list', { name: 'Export results' });
    expect(results.textContent).toContain('Replaced in place: assets/generated/chair_abc.glb');
  });

  it('says in plain words that moving an environment to another address forgot its keys\u2019 secrets', async () => {
    const host = await renderApp();
    act(() => useStore.getState().openSettings());
    const prod = await screen.findByRole('listitem', { name: 'Production' });
    fireEvent.click(within(prod).getByRole('button', { name: 'Edit environment' }));
    fireEvent.change(within(prod).getByLabelText('Base URL', { exact: false }), { target: { value: 'https://api.other.example' } });
    await act(async () => {
      fireEvent.click(within(prod).getByRole('button', { name: 'Save environment' }));
    });
    expect(host.settings.updateEnvironment).toHaveBeenCalledWith(expect.objectContaining({ environmentId: 'env-prod', baseUrl: 'https://api.other.example', allowPlainHttp: false }));
    // Main pushes the settings it changed: the key has no secret now.
    const pushed = snapshot();
    pushed.environments[1] = { ...pushed.environments[1]!, keys: [{ ...pushed.environments[1]!.keys[0]!, hasSecret: false, storage: 'none' }] };
    act(() => useStore.getState().applySettings(pushed));
    const status = await within(prod).findByRole('status');
    expect(status.textContent).toContain('the secret of "Main" was forgotten');
    expect(status.textContent).toContain('only ever sent to the address it was entered for');
  });

  it('offers the plain http:// override only for a remote http:// URL, with a warning', async () => {
    await renderApp();
    act(() => useStore.getState().openSettings());
    const prod = await screen.findByRole('listitem', { name: 'Production' });
    fireEvent.click(within(prod).getByRole('button', { name: 'Edit environment' }));
    expect(within(prod).queryByLabelText('Allow plain http:// (unencrypted) for this environment')).toBeNull();
    fireEvent.change(within(prod).getByLabelText('Base URL', { exact: false }), { target: { value: 'http://api.example.com' } });
    const toggle = within(prod).getByLabelText('Allow plain http:// (unencrypted) for this environment');
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(within(prod).getByText(/sends the client secret and your prompts across the network unencrypted/)).toBeTruthy();
    fireEvent.change(within(prod).getByLabelText('Base URL', { exact: false }), { target: { value: 'http://127.0.0.1:8080' } });
    expect(within(prod).queryByLabelText('Allow plain http:// (unencrypted) for this environment')).toBeNull();
  });
});
