import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findStatic } from '../../static/files';
import { sourceImageFile } from './source-image';

const ref = (name: string, mime: string) => ({ name, size: 10, sha256: 'a'.repeat(64), mime, path: `/staged/${name}` });

describe("the image a job was made from is the request's first image file", () => {
  it.each<[string, Record<string, unknown> | undefined, string | undefined]>([
    ['image to 3D from a PNG', { file: ref('chair.png', 'image/png') }, '/staged/chair.png'],
    ['multi-image: the front view', { frontImage: ref('front.jpg', 'image/jpeg'), leftImage: ref('left.jpg', 'image/jpeg') }, '/staged/front.jpg'],
    ['a WebP', { file: ref('owl.webp', 'image/webp') }, '/staged/owl.webp'],
    ['a model file is no picture', { file: ref('chair.glb', 'model/gltf-binary') }, undefined],
    ['an HDR is not shown as a thumbnail', { file: ref('sky.hdr', 'image/vnd.radiance') }, undefined],
    ['a job id is not a file', { imageJobId: 'job-1', prompt: 'a chair' }, undefined],
    ['a listed name without its copy', { file: { name: 'chair.png' } }, undefined],
    ['no request', undefined, undefined],
  ])('%s', (_case, request, expected) => {
    expect(sourceImageFile(request)).toBe(expected);
  });
});

describe('the asset route serves a job\'s source image by local id only', () => {
  it('answers /assets/<localId>/source with the file, and nothing for a job without one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'as-source-'));
    const file = path.join(dir, 'chair.png');
    fs.writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const assets = { assetPath: () => undefined, thumbnailPath: () => undefined, sourceImagePath: (id: string) => (id === 'job-source-1' ? file : undefined) };
    try {
      expect(await findStatic(dir, assets, '/assets/job-source-1/source')).toMatchObject({ kind: 'asset', file, contentType: 'image/png' });
      expect(await findStatic(dir, assets, '/assets/job-other-2/source')).toBeUndefined();
      expect(await findStatic(dir, assets, '/assets/job-source-1/sources')).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
