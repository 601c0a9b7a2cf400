/**
 * What a history row shows as its picture. A job's own thumbnail once it
 * exists; until then a job made from an image shows that image, so a row of
 * "Image to 3D" jobs can be told apart before their models arrive: an image
 * job's own result, else the image file the request carried (served by the
 * host as the job's `source`), else the image of the job it was made from
 * (when that is an image: its result or its own source file; a source model's
 * picture is not shown as this job's). Undefined: the kind's icon.
 * Pure: the row applies it.
 */
import type { JobSummary } from '../../../../shared/domain/job';
import { producesOf } from '../../domain/history/history-model';

export type ThumbnailVariant = 'asset' | 'thumbnail' | 'source';

/** Which job's file, through the host's asset URL (`assets/<localId>/<variant>`). */
export interface ThumbnailChoice {
  localId: string;
  variant: ThumbnailVariant;
}

export type ThumbnailRow = Pick<JobSummary, 'localId' | 'kind' | 'request' | 'parentJobId' | 'asset'>;

const IMAGE_FILE = /\.(png|jpe?g|webp)$/i;

/** The first image file the request names (listed requests keep file fields as `{ name }`). */
export function sourceImageName(request: Record<string, unknown> | undefined): string | undefined {
  for (const value of Object.values(request ?? {})) {
    const name = (value as { name?: unknown } | null)?.name;
    if (typeof name === 'string' && IMAGE_FILE.test(name)) return name;
  }
  return undefined;
}

function pictureOf(job: ThumbnailRow, findByJobId: (jobId: string) => ThumbnailRow | undefined, depth: number, own: boolean): ThumbnailChoice | undefined {
  const image = producesOf(job.kind) === 'image';
  // A source model's picture is not this job's: a retexture shows its icon until its own model exists.
  if (job.asset?.hasThumbnail && (own || image)) return { localId: job.localId, variant: 'thumbnail' };
  if (image && job.asset?.state === 'ready') return { localId: job.localId, variant: 'asset' };
  if (sourceImageName(job.request)) return { localId: job.localId, variant: 'source' };
  const parent = depth > 0 && job.parentJobId ? findByJobId(job.parentJobId) : undefined;
  return parent ? pictureOf(parent, findByJobId, depth - 1, false) : undefined;
}

/** `findByJobId` finds a job of the history by its upstream id (the source a chained job names). */
export function rowThumbnail(job: ThumbnailRow, findByJobId: (jobId: string) => ThumbnailRow | undefined = () => undefined): ThumbnailChoice | undefined {
  return pictureOf(job, findByJobId, 2, true);
}
