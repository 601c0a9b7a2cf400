/**
 * Bug 4: the add-environment form kept stale field errors and showed the
 * internal channel error ("The request settings:addEnvironment had invalid
 * arguments.") and zod's own words under the fields.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Problem, SettingsSnapshot } from '../../../../shared/ipc';
import { DEFAULT_EXPORT_OPTIONS } from '../../../../shared/ipc';
import { useStore } from '../../state/store';
import { SettingsDialog } from './SettingsDialog';
import { installHostApi, ok } from './test-support';

const snap: SettingsSnapshot = {
  environments: [],
  active: null,
  storage: { backend: 'safe-storage', protectedStorageAvailable: true, message: 'encrypted by the OS', notices: [] },
  credits: [],
  exportDefaults: { ...DEFAULT_EXPORT_OPTIONS },
  layout: {},
};

/** What main answered before the fix for a blank name and an ftp:// base URL: the channel's name and zod's words. */
const refusedAsBefore: Problem = {
  reason: 'invalid-arguments',
  message: 'The request settings:addEnvironment had invalid arguments.',
  fields: [
    { field: 'name', message: 'Too small: expected string to have >=1 characters' },
    { field: 'baseUrl', message: 'must be an http:// or https:// URL' },
  ],
};

let addEnvironment: ReturnType<typeof vi.fn>;

beforeEach(() => {
  addEnvironment = vi.fn();
  installHostApi({
    settings: { get: vi.fn(() => ok(snap)), addEnvironment, estimateSpend: vi.fn(() => ok([])), onChanged: () => () => undefined },
    export: { listFolders: vi.fn(() => ok([])), onFoldersChanged: () => () => undefined },
  });
  useStore.setState({ settings: snap, settingsOpen: true } as never);
});

async function openForm() {
  render(<SettingsDialog />);
  fireEvent.click(await screen.findByRole('button', { name: 'Add environment' }));
  return screen.getByRole('form', { name: 'Add environment' });
}

async function submit(form: HTMLElement) {
  await act(async () => {
    fireEvent.submit(form);
  });
}

describe('the add-environment form', () => {
  it('puts each refusal under its field in plain words, never the channel or the schema', async () => {
    addEnvironment.mockResolvedValue({ ok: false, problem: refusedAsBefore });
    const form = await openForm();
    await submit(form);
    expect(within(form).getByLabelText(/^Environment name/)).toHaveAccessibleDescription('Enter an environment name.');
    expect(within(form).getByLabelText(/^Base URL/)).toHaveAccessibleDescription('Base URL: enter a web address that starts with https:// (or http://).');
    expect(form).not.toHaveTextContent(/settings:|invalid arguments|Too small|expected string|must be an http/);
  });

  it('drops a field error as soon as that field is edited, and every old error on the next answer', async () => {
    addEnvironment.mockResolvedValueOnce({ ok: false, problem: refusedAsBefore });
    const form = await openForm();
    await submit(form);
    fireEvent.change(within(form).getByLabelText(/^Base URL/), { target: { value: 'https://api.example.com' } });
    expect(form).not.toHaveTextContent('Base URL: enter a web address');
    expect(form).toHaveTextContent('Enter an environment name.');

    // The next answer is a refusal with no field: nothing from the first one stays.
    addEnvironment.mockResolvedValueOnce({ ok: false, problem: { reason: 'plain-http', message: 'Plain http:// to another computer needs the switch below.' } });
    await submit(form);
    expect(form).not.toHaveTextContent('Enter an environment name.');
    expect(within(form).getByRole('alert')).toHaveTextContent('Plain http:// to another computer needs the switch below.');
  });
});
