/**
 * Compare slice: the compare selection (Ctrl/Cmd-click in the history,
 * distinct from the job opened in the viewport), the compare view when open,
 * and the chosen take of each set (Keep). A set just submitted opens here once
 * all its takes have finished (the generate slice's follow rule).
 */
import type { JobSummary } from '../../../../shared/domain/job';
import { orderTakes, VARIANTS_MAX, type KeptTakes } from '../../../../shared/domain/sets';
import { bridge } from '../../bridge';
import { compareContentOf, compareProblem, type CompareContent } from '../../domain/compare/compare-logic';
import type { SliceCreator } from '../slice';

export type CompareMode = 'side-by-side' | 'wipe';

export interface CompareSession {
  /** New for every opening. */
  key: string;
  localIds: string[];
  content: CompareContent;
  mode: CompareMode;
  setId?: string;
}

export interface CompareSlice {
  compareSelection: string[];
  compare: CompareSession | null;
  keptTakes: KeptTakes;
  toggleCompareSelection(localId: string): void;
  clearCompareSelection(): void;
  /** Opens the compare view on these jobs; answers why not, or null. */
  openCompare(localIds: readonly string[], options?: { mode?: CompareMode; setId?: string }): string | null;
  closeCompare(): void;
  setCompareMode(mode: CompareMode): void;
  loadKeptTakes(): Promise<void>;
  keepTake(setId: string, localId: string | null): Promise<void>;
}

let compareSeq = 0;

/** The takes of a set in the history's order (the kept one first). */
export function setTakes(jobsById: Readonly<Record<string, JobSummary>>, setId: string, kept?: string): JobSummary[] {
  return orderTakes(
    Object.values(jobsById).filter((j) => j.setId === setId),
    kept,
  );
}

export const createCompareSlice: SliceCreator<CompareSlice> = (set, get) => ({
  compareSelection: [],
  compare: null,
  keptTakes: {},

  toggleCompareSelection: (localId) => {
    const sel = get().compareSelection;
    if (sel.includes(localId)) set({ compareSelection: sel.filter((id) => id !== localId) });
    // The oldest choice makes room: the selection never grows past what compare can show.
    else set({ compareSelection: [...sel, localId].slice(-VARIANTS_MAX) });
  },
  clearCompareSelection: () => set({ compareSelection: [] }),

  openCompare: (localIds, options = {}) => {
    const jobs = localIds.map((id) => get().jobsById[id]).filter((j): j is JobSummary => !!j);
    const problem = compareProblem(jobs);
    if (problem) return problem;
    const content = compareContentOf(jobs[0]!)!;
    for (const id of localIds) void get().loadJobDetails(id);
    set({
      compare: { key: `compare-${++compareSeq}`, localIds: [...localIds], content, mode: options.mode ?? 'side-by-side', ...(options.setId ? { setId: options.setId } : {}) },
    });
    return null;
  },
  closeCompare: () => {
    if (!get().compare) return;
    set({ compare: null });
    // The single view draws its model again (the compare view had the canvas).
    const target = get().viewportTarget;
    if (target && target.content !== 'image' && get().viewportState !== 'error') get().setViewportStatus(target.key, 'loading');
  },
  setCompareMode: (mode) => {
    const c = get().compare;
    if (c && c.mode !== mode) set({ compare: { ...c, mode } });
  },

  loadKeptTakes: async () => {
    try {
      const res = await bridge().api.jobs.keptTakes({});
      if (res.ok) set({ keptTakes: res.value });
    } catch {
      // No host (a test without a bridge): nothing is kept.
    }
  },
  keepTake: async (setId, localId) => {
    // Shown at once; the host's answer is the truth.
    const optimistic = { ...get().keptTakes };
    if (localId) optimistic[setId] = localId;
    else delete optimistic[setId];
    set({ keptTakes: optimistic });
    try {
      const res = await bridge().api.jobs.keep({ setId, localId });
      if (res.ok) set({ keptTakes: res.value });
    } catch {
      // Kept for this session only.
    }
  },
});
