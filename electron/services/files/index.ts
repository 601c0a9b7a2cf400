/** File staging: `files:stagePath`, `files:stageBytes`, `files:get`. */
import type { PartialHandlers } from '../contracts';
import { StagingArea } from './staging';

export { StagingArea } from './staging';

export interface FilesDeps {
  dataDir: string;
}

export function setupFiles(deps: FilesDeps): { handlers: PartialHandlers; staging: StagingArea; dispose(): Promise<void> } {
  const staging = new StagingArea(deps.dataDir);
  const handlers: PartialHandlers = {
    'files:stagePath': async ({ path }) => staging.stagePath(path),
    'files:stageBytes': async ({ name, data }) => staging.stageBytes(name, data),
    'files:get': async ({ id }) => staging.get(id),
  };
  return { handlers, staging, dispose: async () => {} };
}
