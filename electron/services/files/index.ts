/** File staging: `files:stagePath`, `files:stageBytes`, `files:get`. */
import type { ChannelsOf, HandlersFor } from '../contracts';
import { StagingArea } from './staging';

export { StagingArea } from './staging';

export interface FilesDeps {
  dataDir: string;
}

/** The files channels but the preview copy, which the preview service answers. */
export type FilesChannel = Exclude<ChannelsOf<'files'>, 'files:previewCopy'>;

export function setupFiles(deps: FilesDeps): { handlers: HandlersFor<FilesChannel>; staging: StagingArea; dispose(): Promise<void> } {
  const staging = new StagingArea(deps.dataDir);
  const handlers: HandlersFor<FilesChannel> = {
    'files:stagePath': async ({ path }) => staging.stagePath(path),
    'files:stageBytes': async ({ name, data }) => staging.stageBytes(name, data),
    'files:get': async ({ id }) => staging.get(id),
  };
  return { handlers, staging, dispose: async () => {} };
}
