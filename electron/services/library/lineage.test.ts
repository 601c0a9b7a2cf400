import { describe, expect, it } from 'vitest';
import { mediaKindOf, relationOf } from './lineage';
import { normaliseTags } from './tags';

describe('relationOf: how a child was made, from its job kind', () => {
  it.each([
    ['image-to-3d', 'image-to-3d'],
    ['multi-image-to-3d', 'multi-image-to-3d'],
    ['retexture', 'retexture'],
    ['split-to-parts', 'split'],
    ['auto-rig', 'rig'],
    ['animate', 'animate'],
    ['image-edit', 'edit'],
    ['skybox-edit', 'edit'],
    ['skybox-from-image', 'skybox-from-image'],
    ['text-to-3d', 'derived'],
    [null, 'derived'],
  ])('%s → %s', (kind, relation) => expect(relationOf(kind)).toBe(relation));
});

describe('mediaKindOf: what a finished job leaves in the library', () => {
  it.each([
    ['text-to-3d', 'model'],
    ['split-to-parts', 'model'],
    ['animate', 'model'],
    ['text-to-image', 'image'],
    ['image-upload', 'image'],
    ['text-to-worldbox', 'skybox'],
    ['skybox-from-image', 'skybox'],
  ] as const)('%s → %s', (kind, media) => expect(mediaKindOf(kind)).toBe(media));
});

describe('normaliseTags', () => {
  it.each([
    [['props'], ['props']],
    [['  wooden   props '], ['wooden props']],
    [['Props', 'props', 'PROPS'], ['Props']],
    [['a,b'], ['a b']],
    [['', '   '], []],
    [['x'.repeat(80)], ['x'.repeat(60)]],
  ])('%j → %j', (raw, tags) => expect(normaliseTags(raw)).toEqual(tags));
});
