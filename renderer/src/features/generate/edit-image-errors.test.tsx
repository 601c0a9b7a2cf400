/**
 * Bug 5: Edit image showed schema paths as errors ("References.0.url is
 * required.", "Role must be one of: base, pose, style."). Each reference's
 * problems now read as the artist's words, under that reference's controls.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useStore } from '../../state/store';
import { installFakeHost, job, resetStore, type FakeHost, clickGenerate, openPanel } from './test-support';

/** Field paths and schema wording: never on screen. */
const RAW = /references|\.\d+\.|\[\]|must be one of|is required|expected string|Too small|Invalid/i;

let host: FakeHost;

function openEditImage() {
  useStore.setState({ jobsById: { i1: job({ localId: 'i1', kind: 'text-to-image', jobId: 'up-i1', title: 'poster' }) } } as never);
  openPanel('image-edit');
  fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Source image' })).getByRole('radio', { name: 'poster' }));
}

const panelText = () => screen.getByRole('region', { name: /^Generate$/ }).textContent ?? '';

beforeEach(() => {
  resetStore();
  host = installFakeHost();
});

describe('Edit image says what is wrong with a reference', () => {
  it('an empty reference: each of its fields says what to do, with no schema path', async () => {
    openEditImage();
    fireEvent.click(screen.getByRole('button', { name: 'Add reference' }));
    await clickGenerate();
    expect(host.submit).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Image URL/)).toHaveAccessibleDescription(/Reference 1: enter an image URL\./);
    expect(screen.getByLabelText(/^Role/)).toHaveAccessibleDescription(/Reference 1: choose a role\./);
    const errors = Object.values(useStore.getState().fieldErrors['image-edit'] ?? {});
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) expect(e).not.toMatch(RAW);
  });

  it('the service refusing the second reference is said under it, plainly', async () => {
    host = installFakeHost(() => ({
      ok: false,
      problem: { reason: 'invalid-request', message: 'Rejected.', status: 422, fields: [{ field: 'references.1.url', message: 'references.1.url is required.' }] },
    }));
    openEditImage();
    for (const [i, role] of [[0, 'pose'], [1, 'style']] as const) {
      fireEvent.click(screen.getByRole('button', { name: 'Add reference' }));
      fireEvent.change(screen.getAllByLabelText(/^Image URL/)[i]!, { target: { value: `https://example.test/${i}.png` } });
      fireEvent.change(screen.getAllByLabelText(/^Role/)[i]!, { target: { value: role } });
    }
    await clickGenerate();
    expect(host.submit).toHaveBeenCalledTimes(1);
    expect(screen.getAllByLabelText(/^Image URL/)[1]).toHaveAccessibleDescription(/Reference 2: enter an image URL\./);
    expect(panelText()).not.toMatch(/references\.1|References\.1/);
  });
});
