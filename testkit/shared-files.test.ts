import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusFile, missingSharedFile, REPO_ROOT } from './shared-files';

const fox = corpusFile('gltf', 'Fox.glb');
const beside = path.resolve(REPO_ROOT, '..', 'shared', 'corpus', 'gltf', 'Fox.glb');

describe('a test that needs a file from ../shared', () => {
  it.each([
    ['present, under CI', true, '1', undefined],
    ['present, outside CI', true, undefined, undefined],
    ['missing, outside CI: skipped with the message', false, undefined, 'message'],
    ['missing, under CI: fails with the message', false, '1', 'throws'],
  ] as const)('%s', (_case, present, CI, outcome) => {
    const run = () => missingSharedFile(beside, 'the Fox journey', { CI }, () => present);
    if (outcome === 'throws') expect(run).toThrow(/the Fox journey needs \.\.\/shared\/corpus\/gltf\/Fox\.glb, which is missing.*Under CI/);
    else if (outcome === 'message') expect(run()).toMatch(/^the Fox journey needs \.\.\/shared\/corpus\/gltf\/Fox\.glb, which is missing/);
    else expect(run()).toBeUndefined();
  });

  it('names every missing file, and only those', () => {
    const spec = path.resolve(REPO_ROOT, '..', 'shared', 'spec', 'asset-generation-api.md');
    const message = missingSharedFile([beside, spec], 'the cross-check', {}, (f) => f === beside);
    expect(message).toContain('../shared/spec/asset-generation-api.md');
    expect(message).not.toContain('Fox.glb');
  });

  it('finds the corpus beside the checkout unless ASSET_STUDIO_CORPUS says otherwise', () => {
    expect(fox).toBe(process.env.ASSET_STUDIO_CORPUS ? path.resolve(REPO_ROOT, process.env.ASSET_STUDIO_CORPUS, 'gltf', 'Fox.glb') : beside);
  });
});
