/** Preview copies of models the page cannot decode as they are: `files:previewCopy`. */
import type { HandlersFor } from '../contracts';
import { PreviewService, type PreviewSources } from './preview-service';

export { PreviewService, type PreviewSources } from './preview-service';
export { makePreviewCopy, PreviewNotNeeded, PREVIEW_TEXTURE_MAX } from './transcode-glb';

export function setupPreview(sources: PreviewSources): { handlers: HandlersFor<'files:previewCopy'>; service: PreviewService; dispose(): Promise<void> } {
  const service = new PreviewService(sources);
  const handlers: HandlersFor<'files:previewCopy'> = {
    'files:previewCopy': async (args) => service.previewCopy(args),
  };
  return { handlers, service, dispose: () => service.dispose() };
}
