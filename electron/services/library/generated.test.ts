/**
 * The library over a real engine: jobs run on the built-in sandbox, their
 * records written by the engine's own store, appear as assets with their
 * lineage, without the library being told anything but the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineWithFinishedJobs, type FinishedJobs } from '../jobs/test/finished-jobs';
import { setupLibrary, type Library } from './index';

let jobs: FinishedJobs;
let library: Library;
const events: { name: string; payload: unknown }[] = [];
const ctx = { shell: 'electron' as const };

beforeAll(async () => {
  jobs = await engineWithFinishedJobs({
    seed: 26,
    requests: [
      { kind: 'text-to-3d', fields: { prompt: 'a carved walnut rocking chair' } },
      { kind: 'text-to-image', fields: { prompt: 'a lighthouse poster at dusk' } },
    ],
  });
  library = setupLibrary({ dataDir: jobs.dataDir, engine: jobs.engine, events: { emit: (name, payload) => events.push({ name, payload }) } });
}, 60_000);

afterAll(async () => {
  await library?.dispose();
  await jobs?.stop();
});

describe('generated assets from the engine’s own records', () => {
  it('finds finished jobs by words of their prompts, with their files', async () => {
    const res = await library.handlers['library:search']({ query: 'walnut rock', offset: 0, limit: 10 }, ctx);
    expect(res.ok && res.value.items.map((a) => [a.localId, a.mediaKind, a.generationKind])).toEqual([[jobs.ids[0], 'model', 'text-to-3d']]);
    const chair = res.ok ? res.value.items[0]! : undefined;
    expect(chair?.bytes).toBeGreaterThan(0);
    expect(library.files.assetPath(chair!.localId!)).toBe(jobs.engine.assetPath(jobs.ids[0]!));
  });

  it('a retexture of the chair made now shows as its descendant', async () => {
    const chair = jobs.engine.get(jobs.ids[0]!)!;
    const submitted = await jobs.engine.submit({ kind: 'retexture', fields: { jobId: chair.jobId, prompt: 'dark oak with brass studs' } });
    if (!submitted.ok) throw new Error(submitted.problem.message);
    await jobs.engine.waitFor(submitted.value.localId);
    const detail = await library.handlers['library:get']({ id: chair.jobId! }, ctx);
    expect(detail.ok && detail.value.descendants.map((l) => [l.relation, l.asset.localId])).toEqual([['retexture', submitted.value.localId]]);
    library.refresh();
    expect(events.some((e) => e.name === 'library:changed' && (e.payload as { ids: string[] }).ids.includes(`j_${submitted.value.localId}`))).toBe(true);
  }, 60_000);

  it('deleting a generated asset removes its job record and its cache folder, and says what it freed', async () => {
    const chairId = jobs.ids[0]!;
    const folder = path.dirname(jobs.engine.assetPath(chairId)!);
    expect(fs.existsSync(folder)).toBe(true);
    const res = await library.handlers['library:delete']({ ids: [`j_${chairId}`] }, ctx);
    expect(res.ok && res.value.deleted).toBe(1);
    expect(res.ok && res.value.freedBytes).toBeGreaterThan(1000);
    expect(fs.existsSync(folder)).toBe(false);
    expect(jobs.engine.list({ includeHidden: true }).map((j) => j.localId)).not.toContain(chairId);
    const found = await library.handlers['library:get']({ id: chairId }, ctx);
    expect(found.ok).toBe(false);
  });

  it('removing a job from the history hides its asset; the library still shows it when asked', async () => {
    await jobs.engine.remove([jobs.ids[1]!]);
    const visible = await library.handlers['library:search']({ query: 'lighthouse', offset: 0, limit: 10 }, ctx);
    expect(visible.ok && visible.value.total).toBe(0);
    const all = await library.handlers['library:search']({ query: 'lighthouse', includeHidden: true, offset: 0, limit: 10 }, ctx);
    expect(all.ok && all.value.items.map((a) => [a.localId, a.hidden])).toEqual([[jobs.ids[1], true]]);
  });
});
