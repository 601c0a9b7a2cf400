/**
 * The compare view's decisions, as pure functions: which jobs can be compared
 * together, which job a before/after compares against, the stats table's rows
 * and the best figure in each.
 */
import { ENDPOINTS, shownOfKind } from '../../../../shared/api';
import type { JobSummary, ModelStats } from '../../../../shared/domain/job';
import { VARIANTS_MAX } from '../../../../shared/domain/sets';
import type { ReadinessReport } from '../../../../shared/ipc';
import type { CheckLine } from '../../../../shared/domain/readiness';
import { COMPARED_ROWS, formatBytes, type Better } from '../stat-rows';

export type CompareContent = 'model' | 'image' | 'skybox';

/** What a finished job shows: a model, an image or a skybox (null: nothing to compare). */
export function compareContentOf(job: Pick<JobSummary, 'kind'>): CompareContent | null {
  if (!ENDPOINTS[job.kind]) return null;
  const shown = shownOfKind(job.kind);
  if (shown === 'image' || shown === 'skybox') return shown;
  if (shown === 'model' || shown === 'parts' || shown === 'motion') return 'model';
  return null;
}

const CONTENT_WORDS: Record<CompareContent, string> = { model: 'models', image: 'images', skybox: 'skyboxes' };

/**
 * Why these jobs cannot be compared, in words, or null when they can: two to
 * four finished jobs whose files are here, all models, all images or all
 * skyboxes.
 */
export function compareProblem(jobs: readonly Pick<JobSummary, 'kind' | 'state' | 'asset' | 'title' | 'prompt'>[]): string | null {
  if (jobs.length < 2) return 'Choose at least two finished jobs to compare (Ctrl-click or Cmd-click them in the history).';
  if (jobs.length > VARIANTS_MAX) return `Compare shows at most ${VARIANTS_MAX} takes at a time.`;
  const notReady = jobs.filter((j) => j.state !== 'success' || j.asset?.state !== 'ready');
  if (notReady.length) return `${notReady.length === 1 ? 'One of them has' : `${notReady.length} of them have`} no finished result to show yet.`;
  const contents = new Set(jobs.map(compareContentOf));
  if (contents.has(null)) return 'Only models, images and skyboxes can be compared.';
  if (contents.size > 1) return `Compare models with models, images with images and skyboxes with skyboxes (these are ${[...contents].map((c) => CONTENT_WORDS[c!]).join(' and ')}).`;
  return null;
}

/** Kinds whose result is a new version of one source: they open before/after against it. */
const BEFORE_AFTER_KINDS = new Set(['retexture', 'image-edit', 'skybox-edit']);

/** The source job a retexture, an edit or a skybox edit compares against (before), if it is in the history and finished. */
export function beforeOf<J extends Pick<JobSummary, 'kind' | 'jobId' | 'parentJobId' | 'state' | 'asset'>>(job: J, all: Iterable<J>): J | undefined {
  if (!BEFORE_AFTER_KINDS.has(job.kind) || !job.parentJobId) return undefined;
  for (const other of all) {
    if (other !== job && other.jobId === job.parentJobId && other.state === 'success' && other.asset?.state === 'ready') return other;
  }
  return undefined;
}

/** A row of the stats table: one cell per take, and which way is better. */
export interface StatRow {
  id: string;
  label: string;
  /** One figure per take (a list: one item each, e.g. a texture each); null while unknown. */
  cells: (string | string[] | null)[];
  /** Marked best: the indices of the cells holding the best figure (none when all are equal or the row has no order). */
  best: number[];
}

/** The indices of the best figures (lower or higher), or none when every known figure is the same. */
export function bestOf(values: readonly (number | null | undefined)[], better: Better): number[] {
  if (better === 'none') return [];
  const known = values.map((v, i) => [v, i] as const).filter((x): x is readonly [number, number] => typeof x[0] === 'number' && Number.isFinite(x[0]));
  if (known.length < 2) return [];
  const target = better === 'lower' ? Math.min(...known.map(([v]) => v)) : Math.max(...known.map(([v]) => v));
  if (known.every(([v]) => v === target)) return [];
  return known.filter(([v]) => v === target).map(([, i]) => i);
}

function row(id: string, label: string, values: (number | null | undefined)[], better: Better, format: (v: number) => string): StatRow {
  return { id, label, cells: values.map((v) => (typeof v === 'number' ? format(v) : null)), best: bestOf(values, better) };
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The rows of a model comparison: the viewport's stats rows that compare
 * (stat-rows.ts, one definition for both), then the validator's errors (fewer
 * is better: some engines refuse a file with errors).
 */
export function modelRows(stats: readonly (ModelStats | undefined)[], validatorErrors: readonly (number | undefined)[]): StatRow[] {
  return [
    ...COMPARED_ROWS.map((def) => ({
      id: def.compareId,
      label: def.label,
      cells: stats.map((s) => (s ? def.text(s) : null)),
      best: def.value ? bestOf(stats.map((s) => (s ? def.value!(s) : undefined)), def.better) : [],
    })),
    row('validator-errors', 'Validator errors', [...validatorErrors], 'lower', count),
  ];
}

/** The rows of an image or skybox comparison. */
export function imageRows(images: readonly ({ width: number; height: number; fileBytes: number } | undefined)[]): StatRow[] {
  return [
    { id: 'size', label: 'Size', cells: images.map((i) => (i ? `${i.width} × ${i.height} px` : null)), best: bestOf(images.map((i) => (i ? i.width * i.height : undefined)), 'higher') },
    row('file-size', 'File size', images.map((i) => i?.fileBytes), 'lower', formatBytes),
  ];
}

/** What the table knows of one take besides its record's stats: its readiness check, once the host has answered. */
export interface TakeFacts {
  job?: JobSummary;
  readiness?: Pick<ReadinessReport, 'budget' | 'check'>;
}

/**
 * The readiness check (the viewport's readiness panel, against the first
 * project folder's budget) as one row: "Ready", or what fails. Fewer failing
 * lines are better, then fewer warnings.
 */
export function readinessRow(takes: readonly TakeFacts[]): StatRow | null {
  const reports = takes.map((t) => t.readiness);
  const first = reports.find((r) => r);
  if (!first) return null;
  const cells = reports.map((r) => {
    if (!r) return null;
    const fails = r.check.filter((l) => l.status === 'fail');
    const warns = r.check.filter((l) => l.status === 'warn');
    const names = (lines: CheckLine[]) => lines.map((l) => l.label.toLowerCase()).join(', ');
    if (fails.length) return `${fails.length} failing: ${names(fails)}`;
    if (warns.length) return `Ready, ${warns.length} warning${warns.length === 1 ? '' : 's'}: ${names(warns)}`;
    return 'Ready';
  });
  const score = reports.map((r) => (r ? r.check.filter((l) => l.status === 'fail').length * 100 + r.check.filter((l) => l.status === 'warn').length : undefined));
  return { id: 'readiness', label: `Readiness (${first.budget.target} budget)`, cells, best: bestOf(score, 'lower') };
}

/** Rows other checks add to a model comparison, from what is known of each take. */
export type ExtraRow = (takes: readonly TakeFacts[]) => StatRow | null;
export const EXTRA_MODEL_ROWS: ExtraRow[] = [readinessRow];

/** The take the set's row shows first and export and chaining use: the kept one, else the first. */
export function chosenTake<T extends { localId: string }>(takes: readonly T[], keptLocalId: string | undefined): T | undefined {
  return takes.find((t) => t.localId === keptLocalId) ?? takes[0];
}
