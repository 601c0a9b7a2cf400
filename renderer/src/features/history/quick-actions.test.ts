import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../../../shared/domain/job';
import { quickActionsFor } from './quick-actions';

type J = Pick<JobSummary, 'kind' | 'state' | 'asset'>;
const ready = { state: 'ready', format: 'png' } as JobSummary['asset'];

describe('one-click actions on a history row', () => {
  it.each<[string, J, string[]]>([
    ['a failed model: Retry', { kind: 'text-to-3d', state: 'error' }, ['retry']],
    ['a refused request: Retry', { kind: 'image-edit', state: 'rejected' }, ['retry']],
    ['a finished model: Generate again', { kind: 'text-to-3d', state: 'success', asset: { state: 'ready', format: 'glb' } }, ['generate-again']],
    ['a finished image: make a model or a skybox from it, or generate again', { kind: 'text-to-image', state: 'success', asset: ready }, ['make-model', 'make-skybox', 'generate-again']],
    ['an image still downloading: not yet', { kind: 'sketch-to-image', state: 'success', asset: { state: 'downloading', format: 'png' } }, ['generate-again']],
    ['an upload: make from it, but nothing to generate again', { kind: 'image-upload', state: 'success', asset: ready }, ['make-model', 'make-skybox']],
    ['a skybox is not an image to model from', { kind: 'text-to-worldbox', state: 'success', asset: ready }, ['generate-again']],
    ['running: nothing', { kind: 'text-to-3d', state: 'running' }, []],
  ])('%s', (_case, job, expected) => {
    expect(quickActionsFor(job)).toEqual(expected);
  });
});
