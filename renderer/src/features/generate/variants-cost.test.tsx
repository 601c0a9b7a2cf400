/**
 * The Variants field says what the whole set costs when the active
 * environment's rate card prices the kind, with the form's surcharges, and the
 * same figure as the Generate button; without a price it claims none.
 */
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GenerationKind, RateCard } from '../../../../shared/api';
import { useStore } from '../../state/store';
import { GeneratePanel } from './GeneratePanel';
import { installFakeHost, resetStore } from './test-support';

const card: RateCard = { perKind: { 'text-to-3d': 20, 'text-to-image': 5 }, quads: 10, highFaceCount: 10 };

function withCard(rateCard: RateCard | undefined) {
  useStore.setState({
    settings: { environments: [{ id: 'env', storageUrl: 'http://127.0.0.1:9/storage', keys: [], ...(rateCard ? { rateCard } : {}) }], active: { environmentId: 'env', keyId: 'k' } },
  } as never);
}

function open(kind: GenerationKind, takes: number) {
  act(() => {
    useStore.getState().setGenerateKind(kind);
    useStore.getState().setVariants(kind, takes);
  });
  return render(<GeneratePanel />);
}

const variantsHelp = () => screen.getByLabelText('Variants').getAttribute('aria-describedby')!;
const helpText = () => document.getElementById(variantsHelp())!.textContent;
const buttonQuote = () => screen.getByRole('button', { name: 'Generate' }).querySelector('.generate-quote')?.textContent ?? null;

beforeEach(() => {
  resetStore();
  installFakeHost();
});

describe("the set's cost on the Variants field", () => {
  it.each<[string, RateCard | undefined, GenerationKind, number, Record<string, unknown>, string, string | null]>([
    ['three takes on a priced kind', card, 'text-to-3d', 3, {}, '3 takes × 20 credits = 60 credits.', ' · 60 credits'],
    ['the surcharges count in each take', card, 'text-to-3d', 4, { topology: 'quads' }, '4 takes × 30 credits = 120 credits.', ' · 120 credits'],
    ['an image set', card, 'text-to-image', 2, {}, '2 takes × 5 credits = 10 credits.', ' · 10 credits'],
    ['a kind the card does not price: no figure claimed', card, 'retexture', 3, {}, '3 takes: 3 paid jobs, each charged like a single one.', null],
    ['no rate card: no figure claimed', undefined, 'text-to-3d', 3, {}, '3 takes: 3 paid jobs, each charged like a single one.', null],
    ['one take: the field explains Variants, the button quotes it', card, 'text-to-3d', 1, {}, 'Takes of the same settings to choose between (1 to 4). They open side by side when all have finished.', ' · 20 credits'],
  ])('%s', (_case, rateCard, kind, takes, fields, help, quote) => {
    withCard(rateCard);
    act(() => {
      for (const [name, value] of Object.entries(fields)) useStore.getState().setDraftField(kind, name, value);
    });
    open(kind, takes);
    expect(helpText()).toBe(help);
    expect(buttonQuote()).toBe(quote);
  });

  it('follows the form: turning quads on raises the set price', () => {
    withCard(card);
    open('text-to-3d', 2);
    expect(helpText()).toBe('2 takes × 20 credits = 40 credits.');
    act(() => useStore.getState().setDraftField('text-to-3d', 'topology', 'quads'));
    expect(helpText()).toBe('2 takes × 30 credits = 60 credits.');
    expect(buttonQuote()).toBe(' · 60 credits');
  });
});
