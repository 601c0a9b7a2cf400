/**
 * The panel shows what it holds, and Generate sends only that: a refused
 * file empties its slot (the earlier file is not left looking like the new
 * one), Generate is off while a field shows an error and quotes nothing, focus
 * stays on Generate after it is pressed, and a staged image keeps its picture
 * after a reload.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RateCard } from '../../../../shared/api';
import { useStore } from '../../state/store';
import { GeneratePanel } from './GeneratePanel';
import { installFakeHost, openPanel, pngFile, resetStore, type FakeHost } from './test-support';
import { handleWindowDrop } from './window-drop';

const card: RateCard = { perKind: { 'image-to-3d': 20, 'text-to-3d': 20 }, quads: 10, highFaceCount: 10 };
let host: FakeHost;

beforeEach(() => {
  resetStore({
    settings: { environments: [{ id: 'env', storageUrl: 'http://127.0.0.1:9/storage', keys: [], rateCard: card }], active: { environmentId: 'env', keyId: 'k' } },
  });
  host = installFakeHost();
});

const generateButton = () => screen.getByRole('button', { name: 'Generate' });

/** A PNG of 29.3 MB by its size (the bytes are not read past the header). */
function bigPng(): File {
  const file = pngFile('big.png');
  Object.defineProperty(file, 'size', { value: Math.round(29.3 * 1024 * 1024) });
  return file;
}

describe('a refused drop over a staged image', () => {
  it('empties the slot, says what was taken out, and Generate sends and quotes nothing', async () => {
    openPanel('image-to-3d');
    await act(() => handleWindowDrop([pngFile('photo_chest.png')]));
    expect(screen.getByText('photo_chest.png')).toBeInTheDocument();
    expect(generateButton()).toHaveTextContent('Generate · 20 credits');

    await act(() => handleWindowDrop([bigPng()]));
    expect(screen.queryByText('photo_chest.png')).not.toBeInTheDocument();
    const zone = screen.getByTestId('drop-zone-Image').parentElement!;
    expect(zone).toHaveTextContent('big.png was not used. Image: the file is 29.3 MB; the limit is 20.0 MB. photo_chest.png was taken out too, so nothing from this slot is sent');
    expect(generateButton()).toHaveAttribute('aria-disabled', 'true');
    expect(generateButton()).toHaveTextContent(/^Generate$/);
    expect(generateButton()).toHaveAccessibleDescription('Generate is off until this is fixed: Image.');

    // Pressed anyway (click, Ctrl+Enter): nothing goes out, the line stays.
    await act(async () => {
      fireEvent.click(generateButton());
      fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    });
    expect(host.submit).not.toHaveBeenCalled();
    expect(zone).toHaveTextContent('big.png was not used.');

    // A good file answers it: Generate sends that one.
    await act(() => handleWindowDrop([pngFile('photo_table.png')]));
    expect(generateButton()).not.toHaveAttribute('aria-disabled');
    await act(async () => {
      fireEvent.click(generateButton());
    });
    expect(host.submit).toHaveBeenCalledTimes(1);
    const sent = host.submit.mock.calls[0]![0].fields.file.stagedFileId;
    expect(useStore.getState().drafts['image-to-3d']?.file).toMatchObject({ name: 'photo_table.png', stagedFileId: sent });
  });

  it('the same through the field’s own picker', async () => {
    openPanel('image-to-3d');
    const input = screen.getByLabelText(/^Image/, { selector: 'input' });
    fireEvent.change(input, { target: { files: [pngFile('photo_chest.png')] } });
    await waitFor(() => expect(screen.getByText('photo_chest.png')).toBeInTheDocument());
    fireEvent.change(input, { target: { files: [bigPng()] } });
    await waitFor(() => expect(screen.queryByText('photo_chest.png')).not.toBeInTheDocument());
    expect(useStore.getState().drafts['image-to-3d']?.file).toBeUndefined();
    expect(generateButton()).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('Generate and focus', () => {
  it('keeps focus on Generate after it sends, and moves it to the first field in error when nothing was sent', async () => {
    openPanel('text-to-3d');
    await act(async () => {
      generateButton().focus();
      fireEvent.click(generateButton());
    });
    // Nothing typed: the prompt says so and has the focus.
    await waitFor(() => expect(screen.getByLabelText(/^Prompt/)).toHaveFocus());
    expect(host.submit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a carved wooden totem pole' } });
    await act(async () => {
      generateButton().focus();
      fireEvent.click(generateButton());
    });
    expect(host.submit).toHaveBeenCalledTimes(1);
    expect(generateButton()).toHaveFocus();
    expect(document.activeElement).not.toBe(document.body);
  });
});

describe('a staged image after a reload', () => {
  it('shows its picture, not a letter, and is sent by its staged id', async () => {
    const thumbnail = 'data:image/jpeg;base64,/9j/AAAA';
    act(() => useStore.getState().setDraftField('image-to-3d', 'file', { stagedFileId: 'staged-before-reload', name: 'photo_chest.png', size: 412_000, format: 'png', thumbnail }));
    openPanel('image-to-3d');
    const chip = screen.getByText('photo_chest.png').closest('.staged') as HTMLElement;
    expect(chip.querySelector('img')).toHaveAttribute('src', thumbnail);
    expect(within(chip).queryByText('P')).not.toBeInTheDocument();
  });

  it('a file the app no longer holds is taken out of its slot with a line saying so', async () => {
    const get = vi.fn(async () => ({ ok: false, problem: { reason: 'not-found', message: 'No staged file.' } }));
    (host.bridge.api.files as unknown as { get: typeof get }).get = get;
    act(() => useStore.getState().setDraftField('image-to-3d', 'file', { stagedFileId: 'staged-gone-0001', name: 'photo_chest.png', size: 412_000, format: 'png' }));
    render(<GeneratePanel />);
    act(() => useStore.getState().setGenerateKind('image-to-3d'));
    await waitFor(() => expect(useStore.getState().drafts['image-to-3d']?.file).toBeUndefined());
    expect(get).toHaveBeenCalledWith({ id: 'staged-gone-0001' });
    expect(screen.getByTestId('drop-zone-Image').parentElement).toHaveTextContent('photo_chest.png was not used. The app no longer holds its copy');
    expect(generateButton()).toHaveAttribute('aria-disabled', 'true');
  });
});
