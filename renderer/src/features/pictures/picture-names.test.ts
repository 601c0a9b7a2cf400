/** A turntable's or still's download is named after the asset, as the model's Save as… is, never after the kind ("Image to 3D"). */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../../../shared/domain/job';
import { pictureAssetName, pictureFileName } from './make-picture';

const job = (patch: Partial<JobSummary>) => ({ kind: 'text-to-3d', title: '', localId: 'local-1', ...patch }) as JobSummary;

describe('picture download names', () => {
  it.each([
    ['an Image to 3D job, by the photo it was made from', { name: 'Image to 3D' }, job({ kind: 'image-to-3d', request: { image: { name: 'photo_chest.png' } } }), 'still', 'png', 'photo_chest_still.png'],
    ['a model by its title', { name: 'Bronze Helmet' }, job({ title: 'Bronze Helmet' }), 'turntable', 'webm', 'Bronze-Helmet_turntable.webm'],
    ['a model by its prompt when the service gave no title', { name: 'Text to 3D' }, job({ prompt: 'a carved wooden totem pole' }), 'turntable', 'gif', 'a-carved-wooden-totem-pole_turntable.gif'],
    ['a dropped file by its own name', { name: 'Fox.glb' }, undefined, 'still', 'png', 'Fox_still.png'],
  ] as const)('%s', (_case, target, j, kind, format, expected) => {
    expect(pictureFileName(pictureAssetName(target, j), kind, format)).toBe(expected);
  });
});
