import { describe, expect, it } from 'vitest';
import { wantsDrawnThumbnail } from './import-thumbnails';

describe('which assets the window draws a picture of', () => {
  it.each([
    [{ source: 'imported', mediaKind: 'model', hasThumbnail: false, fileName: 'Fox.GLB' }, true],
    [{ source: 'imported', mediaKind: 'model', hasThumbnail: true, fileName: 'fox.glb' }, false],
    // OBJ, STL and glTF files are kept, but the viewport's loader reads GLB only.
    [{ source: 'imported', mediaKind: 'model', hasThumbnail: false, fileName: 'fox.obj' }, false],
    // Pictures are thumbnailed by main; generated models by the history.
    [{ source: 'imported', mediaKind: 'image', hasThumbnail: false, fileName: 'a.png' }, false],
    [{ source: 'generated', mediaKind: 'model', hasThumbnail: false, fileName: 'model.glb' }, false],
  ] as const)('%o → %s', (asset, wanted) => {
    expect(wantsDrawnThumbnail(asset)).toBe(wanted);
  });
});
