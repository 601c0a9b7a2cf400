import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../../../shared/domain/job';
import { jobDisplayTitle, rowTitle } from './job-title';

type J = Pick<JobSummary, 'title' | 'prompt' | 'kind' | 'request'>;

describe('a job title never just names the kind when something better is known', () => {
  it.each<[string, J, string]>([
    ["the service's own title", { kind: 'text-to-3d', title: 'Bronze helmet', prompt: 'a bronze helmet' }, 'Bronze helmet'],
    ['an upload titled by its kind shows its file name', { kind: 'image-upload', title: 'Upload image', request: { file: { name: 'owl-front.png' } } }, 'owl-front.png'],
    ['no title: the prompt', { kind: 'text-to-image', title: '', prompt: 'a red kite' }, 'a red kite'],
    ['image to 3D from a file, untitled', { kind: 'image-to-3d', title: '', request: { file: { name: 'chair.jpg' } } }, 'chair.jpg'],
    ['nothing else known: the kind', { kind: 'retexture', title: '' }, 'Retexture'],
  ])('%s', (_case, job, expected) => {
    expect(jobDisplayTitle(job)).toBe(expected);
  });
});

type R = J & Pick<JobSummary, 'jobId' | 'localId'>;

describe("a history row's title is never just the kind", () => {
  const upload: J = { kind: 'image-upload', title: 'Upload image', request: { file: { name: 'owl-front.png' } } };
  const kite: J = { kind: 'text-to-image', title: '', prompt: 'a red kite' };
  const bareImage: J = { kind: 'text-to-image', title: 'Text to image' };
  it.each<[string, R, J | undefined, string]>([
    ['its own prompt first', { kind: 'text-to-3d', title: '', prompt: 'a bronze helmet', localId: 'l1' }, undefined, 'a bronze helmet'],
    ['image to 3D from a dropped file: the file name', { kind: 'image-to-3d', title: 'Image to 3D', request: { file: { name: 'chair.jpg' } }, localId: 'l1' }, undefined, 'chair.jpg'],
    ['image to 3D from an upload: the upload\'s file name', { kind: 'image-to-3d', title: 'Image to 3D', jobId: 'job-9', localId: 'l1' }, upload, 'Image to 3D of owl-front.png'],
    ['skybox from a generated image: its prompt', { kind: 'skybox-from-image', title: '', localId: 'l1' }, kite, 'Skybox from image of a red kite'],
    ['a source that is only a kind itself: the job id', { kind: 'image-to-3d', title: '', jobId: 'a1b2c3d4e5f6', localId: 'l1' }, bareImage, 'Image to 3D · a1b2c3d4'],
    ['not sent yet, nothing known: the local id', { kind: 'retexture', title: '', localId: 'loc-7788990011' }, undefined, 'Retexture · loc-7788'],
  ])('%s', (_case, job, source, expected) => {
    expect(rowTitle(job, source)).toBe(expected);
  });
});
