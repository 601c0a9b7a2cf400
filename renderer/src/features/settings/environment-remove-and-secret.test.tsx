/**
 * Two things in an environment's Settings card a user would notice coming
 * back: "Remove environment" deletes its keys' secrets, so it asks first
 * (Cancel sends nothing); and the "secret was forgotten, type it again"
 * notice leaves once the secret has been typed again, instead of staying.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EXPORT_OPTIONS, type KeyView, type SettingsSnapshot } from '../../../../shared/ipc';
import { useStore } from '../../state/store';
import { stillForgotten } from './EnvironmentsSection';
import { removalConsequence } from './RemoveEnvironment';
import { SettingsDialog } from './SettingsDialog';
import { PRODUCTION_ENVIRONMENT, installHostApi, ok } from './test-support';

const main: KeyView = { id: 'key-a', name: 'Main', clientIdMasked: 'abcd…wxyz', earlyAccess: false, hasSecret: true, storage: 'encrypted' };

function snapshot(keys: KeyView[]): SettingsSnapshot {
  return {
    environments: [{ ...PRODUCTION_ENVIRONMENT, keys }],
    active: null,
    storage: { backend: 'safe-storage', protectedStorageAvailable: true, message: 'encrypted by the OS', notices: [] },
    credits: [],
    exportDefaults: { ...DEFAULT_EXPORT_OPTIONS },
    layout: {},
  };
}

let settings: Record<string, ReturnType<typeof vi.fn> | (() => () => void)>;
beforeEach(() => {
  settings = {
    get: vi.fn(() => ok(useStore.getState().settings)),
    removeEnvironment: vi.fn(() => ok(null)),
    updateEnvironment: vi.fn(() => ok({ ...PRODUCTION_ENVIRONMENT, baseUrl: 'https://api.other.example', keys: [{ ...main, hasSecret: false, storage: 'none' }], secretsForgotten: ['Main'] })),
    updateKey: vi.fn(() => ok({ ...main })),
    estimateSpend: vi.fn(() => ok([])),
    onChanged: () => () => undefined,
  };
  installHostApi({ settings, export: { listFolders: vi.fn(() => ok([])), onFoldersChanged: () => () => undefined } });
  useStore.setState({ settings: snapshot([main]), settingsOpen: true } as never);
});

describe('Remove environment', () => {
  it('asks first: Cancel keeps the environment, confirming removes it', async () => {
    render(<SettingsDialog />);
    const prod = await screen.findByRole('listitem', { name: 'Production' });
    fireEvent.click(within(prod).getByRole('button', { name: 'Remove environment' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove Production?' });
    expect(confirm.textContent).toContain('Its key "Main" and that key\'s secret are deleted from Asset Studio');
    expect(settings.removeEnvironment).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Remove Production?' })).toBeNull();
    expect(settings.removeEnvironment).not.toHaveBeenCalled();

    fireEvent.click(within(prod).getByRole('button', { name: 'Remove environment' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog', { name: 'Remove Production?' })).getByRole('button', { name: 'Remove environment' }));
    });
    expect(settings.removeEnvironment).toHaveBeenCalledWith({ environmentId: 'env-prod' });
    expect(screen.queryByRole('dialog', { name: 'Remove Production?' })).toBeNull();
  });

  it.each([
    [[], 'It has no keys. Jobs made with it stay in the history.'],
    [[main, { ...main, id: 'key-b', name: 'Spare' }], 'Its 2 keys and their secrets are deleted from Asset Studio: to use them again you would add the environment and type the secrets again. Jobs made with it stay in the history.'],
  ])('says what is lost (%#)', (keys, words) => {
    expect(removalConsequence({ keys })).toBe(words);
  });
});

describe('the forgotten-secret notice', () => {
  it.each([
    ['still without its secret', [{ name: 'Main', hasSecret: false }], ['Main']],
    ['secret typed again', [{ name: 'Main', hasSecret: true }], []],
    ['key revoked since', [], []],
  ])('%s', (_what, keys, left) => {
    expect(stillForgotten(['Main'], keys)).toEqual(left);
  });

  it('leaves once the secret is typed again', async () => {
    render(<SettingsDialog />);
    const prod = await screen.findByRole('listitem', { name: 'Production' });
    fireEvent.click(within(prod).getByRole('button', { name: 'Edit environment' }));
    fireEvent.change(within(prod).getByLabelText('Base URL', { exact: false }), { target: { value: 'https://api.other.example' } });
    await act(async () => {
      fireEvent.click(within(prod).getByRole('button', { name: 'Save environment' }));
    });
    // Main pushes the new settings: the key has no secret any more.
    act(() => useStore.getState().applySettings(snapshot([{ ...main, hasSecret: false, storage: 'none' }])));
    expect(within(prod).getByText(/the secret of "Main" was forgotten/)).toBeTruthy();

    fireEvent.change(within(prod).getByLabelText('Client secret for Main'), { target: { value: 'typed-again-1234' } });
    await act(async () => {
      fireEvent.click(within(prod).getByRole('button', { name: 'Save secret' }));
    });
    expect(settings.updateKey).toHaveBeenCalledWith(expect.objectContaining({ keyId: 'key-a', clientSecret: 'typed-again-1234' }));
    act(() => useStore.getState().applySettings(snapshot([main])));
    expect(within(prod).queryByText(/was forgotten/)).toBeNull();
  });
});
