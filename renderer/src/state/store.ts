/**
 * One zustand store composed of slices. Each slice lives in ./slices and is
 * owned by its feature; middleware (none yet) goes only here, at the root.
 * The store holds ids and plain data, never three.js objects.
 */
import { create } from 'zustand';
import { createBatchSlice, type BatchSlice } from './slices/batch';
import { createCompareSlice, type CompareSlice } from './slices/compare';
import { createGenerateSlice, type GenerateSlice } from './slices/generate';
import { createJobsSlice, type JobsSlice } from './slices/jobs';
import { createLibrarySlice, type LibrarySlice } from './slices/library';
import { createSettingsSlice, type SettingsSlice } from './slices/settings';
import { createUiSlice, type UiSlice } from './slices/ui';
import { createViewportSlice, type ViewportSlice } from './slices/viewport';

export type StoreState = JobsSlice & ViewportSlice & SettingsSlice & UiSlice & GenerateSlice & BatchSlice & CompareSlice & LibrarySlice;

export const useStore = create<StoreState>()((...a) => ({
  ...createJobsSlice(...a),
  ...createViewportSlice(...a),
  ...createSettingsSlice(...a),
  ...createUiSlice(...a),
  ...createGenerateSlice(...a),
  ...createBatchSlice(...a),
  ...createCompareSlice(...a),
  ...createLibrarySlice(...a),
}));
