import { describe, expect, it } from 'vitest';
import { fromGlb, modelDocument, toGlb } from '../generate/gltf';
import { buildMesh } from '../generate/mesh-builder';
import { shapeParts } from '../generate/shapes';
import { readGlb, triangles, validateGlb } from '../test/support';
import { produceAsset } from './produce';
import { triangleComponents } from './components';

describe('connected components', () => {
  it('finds separate pieces of an index list', () => {
    // Two triangles sharing an edge, and one on its own.
    const groups = triangleComponents([0, 1, 2, 2, 1, 3, 4, 5, 6], 7);
    expect(groups).toEqual([[0, 1], [2]]);
  });

  it('split-to-parts splits a model without a part list into its pieces', async () => {
    const built = buildMesh(shapeParts('table', 'oak'), 1_000);
    const doc = modelDocument(built, { name: 'table', texturePng: null });
    // Forget the part list, as an uploaded model would have none.
    doc.getRoot().listMeshes()[0]!.setExtras({});
    const source = await toGlb(doc);
    const job = { id: 'j', kind: 'split-to-parts', genParams: { jobId: 's' }, uploads: {} } as never;
    const asset = await produceAsset({ job, upload: () => undefined, source: async () => source });
    const out = await readGlb(asset!.bytes);
    expect(out.getRoot().listMeshes()).toHaveLength(5);
    expect(triangles(out)).toBe(triangles(await fromGlb(source)));
    expect((await validateGlb(asset!.bytes)).messages).toEqual([]);
  });
});
