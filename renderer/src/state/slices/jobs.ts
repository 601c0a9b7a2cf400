/** Jobs slice. Placeholder until its feature fills it in. */
import type { SliceCreator } from '../slice';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobsSlice {}

export const createJobsSlice: SliceCreator<JobsSlice> = () => ({});
