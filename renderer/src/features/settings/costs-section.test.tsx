/**
 * Settings → Credits against a fake host: a rate card typed for an added
 * environment goes to the host as numbers (blank prices left off), a bad
 * figure is said under its field in plain words and never sent, and the
 * spend estimate shows each key's days labelled as an estimate.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeySpend } from '../../../../shared/domain/spend';
import { DEFAULT_EXPORT_OPTIONS, type SettingsSnapshot } from '../../../../shared/ipc';
import { CostsSection } from './CostsSection';
import { PRODUCTION_ENVIRONMENT, SANDBOX_ENVIRONMENT, installHostApi, ok } from './test-support';

const snap: SettingsSnapshot = {
  environments: [
    { ...SANDBOX_ENVIRONMENT, rateCard: { perKind: { 'text-to-3d': 20, 'text-to-image': 5 }, quads: 10, highFaceCount: 10 } },
    PRODUCTION_ENVIRONMENT,
  ],
  active: null,
  storage: { backend: 'safe-storage', protectedStorageAvailable: true, message: '', notices: [] },
  credits: [],
  exportDefaults: { ...DEFAULT_EXPORT_OPTIONS },
  layout: {},
};

const spend: KeySpend[] = [
  {
    environmentId: 'env-prod',
    environmentName: 'Production',
    keyId: 'key-a',
    keyName: 'Main',
    priced: true,
    days: [
      { day: '2026-11-25', jobs: 3, credits: 75, unpriced: 0 },
      { day: '2026-11-24', jobs: 2, credits: 20, unpriced: 1 },
    ],
    total: { jobs: 5, credits: 95, unpriced: 1 },
  },
];

let setRateCard: ReturnType<typeof vi.fn>;
let estimateSpend: ReturnType<typeof vi.fn>;

beforeEach(() => {
  setRateCard = vi.fn(() => ok(snap.environments[1]));
  estimateSpend = vi.fn(() => ok(spend));
  installHostApi({ settings: { setRateCard, estimateSpend } });
});

describe('Settings → Credits', () => {
  it('shows the sandbox card as handed over, and sends a typed card as numbers', async () => {
    render(<CostsSection snapshot={snap} />);
    const sandbox = screen.getByRole('listitem', { name: 'Prices: Sandbox (built-in)' });
    expect(within(sandbox).getByText(/handed over by the built-in sandbox/)).toBeTruthy();
    expect(within(sandbox).queryByRole('button')).toBeNull();
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Prices: Production' })).getByRole('button', { name: 'Enter prices' }));
    const form = screen.getByRole('form', { name: 'Prices for Production' });
    fireEvent.change(within(form).getByLabelText('Text to 3D', { exact: false }), { target: { value: '2.5' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(within(form).getByText('A whole number of credits, like 20.')).toBeTruthy();
    expect(setRateCard).not.toHaveBeenCalled();
    fireEvent.change(within(form).getByLabelText('Text to 3D', { exact: false }), { target: { value: '25' } });
    // The field's error goes as soon as it is edited.
    expect(within(form).queryByText('A whole number of credits, like 20.')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Quad topology adds', { exact: false }), { target: { value: '12' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(setRateCard).toHaveBeenCalledWith({ environmentId: 'env-prod', rateCard: { perKind: { 'text-to-3d': 25 }, quads: 12, highFaceCount: 0 } });
  });

  it('shows each key\'s estimated spend per day, labelled an estimate', async () => {
    render(<CostsSection snapshot={snap} />);
    const table = await screen.findByRole('table', { name: /Main/ });
    expect(estimateSpend).toHaveBeenCalledWith({ utcOffsetMinutes: -new Date().getTimezoneOffset() });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'DayJobsEstimated credits',
      '2026-11-25375 credits (about $1.00)',
      '2026-11-24220 credits (about $0.27) + 1 job with no price on the card',
      'All days595 credits (about $1.27) + 1 job with no price on the card',
    ]);
    await waitFor(() => expect(screen.getByText(/An estimate: each environment's rate card applied/)).toBeTruthy());
  });
});
