/**
 * The style picker in the forms: Auto where the spec defaults to it, the
 * styles this user asked for before (from the history), and any name typed.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useStore } from '../../state/store';
import { installFakeHost, job, resetStore, type FakeHost, clickGenerate, openPanel } from './test-support';

let host: FakeHost;

function open(kind: 'text-to-image' | 'sketch-to-image' | 'skybox-from-image' | 'text-to-worldbox') {
  openPanel(kind);
  return screen.getByRole('combobox', { name: /^Style/ });
}

beforeEach(() => {
  resetStore();
  host = installFakeHost();
  useStore.setState({
    jobsById: {
      a: job({ localId: 'a', kind: 'text-to-image', request: { genStyleId: 'ink-wash' }, createdAt: '2026-11-22T08:00:00.000Z' }),
      b: job({ localId: 'b', kind: 'text-to-worldbox', request: { genStyleId: 'low-poly' }, createdAt: '2026-11-22T09:00:00.000Z' }),
      c: job({ localId: 'c', kind: 'text-to-image', request: { genStyleId: 'Auto' }, createdAt: '2026-11-22T10:00:00.000Z' }),
    },
  } as never);
});

describe('the style picker', () => {
  it('starts on Auto where the spec defaults to it, and offers the styles used before, newest first', async () => {
    const style = open('text-to-image');
    expect(style).toHaveDisplayValue('Auto (the service picks)');
    expect(within(style).getAllByRole('option').map((o) => o.textContent)).toEqual(['Auto (the service picks)', 'low-poly', 'ink-wash', 'Another style…']);
    fireEvent.change(style, { target: { value: 'ink-wash' } });
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a lighthouse' } });
    await clickGenerate();
    expect(host.submit.mock.calls[0]![0].fields.genStyleId).toBe('ink-wash');
  });

  it('takes any style name typed after "Another style…"', async () => {
    const style = open('text-to-worldbox');
    expect(screen.queryByRole('textbox', { name: 'Style name' })).not.toBeInTheDocument();
    fireEvent.change(style, { target: { value: within(style).getByRole('option', { name: 'Another style…' }).getAttribute('value') } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Style name' }), { target: { value: 'my-studio-look' } });
    expect(style).toHaveDisplayValue('Another style…');
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a misty valley' } });
    await clickGenerate();
    expect(host.submit.mock.calls[0]![0].fields.genStyleId).toBe('my-studio-look');
  });

  it('says plainly that a style is needed where the spec requires one with no default', async () => {
    const style = open('sketch-to-image');
    expect(style).toHaveDisplayValue('Choose a style (needed)');
    expect(style).toHaveAccessibleDescription(/This type needs a style/);
    await clickGenerate();
    expect(style).toHaveAccessibleDescription(/Choose a style\./);
    expect(host.submit).not.toHaveBeenCalled();
  });

  it('sends no style where it is optional with no default, until one is chosen', async () => {
    const style = open('skybox-from-image');
    expect(style).toHaveDisplayValue('None (the service decides)');
    fireEvent.change(style, { target: { value: 'Auto' } });
    expect(style).toHaveDisplayValue('Auto (the service picks)');
  });
});
