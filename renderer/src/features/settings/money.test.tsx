/**
 * Money in plain view: the top bar's words for the balance and the spend (a
 * table), the top bar after a 402 and after a figure typed in Settings (each
 * opening Settings → Credits), and the Settings form that types the figure
 * and chooses the period.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MoneyGlance } from '../../../../shared/domain/money';
import { DEFAULT_EXPORT_OPTIONS, type SettingsSnapshot } from '../../../../shared/ipc';
import { useStore } from '../../state/store';
import { resetStore } from '../generate/test-support';
import { BalanceBadge } from './BalanceBadge';
import { BalanceForm, parseBalance } from './BalanceForm';
import { balanceLine, spendLine } from '../../domain/money-labels';
import { SANDBOX_ENVIRONMENT, installHostApi, ok } from './test-support';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const none = { jobs: 0, credits: 0, unpriced: 0 };
const glance = (balance: MoneyGlance['balance'], period: Partial<MoneyGlance['period']> = {}, priced = true): MoneyGlance => ({
  environmentId: 'sandbox',
  keyId: 'k1',
  ...(balance ? { balance } : {}),
  period: { days: 7, ...none, ...period },
  priced,
});

describe('the top bar in words', () => {
  it.each([
    { case: 'unknown: says how to make it known', g: glance(undefined), main: 'Balance: not known yet', detail: 'Click to type it from your dashboard' },
    {
      case: "a 402's figure, nothing since",
      g: glance({ known: 5, at: '2026-11-27T12:00:00.000Z', source: 'refusal', since: none, estimate: 5 }),
      main: 'Balance ≈ 5 credits',
      detail: 'estimate · 5 when a request was refused just now',
    },
    {
      case: 'a typed figure less the spend since',
      g: glance({ known: 1200, at: '2026-11-27T10:00:00.000Z', source: 'typed', since: { jobs: 2, credits: 40, unpriced: 0 }, estimate: 1160 }),
      main: 'Balance ≈ 1,160 credits',
      detail: 'estimate · 1,200 typed by you 2 h ago, less 40 spent since',
    },
    {
      case: 'jobs since with no price: "or less"',
      g: glance({ known: 100, at: '2026-11-27T11:55:00.000Z', source: 'refusal', since: { jobs: 1, credits: 0, unpriced: 1 }, estimate: 100 }),
      main: 'Balance ≈ 100 credits or less',
      detail: 'estimate · 100 when a request was refused 5 min ago, and 1 job with no price',
    },
    { case: 'no host answer yet: unknown', g: undefined, main: 'Balance: not known yet', detail: 'Click to type it from your dashboard' },
  ])('$case', ({ g, main, detail }) => {
    expect(balanceLine(g, NOW)).toMatchObject({ main, detail });
  });

  it.each([
    { case: 'priced', period: { days: 7, jobs: 3, credits: 140, unpriced: 0 }, priced: true, main: 'Spent ≈ 140 credits', detail: 'last 7 days · estimate' },
    { case: 'some with no price', period: { days: 30, jobs: 3, credits: 40, unpriced: 1 }, priced: true, main: 'Spent ≈ 40 credits + 1 job', detail: 'last 30 days · estimate' },
    { case: 'no rate card: counted only', period: { days: 1, jobs: 2, credits: 0, unpriced: 2 }, priced: false, main: '2 jobs paid', detail: 'last 24 hours · no prices known' },
  ])('spend, $case', ({ period, priced, main, detail }) => {
    expect(spendLine(period, priced)).toMatchObject({ main, detail });
  });

  it.each([
    ['1200', 1200],
    ['1,200', 1200],
    [' 0 ', 0],
    ['12a', 'A whole number of credits, like 1200.'],
    ['-5', 'A whole number of credits, like 1200.'],
    ['', 'Type the balance your dashboard shows, like 1200.'],
  ])('a typed balance %j is %j', (text, expected) => {
    const parsed = parseBalance(text);
    expect(parsed.ok ? parsed.credits : parsed.error).toBe(expected);
  });
});

describe('the top bar', () => {
  let moneyGlance: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    resetStore();
    moneyGlance = vi.fn();
  });

  it('after a 402: the balance the service told, as an estimate; the week\'s spend; each opens Settings → Credits', async () => {
    moneyGlance.mockReturnValue(ok(glance({ known: 5, at: new Date().toISOString(), source: 'refusal', since: none, estimate: 5 }, { jobs: 2, credits: 40 })));
    installHostApi({ settings: { moneyGlance } });
    render(<BalanceBadge />);
    const balance = await screen.findByRole('button', { name: /Balance ≈ 5 credits/ });
    expect(balance).toHaveTextContent('estimate · 5 when a request was refused just now');
    expect(moneyGlance).toHaveBeenCalledWith({ periodDays: 7 });
    const spend = screen.getByRole('button', { name: /Spent ≈ 40 credits/ });
    expect(spend).toHaveTextContent('last 7 days · estimate');
    fireEvent.click(spend);
    expect(useStore.getState()).toMatchObject({ settingsOpen: true, settingsSection: 'credits' });
  });

  it('after a figure typed in Settings: that figure less the spend since; a new period asks again', async () => {
    moneyGlance.mockReturnValue(ok(glance({ known: 1200, at: new Date(Date.now() - 3_600_000).toISOString(), source: 'typed', since: { jobs: 1, credits: 20, unpriced: 0 }, estimate: 1180 })));
    installHostApi({ settings: { moneyGlance } });
    render(<BalanceBadge />);
    const balance = await screen.findByRole('button', { name: /Balance ≈ 1,180 credits/ });
    expect(balance).toHaveTextContent('estimate · 1,200 typed by you 1 h ago, less 20 spent since');
    act(() => useStore.getState().setSpendPeriodDays(30));
    await waitFor(() => expect(moneyGlance).toHaveBeenLastCalledWith({ periodDays: 30 }));
  });

  it('unknown: says so, and how to make it known', async () => {
    moneyGlance.mockReturnValue(ok(glance(undefined)));
    installHostApi({ settings: { moneyGlance } });
    render(<BalanceBadge />);
    const balance = await screen.findByRole('button', { name: /Balance: not known yet/ });
    expect(balance).toHaveTextContent('Click to type it from your dashboard');
    // The top bar's Settings button stays the only one named so (journeys find it by that name).
    expect(screen.queryByRole('button', { name: /Settings/ })).toBeNull();
    fireEvent.click(balance);
    expect(useStore.getState().settingsSection).toBe('credits');
  });
});

describe('Settings → Credits: the top bar\'s figures', () => {
  const snap: SettingsSnapshot = {
    environments: [{ ...SANDBOX_ENVIRONMENT, keys: [{ id: 'k1', name: 'Sandbox key 1', clientIdMasked: 'sbx_…', hasSecret: true, earlyAccess: false } as never] }],
    active: { environmentId: 'sandbox', keyId: 'k1' },
    storage: { backend: 'safe-storage', protectedStorageAvailable: true, message: '', notices: [] },
    credits: [],
    exportDefaults: { ...DEFAULT_EXPORT_OPTIONS },
    layout: {},
  };

  beforeEach(() => resetStore());

  it('sends a typed balance as a number for the active key, says a bad one in plain words, and chooses the period', async () => {
    const setBalance = vi.fn(() => ok({ environmentId: 'sandbox', keyId: 'k1', available: 1200, at: new Date().toISOString(), source: 'typed' }));
    installHostApi({ settings: { setBalance } });
    render(<BalanceForm snapshot={snap} />);
    const field = screen.getByLabelText(/Balance of Sandbox key 1/);
    fireEvent.change(field, { target: { value: '12.5' } });
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Balance' })));
    expect(screen.getByText('A whole number of credits, like 1200.')).toBeInTheDocument();
    expect(setBalance).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '1200' } });
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Balance' })));
    expect(setBalance).toHaveBeenCalledWith({ environmentId: 'sandbox', keyId: 'k1', available: 1200 });
    expect(screen.getByText('Saved: the top bar counts from it.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Spend shown in the top bar/), { target: { value: '30' } });
    expect(useStore.getState().spendPeriodDays).toBe(30);
  });
});
