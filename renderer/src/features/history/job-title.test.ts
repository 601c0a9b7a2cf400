import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../../../shared/domain/job';
import { jobDisplayTitle } from './job-title';

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
