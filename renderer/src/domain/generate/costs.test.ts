import { describe, expect, it } from 'vitest';
import type { RateCard } from '../../../../shared/api';
import { balanceLabel, creditAdvice, quoteDraft } from './costs';

const card: RateCard = { perKind: { 'text-to-3d': 20, 'image-upload': 0 }, quads: 10, highFaceCount: 10 };

describe('the quote on the Generate button', () => {
  it.each([
    ['a plain text-to-3D', 'text-to-3d', { prompt: 'a chair' }, 20],
    ['quad topology costs extra', 'text-to-3d', { prompt: 'a chair', topology: 'quads' }, 30],
    ['quads and a high face count', 'text-to-3d', { prompt: 'a chair', topology: 'quads', targetFaceCount: '300000' }, 40],
    ['an upload is free', 'image-upload', {}, 0],
    ['no price on the card: no quote', 'retexture', {}, undefined],
  ] as const)('%s', (_case, kind, draft, expected) => {
    expect(quoteDraft(card, kind, draft)).toBe(expected);
  });
  it('no card, no quote', () => {
    expect(quoteDraft(undefined, 'text-to-3d', { prompt: 'x' })).toBeUndefined();
  });
});

describe('after a 402', () => {
  it('names what to do on a real environment, never "resume"', () => {
    const text = creditAdvice({ required: 30, available: 5 }, { builtin: false, otherKeys: 1 }).join(' ');
    expect(text).toContain('needs 30 credits');
    expect(text).toContain('balance is 5 credits');
    expect(text).toMatch(/Buy credits .* then press Generate again/);
    expect(text).toMatch(/another key/);
    expect(text).not.toMatch(/resume/i);
  });
  it('says the sandbox credits are pretend, with the way to get more', () => {
    expect(creditAdvice({ required: 20, available: 0 }, { builtin: true, otherKeys: 0 }).join(' ')).toMatch(/pretend.*--credits/);
  });
});

describe('the balance in the top bar', () => {
  const at = '2026-11-25T10:00:00.000Z';
  const t = Date.parse(at);
  it.each([
    [t + 10_000, '880 credits · just now'],
    [t + 5 * 60_000, '880 credits · 5 min ago'],
    [t + 3 * 3600_000, '880 credits · 3 h ago'],
    [t + 4 * 86_400_000, '880 credits · 4 days ago'],
  ])('%s', (now, expected) => {
    expect(balanceLabel({ available: 880, at }, now)).toBe(expected);
  });
});
