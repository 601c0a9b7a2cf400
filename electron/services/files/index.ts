/** File staging: `files:stagePath`, `files:stageBytes`, `files:get`; and the header check of a dropped HDR panorama. */
import { gateFor } from '../allowed-roots';
import type { ChannelsOf, HandlersFor } from '../contracts';
import { StagingArea } from './staging';
import { ok, fail } from '../../../shared/ipc';
import { panoramaVerdict } from '../guard/panorama';

export { StagingArea } from './staging';
export { setupImageUploads, setupJobImageStaging } from './image-upload';

export interface FilesDeps {
  dataDir: string;
  /** The browser shell reads only inside this folder and the data folder; defaults to os.homedir(). */
  homeDir?: string;
}

/** The files channels but the preview copy (the preview service) and the image upload (./image-upload, which needs the engine). */
export type FilesChannel = Exclude<ChannelsOf<'files'>, 'files:previewCopy' | 'files:imageUpload' | 'files:stageJobImage'>;

export function setupFiles(deps: FilesDeps): { handlers: HandlersFor<FilesChannel>; staging: StagingArea; dispose(): Promise<void> } {
  const staging = new StagingArea(deps.dataDir);
  const handlers: HandlersFor<FilesChannel> = {
    'files:stagePath': async ({ path }, ctx) => {
      if (ctx.shell !== 'web') return staging.stagePath(path);
      // The browser shell's allowed folders, judged by the real path now (allowed-roots.ts); the real file is what is read.
      const real = await gateFor(ctx, deps.dataDir, deps.homeDir).check(path);
      return real.ok ? staging.stagePath(real.value) : real;
    },
    'files:stageBytes': async ({ name, data }) => staging.stageBytes(name, data),
    'files:get': async ({ id }) => staging.get(id),
    // Only the header's few bytes are read, here on main: no decoding, no allocation the file declares.
    'files:checkPanorama': async ({ name, size, head }) => {
      const verdict = panoramaVerdict(Buffer.from(head, 'latin1'), size);
      return verdict.ok ? ok({ width: verdict.width, height: verdict.height }) : fail('refused', `${name}: ${verdict.reason}`);
    },
  };
  return { handlers, staging, dispose: async () => {} };
}
