import { describe, expect, it } from 'vitest';
import { rowThumbnail, type ThumbnailChoice, type ThumbnailRow } from './row-thumbnail';

const ready = { state: 'ready', format: 'png' } as const;
const readyGlb = { state: 'ready', format: 'glb' } as const;

const history: ThumbnailRow[] = [
  { localId: 'img-local', kind: 'text-to-image', parentJobId: undefined, asset: { ...ready } },
  { localId: 'upload-local', kind: 'image-upload', request: { file: { name: 'owl-front.png' } } },
  { localId: 'model-local', kind: 'text-to-3d', asset: { ...readyGlb, hasThumbnail: true } },
  { localId: 'pending-img-local', kind: 'text-to-image' },
];
const upstream: Record<string, string> = { 'job-img': 'img-local', 'job-upload': 'upload-local', 'job-model': 'model-local', 'job-pending-img': 'pending-img-local' };
const find = (jobId: string) => history.find((j) => j.localId === upstream[jobId]);

describe('a history row shows the image a job was made from until its own picture exists', () => {
  it.each<[string, ThumbnailRow, ThumbnailChoice | undefined]>([
    ['a finished model: its own thumbnail', { localId: 'a', kind: 'image-to-3d', request: { file: { name: 'chair.png' } }, asset: { ...readyGlb, hasThumbnail: true } }, { localId: 'a', variant: 'thumbnail' }],
    ['image to 3D from a dropped file, still running: the file', { localId: 'a', kind: 'image-to-3d', request: { file: { name: 'chair.PNG' } } }, { localId: 'a', variant: 'source' }],
    ['multi-image to 3D: the first view given', { localId: 'a', kind: 'multi-image-to-3d', request: { frontImage: { name: 'front.webp' }, leftImage: { name: 'left.jpg' } } }, { localId: 'a', variant: 'source' }],
    ['a file that is not an image is no picture', { localId: 'a', kind: 'retexture', request: { file: { name: 'chair.glb' } } }, undefined],
    ['image to 3D from a text-to-image result: that image', { localId: 'a', kind: 'image-to-3d', parentJobId: 'job-img' }, { localId: 'img-local', variant: 'asset' }],
    ['from an upload: the uploaded file', { localId: 'a', kind: 'image-to-3d', parentJobId: 'job-upload' }, { localId: 'upload-local', variant: 'source' }],
    ['skybox from an image result, failed: still that image', { localId: 'a', kind: 'skybox-from-image', parentJobId: 'job-img', asset: { state: 'unavailable', format: 'png' } }, { localId: 'img-local', variant: 'asset' }],
    ["a retexture of a model: not the source model's picture", { localId: 'a', kind: 'retexture', parentJobId: 'job-model' }, undefined],
    ['a source image not downloaded yet: the icon', { localId: 'a', kind: 'image-to-3d', parentJobId: 'job-pending-img' }, undefined],
    ['a source no longer in the history: the icon', { localId: 'a', kind: 'image-to-3d', parentJobId: 'job-gone' }, undefined],
    ['a finished image: the image itself', { localId: 'a', kind: 'image-edit', parentJobId: 'job-img', asset: { ...ready } }, { localId: 'a', variant: 'asset' }],
    ['text to 3D running: the icon', { localId: 'a', kind: 'text-to-3d' }, undefined],
  ])('%s', (_case, job, expected) => {
    expect(rowThumbnail(job, find)).toEqual(expected);
  });
});
