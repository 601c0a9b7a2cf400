/**
 * Where a finished job's asset is published.
 *
 * The spec names `{storage_url}/jobs/{jobId}.glb` for every 3D endpoint. It
 * does not say where 2D images and skyboxes go. ASSUMPTION (the one place it
 * is made; the sandbox and the client both read it): they are published
 * beside the GLBs as `{storage_url}/jobs/{jobId}.png`.
 */
import { ENDPOINTS, type EndpointId, type Produces } from './catalogue';

export type AssetFormat = 'glb' | 'png';

export function assetFormatFor(produces: Produces): AssetFormat | null {
  switch (produces) {
    case 'model':
    case 'parts':
    case 'motion':
      return 'glb';
    case 'image':
    case 'skybox':
      return 'png';
    case 'none':
      return null;
  }
}

export function assetFormatOfKind(kind: EndpointId): AssetFormat | null {
  return assetFormatFor(ENDPOINTS[kind].produces);
}

/**
 * What the app keeps and shows for a finished job of this kind: what the
 * endpoint produces, except an image upload, which produces nothing on the
 * service but whose image the app keeps as the job's asset (a PNG copy).
 */
export function shownOfKind(kind: EndpointId): Produces {
  return kind === 'image-upload' ? 'image' : ENDPOINTS[kind].produces;
}

/** Public URL of a job's asset; needs no authentication. */
export function assetUrl(storageUrl: string, jobId: string, format: AssetFormat): string {
  return `${storageUrl.replace(/\/+$/, '')}/jobs/${encodeURIComponent(jobId)}.${format}`;
}

/** The path part of {@link assetUrl}, for servers that publish assets. */
export const ASSET_PATH_PATTERN = /^\/jobs\/([^/]+)\.(glb|png)$/;
