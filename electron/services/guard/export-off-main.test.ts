import { afterAll, describe, expect, it } from 'vitest';
import { writeModel } from '../export/model-outputs';
import { checkPool } from './check-pool';
import { triangleGlb } from './crafted-files';
import { writeModelOffMain } from './export-off-main';

afterAll(() => checkPool().dispose());

describe('an export writes its files off main only when there is work to do', () => {
  it('a plain GLB (no collision, no LODs) is the copy as it is: same files as the writer, and no thread started', async () => {
    const glb = triangleGlb();
    const extras = { collision: 'none', upAxis: 'y' } as const;
    const written = await writeModelOffMain(glb, ['glb'], 'crate', extras);
    expect(written).toEqual(await writeModel(undefined as never, glb, ['glb'], 'crate', extras));
    expect(checkPool().threads).toBe(0);
  });

  it('other formats go to a checking process', async () => {
    const written = await writeModelOffMain(new Uint8Array(triangleGlb()), ['stl'], 'crate', { collision: 'none', upAxis: 'y' });
    expect(written.outputs.map((o) => o.suffix)).toEqual(['.stl']);
    expect(checkPool().threads).toBeGreaterThan(0);
  });
});
