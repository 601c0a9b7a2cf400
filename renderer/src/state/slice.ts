/** The slice-creator type every slice uses, so slices can read each other through get(). */
import type { StateCreator } from 'zustand';
import type { StoreState } from './store';

export type SliceCreator<T> = StateCreator<StoreState, [], [], T>;
