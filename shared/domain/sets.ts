/**
 * Sets of takes: several jobs of one request (Generate with **Variants** above
 * 1, or `generate --variants N`), recorded with the same `setId`, shown in the
 * history as one row and opened side by side in the compare view. The chosen
 * take (**Keep**) is remembered per set.
 */
import { ENDPOINTS, type GenerationKind, type Produces } from '../api';

/** The most takes one Generate makes (and the most views the compare view shows). */
export const VARIANTS_MAX = 4;
export const VARIANTS_MIN = 1;

/** A set id has the shape of a local id (the channels accept it as one). */
export const SET_ID_PATTERN = /^set-[A-Za-z0-9_-]{6,56}$/;

export function newSetId(random: () => number = Math.random): string {
  let s = '';
  for (let i = 0; i < 12; i++) s += 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)];
  return `set-${Date.now().toString(36)}${s}`;
}

/**
 * Whether a kind's form offers Variants: the forms that generate a model, an
 * image or a skybox. Uploads (which store what was given) do not: a second
 * take of an upload is the same file.
 */
export function variantsAllowed(kind: GenerationKind): boolean {
  if (kind === 'image-upload' || kind === 'upload-3d') return false;
  return (['model', 'image', 'skybox'] as Produces[]).includes(ENDPOINTS[kind].produces);
}

/** A count as the form may hold it (typed, stepped or restored), as a whole number in 1–4. */
export function clampVariants(n: unknown): number {
  const v = typeof n === 'number' ? n : Number(n);
  if (!Number.isFinite(v)) return VARIANTS_MIN;
  return Math.min(VARIANTS_MAX, Math.max(VARIANTS_MIN, Math.round(v)));
}

/**
 * What the form says a set costs. With a rate card's price for one job, the
 * total; without one, what is known: each take is a paid job charged like
 * one alone.
 */
export function setCostText(count: number, creditsPerJob?: number): string | undefined {
  if (count <= 1) return undefined;
  if (creditsPerJob === undefined) return `${count} takes: ${count} paid jobs, each charged like a single one.`;
  const total = count * creditsPerJob;
  return `${count} takes × ${creditsPerJob.toLocaleString('en-US')} credits = ${total.toLocaleString('en-US')} credits.`;
}

/** The takes of a set in the order the history shows them: the kept one first, the rest oldest first (take 1, 2, ...). */
export function orderTakes<T extends { localId: string; createdAt: string }>(takes: readonly T[], keptLocalId?: string): T[] {
  const byAge = [...takes].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.localId < b.localId ? -1 : 1));
  const kept = byAge.findIndex((t) => t.localId === keptLocalId);
  if (kept <= 0) return byAge;
  return [byAge[kept]!, ...byAge.slice(0, kept), ...byAge.slice(kept + 1)];
}

/** The kept take per set id: what `jobs:keptTakes` and `jobs:keep` answer. */
export type KeptTakes = Record<string, string>;
