/**
 * The budget editor's form, as pure functions: a folder's budget shown as the
 * text an artist edits (file size in MB, heights in metres), and the typed
 * text read back into the figures `export:setBudget` takes, with a sentence
 * per field that cannot be saved. Main checks the same limits again
 * (shared/ipc/export.ts `budgetSchema`): this is for saying it before sending.
 */
import type { Budget } from '../../../../shared/domain/readiness';

export type BudgetField = 'triangles' | 'maxTextureSize' | 'materials' | 'fileMb' | 'minHeightM' | 'maxHeightM';
export type BudgetText = Record<BudgetField, string>;

export const BUDGET_LABELS: Record<BudgetField, string> = {
  triangles: 'Triangles',
  maxTextureSize: 'Largest texture (px)',
  materials: 'Materials (draw calls)',
  fileMb: 'File size (MB)',
  minHeightM: 'Lowest height (m)',
  maxHeightM: 'Highest height (m)',
};

const MB = 1024 * 1024;

/** Limits as main's schema has them (file size in MB here). */
const LIMITS: Record<BudgetField, { min: number; max: number; whole: boolean }> = {
  triangles: { min: 1, max: 100_000_000, whole: true },
  maxTextureSize: { min: 16, max: 16_384, whole: true },
  materials: { min: 1, max: 10_000, whole: true },
  fileMb: { min: 0.001, max: 16 * 1024, whole: false },
  minHeightM: { min: 0, max: 100_000, whole: false },
  maxHeightM: { min: 0.001, max: 100_000, whole: false },
};

/** Drops float noise (0.30000000000000004) without losing what was typed. */
const tidy = (n: number): string => String(Number(n.toPrecision(6)));

export function budgetToText(budget: Budget): BudgetText {
  return {
    triangles: String(budget.triangles),
    maxTextureSize: String(budget.maxTextureSize),
    materials: String(budget.materials),
    fileMb: tidy(budget.fileBytes / MB),
    minHeightM: tidy(budget.minHeightM),
    maxHeightM: tidy(budget.maxHeightM),
  };
}

export type BudgetPatch = Omit<Budget, 'target' | 'standOnBase'>;
export type ParsedBudget = { ok: true; budget: BudgetPatch } | { ok: false; errors: Partial<Record<BudgetField, string>> };

/** Reads the form; every field is needed. Thousands separators and spaces are accepted ("50,000"). */
export function parseBudgetText(text: BudgetText): ParsedBudget {
  const errors: Partial<Record<BudgetField, string>> = {};
  const values = {} as Record<BudgetField, number>;
  for (const field of Object.keys(LIMITS) as BudgetField[]) {
    const raw = text[field].replace(/[\s,_]/g, '');
    const { min, max, whole } = LIMITS[field];
    const n = raw === '' ? NaN : Number(raw);
    if (!Number.isFinite(n)) errors[field] = `${BUDGET_LABELS[field]}: type a number.`;
    else if (whole && !Number.isInteger(n)) errors[field] = `${BUDGET_LABELS[field]}: a whole number.`;
    else if (n < min || n > max) errors[field] = `${BUDGET_LABELS[field]}: from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}.`;
    else values[field] = n;
  }
  if (errors.minHeightM === undefined && errors.maxHeightM === undefined && values.minHeightM >= values.maxHeightM) {
    errors.maxHeightM = 'The highest height must be above the lowest.';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    budget: {
      triangles: values.triangles,
      maxTextureSize: values.maxTextureSize,
      materials: values.materials,
      fileBytes: Math.max(1024, Math.round(values.fileMb * MB)),
      minHeightM: values.minHeightM,
      maxHeightM: values.maxHeightM,
    },
  };
}
