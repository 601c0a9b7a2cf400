import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../../../shared/domain/job';
import { modelOptionsApply, saveAsName } from './save-as';

describe('export options that apply', () => {
  it.each([
    ['a skybox alone: no up axis, scale or pivot', ['text-to-worldbox'], false],
    ['an image alone', ['text-to-image'], false],
    ['a model', ['text-to-3d'], true],
    ['a selection with a model in it', ['skybox-edit', 'retexture'], true],
  ] as const)('%s', (_case, kinds, expected) => {
    expect(modelOptionsApply(kinds)).toBe(expected);
  });
});

describe('Save as… file names', () => {
  const job = (patch: Partial<JobSummary>) => ({ kind: 'text-to-3d', title: '', ...patch }) as JobSummary;
  it.each([
    ['a model by its title', job({ title: 'Bronze Helmet' }), 'Bronze-Helmet.glb'],
    ['a skybox is a PNG', job({ kind: 'text-to-worldbox', prompt: 'misty pines: dawn' }), 'misty-pines-dawn.png'],
    ['an upload keeps its name once', job({ kind: 'image-upload', title: 'Upload image', request: { file: { name: 'owl.png' } } }), 'owl.png'],
  ] as const)('%s', (_case, j, expected) => {
    expect(saveAsName(j)).toBe(expected);
  });
});
