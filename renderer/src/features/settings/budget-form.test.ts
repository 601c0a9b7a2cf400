import { describe, expect, it } from 'vitest';
import { presetBudget } from '../../../../shared/domain/readiness';
import { budgetToText, parseBudgetText, type BudgetText } from './budget-form';

const mobile = presetBudget('plain', 'mobile');
const base: BudgetText = budgetToText(mobile);

describe('budgetToText', () => {
  it('shows the file size in MB and heights in metres', () => {
    expect(base).toEqual({ triangles: '50000', maxTextureSize: '1024', materials: '4', fileMb: '10', minHeightM: '0.05', maxHeightM: '10' });
  });
  it('round-trips every preset through the form unchanged', () => {
    for (const target of ['mobile', 'desktop', 'web'] as const) {
      const budget = presetBudget('unreal', target);
      const parsed = parseBudgetText(budgetToText(budget));
      expect(parsed).toEqual({ ok: true, budget: { triangles: budget.triangles, maxTextureSize: budget.maxTextureSize, materials: budget.materials, fileBytes: budget.fileBytes, minHeightM: budget.minHeightM, maxHeightM: budget.maxHeightM } });
    }
  });
});

describe('parseBudgetText', () => {
  const cases: { name: string; change: Partial<BudgetText>; expect: Record<string, unknown> }[] = [
    { name: 'thousands separators', change: { triangles: '25,000' }, expect: { ok: true, budget: expect.objectContaining({ triangles: 25_000 }) } },
    { name: 'a fractional file size', change: { fileMb: '2.5' }, expect: { ok: true, budget: expect.objectContaining({ fileBytes: 2_621_440 }) } },
    { name: 'an empty field', change: { materials: '' }, expect: { ok: false, errors: { materials: 'Materials (draw calls): type a number.' } } },
    { name: 'a fractional triangle count', change: { triangles: '1.5' }, expect: { ok: false, errors: { triangles: 'Triangles: a whole number.' } } },
    { name: 'a texture under 16 px', change: { maxTextureSize: '8' }, expect: { ok: false, errors: { maxTextureSize: 'Largest texture (px): from 16 to 16,384.' } } },
    { name: 'zero triangles', change: { triangles: '0' }, expect: { ok: false, errors: { triangles: 'Triangles: from 1 to 100,000,000.' } } },
    { name: 'words', change: { minHeightM: 'tall' }, expect: { ok: false, errors: { minHeightM: 'Lowest height (m): type a number.' } } },
    { name: 'heights the wrong way round', change: { minHeightM: '5', maxHeightM: '2' }, expect: { ok: false, errors: { maxHeightM: 'The highest height must be above the lowest.' } } },
    { name: 'equal heights', change: { minHeightM: '2', maxHeightM: '2' }, expect: { ok: false, errors: { maxHeightM: 'The highest height must be above the lowest.' } } },
    { name: 'two bad fields at once', change: { triangles: '-1', fileMb: 'x' }, expect: { ok: false, errors: { triangles: 'Triangles: from 1 to 100,000,000.', fileMb: 'File size (MB): type a number.' } } },
  ];
  it.each(cases)('$name', ({ change, expect: wanted }) => {
    expect(parseBudgetText({ ...base, ...change })).toEqual(wanted);
  });
});
