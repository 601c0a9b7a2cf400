/**
 * Edit image's references are fetched by the service from a web address. The
 * app's own image results have one (published beside the models at
 * `{storage_url}/jobs/{jobId}.png`, the catalogue's asset convention), so each
 * can be a reference in one click; a file on this computer has no address, so
 * it cannot, and the form says so.
 */
import { assetUrl } from '../../../../shared/api';
import type { JobSummary } from '../../../../shared/domain/job';
import { jobTitle, sourceJobsFor } from './selectors';

/** Results the service published at the storage URL (an image upload is not published, so it has no address to give). */
export const PUBLISHED_IMAGE_KINDS = ['text-to-image', 'sketch-to-image', 'image-edit'] as const;

/** The role a reference added in one click starts with; the row's Role menu changes it. */
export const DEFAULT_REFERENCE_ROLE = 'style';

export const LOCAL_FILE_NOT_A_REFERENCE =
  'A file on this computer cannot be a reference: the service fetches each reference from its web address, and a file here has none. Use an image you made here (above), or paste the address of an image that is online.';

export interface ReferenceCandidate {
  localId: string;
  url: string;
  title: string;
  hasThumbnail: boolean;
}

/** The user's finished image results with their public address, newest first; none without a storage URL. */
export function referenceCandidates(jobs: readonly JobSummary[], storageUrl: string | undefined): ReferenceCandidate[] {
  if (!storageUrl) return [];
  return sourceJobsFor(jobs, { sourceKinds: [...PUBLISHED_IMAGE_KINDS] }).map((j) => ({
    localId: j.localId,
    url: assetUrl(storageUrl, j.jobId!, 'png'),
    title: jobTitle(j),
    hasThumbnail: j.asset?.hasThumbnail === true,
  }));
}

export type ReferenceItem = Record<string, unknown>;

/**
 * The references after adding `url`: appended with the default role, filling
 * an empty row first; unchanged when it is already a reference.
 */
export function addReference(items: readonly ReferenceItem[], url: string): ReferenceItem[] {
  if (items.some((it) => it.url === url)) return [...items];
  const blank = items.findIndex((it) => !it.url);
  if (blank >= 0) return items.map((it, i) => (i === blank ? { ...it, url, kind: it.kind ?? DEFAULT_REFERENCE_ROLE } : it));
  return [...items, { url, kind: DEFAULT_REFERENCE_ROLE }];
}
