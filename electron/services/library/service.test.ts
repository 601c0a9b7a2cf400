import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LibrarySearch } from '../../../shared/ipc/library';
import { openDatabase } from '../store/database';
import { fileRef, finishedRecord, testLibrary, type TestLibrary } from './test/records';

const ctx = { shell: 'electron' as const };
const open: TestLibrary[] = [];
function library(options?: Parameters<typeof testLibrary>[0]): TestLibrary {
  const lib = testLibrary(options);
  open.push(lib);
  return lib;
}
afterEach(() => {
  for (const lib of open.splice(0)) lib.close();
});

const page = (over: Partial<LibrarySearch> = {}): LibrarySearch => ({ offset: 0, limit: 50, ...over });

async function search(lib: TestLibrary, over: Partial<LibrarySearch> = {}) {
  const res = await lib.handlers['library:search'](page(over), ctx);
  if (!res.ok) throw new Error(res.problem.message);
  return res.value;
}
async function get(lib: TestLibrary, id: string) {
  const res = await lib.handlers['library:get']({ id }, ctx);
  if (!res.ok) throw new Error(res.problem.message);
  return res.value;
}

describe('generated assets follow the job records', () => {
  it('a finished job becomes an asset; unfinished jobs and uploads that keep nothing do not', async () => {
    const lib = library();
    lib.write(
      finishedRecord('text-to-3d', { localId: 'chair01', prompt: 'a carved oak chair' }),
      finishedRecord('text-to-3d', { localId: 'queued1', state: 'queued', asset: undefined, prompt: 'a queued lamp' }),
      finishedRecord('text-to-image', { localId: 'poster1', prompt: 'a poster of a lighthouse' }),
    );
    const result = await search(lib);
    expect(result.total).toBe(2);
    expect(result.items.map((a) => [a.id, a.mediaKind, a.source])).toEqual([
      ['j_poster1', 'image', 'generated'],
      ['j_chair01', 'model', 'generated'],
    ]);
    // A path on the app's own origin, which both shells serve.
    expect(result.items[0]).toMatchObject({ hasThumbnail: true, thumbnailUrl: '/assets/poster1/thumbnail' });
    // The queued job finishes later: its asset appears then.
    lib.write(finishedRecord('text-to-3d', { localId: 'queued1', prompt: 'a queued lamp' }));
    expect((await search(lib, { query: 'lamp' })).items.map((a) => a.id)).toEqual(['j_queued1']);
  });

  it('a record written again keeps what the user added, and hiding it in the history hides it here', async () => {
    const lib = library();
    const chair = finishedRecord('text-to-3d', { localId: 'chair02', prompt: 'oak chair' });
    lib.write(chair);
    await lib.handlers['library:tag']({ ids: ['j_chair02'], add: ['props'] }, ctx);
    await lib.handlers['library:setNote']({ id: 'j_chair02', note: 'for the tavern scene' }, ctx);
    lib.write({ ...chair, hidden: true, updatedAt: new Date().toISOString() });
    expect((await search(lib)).total).toBe(0);
    const hidden = await search(lib, { includeHidden: true });
    expect(hidden.items[0]).toMatchObject({ id: 'j_chair02', hidden: true, tags: ['props'] });
    expect((await get(lib, 'chair02')).note).toBe('for the tavern scene');
  });

  it('follows a record written again by an upsert or an INSERT OR REPLACE, keeping what the user added', async () => {
    const lib = library();
    const photo = finishedRecord('image-to-3d', { localId: 'again01', prompt: 'a chair', request: { file: fileRef('chair.png', 'sha-chair-photo') } });
    lib.write(photo);
    await lib.handlers['library:tag']({ ids: ['j_again01'], add: ['kept'] }, ctx);
    // The writer's conflict clause must not reach the triggers' own statements (an upsert once failed them).
    lib.write({ ...photo, prompt: 'a wooden chair', updatedAt: '2026-02-01T00:00:00.000Z' });
    lib.db.prepare('INSERT OR REPLACE INTO jobs (local_id, record, seq) VALUES (?, ?, 999)').run('again01', JSON.stringify({ ...photo, prompt: 'a carved wooden chair' }));
    const detail = await get(lib, 'again01');
    expect([detail.prompt, detail.tags]).toEqual(['a carved wooden chair', ['kept']]);
    expect((await search(lib, { query: 'carved' })).items.map((a) => a.id)).toEqual(['j_again01']);
  });

  it('a result names a job with no title by its prompt, once; its details keep the prompt', async () => {
    const lib = library();
    const prompt = 'a weathered oak lantern with brass rivets, '.repeat(4).trim();
    lib.write(finishedRecord('text-to-3d', { localId: 'lamp01', prompt }));
    const [cell] = (await search(lib, { query: 'lantern' })).items;
    expect(cell!.title).toBe(prompt);
    // Each keystroke's answer carries a page of these: the prompt is not sent a second time.
    expect(JSON.stringify(cell).split('brass rivets').length - 1).toBe(4);
    expect((await get(lib, 'lamp01')).prompt).toBe(prompt);
  });

  it('finds an asset by library id, local id and upstream job id', async () => {
    const lib = library();
    lib.write(finishedRecord('text-to-3d', { localId: 'chair03', jobId: 'up-777' }));
    for (const id of ['j_chair03', 'chair03', 'up-777']) expect((await get(lib, id)).id).toBe('j_chair03');
    const missing = await lib.handlers['library:get']({ id: 'nope-123' }, ctx);
    expect(missing.ok).toBe(false);
  });

  it('records written before the library first opened become assets too', async () => {
    const dataDir = (await import('./test/records')).tempDataDir();
    const db = openDatabase(dataDir);
    const { JOBS_PART, JOBS_SCHEMA } = await import('../jobs/store/schema');
    const { migrate } = await import('../store/database');
    migrate(db, JOBS_PART, JOBS_SCHEMA);
    const { writeJobRows } = await import('./test/job-rows');
    writeJobRows(db, [finishedRecord('text-to-3d', { localId: 'early01', prompt: 'an early robot' })]);
    const lib = library({ dataDir, db });
    expect((await search(lib, { query: 'robot' })).items.map((a) => a.id)).toEqual(['j_early01']);
  });
});

describe('search', () => {
  it('matches every word as a prefix over prompt, title, tags, note and file names', async () => {
    const lib = library();
    lib.write(
      finishedRecord('image-to-3d', { localId: 'photo01', prompt: '', title: 'Armchair', request: { file: fileRef('grandmas_chair.jpg', 'sha-photo') } }),
      finishedRecord('text-to-3d', { localId: 'wood001', prompt: 'a wooden barrel with iron bands' }),
      finishedRecord('text-to-3d', { localId: 'stone01', prompt: 'a stone well' }),
    );
    await lib.handlers['library:tag']({ ids: ['j_stone01'], add: ['Medieval village'] }, ctx);
    await lib.handlers['library:setNote']({ id: 'j_wood001', note: 'needs a darker stain' }, ctx);
    const ids = async (query: string) => (await search(lib, { query })).items.map((a) => a.id);
    expect(await ids('barr iro')).toEqual(['j_wood001']);
    expect(await ids('grandma')).toEqual(['j_photo01']);
    expect(await ids('armch')).toEqual(['j_photo01']);
    expect(await ids('medieval')).toEqual(['j_stone01']);
    expect(await ids('stain')).toEqual(['j_wood001']);
    expect(await ids('barrel stone')).toEqual([]);
    // Typed FTS syntax is only words: no error, no operator.
    expect(await ids('"barrel" * NEAR(')).toEqual([]);
    expect(await ids('"a" * barrel')).toEqual(['j_wood001']);
  });

  it('filters by kind, tag, collection, favourite and exported, pages and counts', async () => {
    const lib = library();
    for (let i = 0; i < 12; i++) lib.write(finishedRecord(i % 3 === 0 ? 'text-to-image' : 'text-to-3d', { localId: `many${String(i).padStart(3, '0')}`, prompt: `prop number ${i}` }));
    await lib.handlers['library:tag']({ ids: ['j_many001', 'j_many002'], add: ['hero', 'Props'] }, ctx);
    await lib.handlers['library:tag']({ ids: ['j_many002'], add: ['props'], remove: ['hero'] }, ctx);
    const collection = await lib.handlers['library:createCollection']({ name: 'Tavern' }, ctx);
    if (!collection.ok) throw new Error('no collection');
    await lib.handlers['library:addToCollection']({ collectionId: collection.value.id, ids: ['j_many004', 'j_many005'] }, ctx);
    await lib.handlers['library:setFavourite']({ id: 'j_many007', favourite: true }, ctx);

    expect((await search(lib, { mediaKinds: ['image'] })).total).toBe(4);
    expect((await search(lib, { tags: ['PROPS'] })).items.map((a) => a.id)).toEqual(['j_many002', 'j_many001']);
    expect((await search(lib, { tags: ['props', 'hero'] })).items.map((a) => a.id)).toEqual(['j_many001']);
    expect((await search(lib, { collectionId: collection.value.id })).items.map((a) => a.id)).toEqual(['j_many005', 'j_many004']);
    expect((await search(lib, { favourite: true })).items.map((a) => a.id)).toEqual(['j_many007']);
    expect((await search(lib, { exported: false })).total).toBe(12);
    const second = await search(lib, { limit: 5, offset: 5, sort: 'oldest' });
    expect(second.total).toBe(12);
    expect(second.items.map((a) => a.id)).toEqual(['j_many005', 'j_many006', 'j_many007', 'j_many008', 'j_many009']);
    const collections = await lib.handlers['library:collections']({}, ctx);
    expect(collections.ok && collections.value).toEqual([{ id: collection.value.id, name: 'Tavern', count: 2 }]);
    const facets = await lib.handlers['library:facets']({}, ctx);
    expect(facets.ok && facets.value.tags).toEqual([
      { tag: 'Props', count: 2 },
      { tag: 'hero', count: 1 },
    ]);
    expect(facets.ok && facets.value.mediaKinds).toEqual([
      { mediaKind: 'model', count: 8 },
      { mediaKind: 'image', count: 4 },
    ]);
  });
});

describe('orders and removals', () => {
  it('sorts by the name a cell shows (the prompt when the job has no title), and a job record removed takes its asset along', async () => {
    const lib = library();
    lib.write(
      finishedRecord('text-to-3d', { localId: 'sortz01', prompt: 'zebra statue' }),
      finishedRecord('text-to-3d', { localId: 'sorta01', title: 'Anvil', prompt: 'zzz' }),
      finishedRecord('text-to-image', { localId: 'sortm01', prompt: 'Mango crate' }),
    );
    expect((await search(lib, { sort: 'title' })).items.map((a) => a.title)).toEqual(['Anvil', 'Mango crate', 'zebra statue']);
    lib.db.prepare('DELETE FROM jobs WHERE local_id = ?').run('sortm01');
    const after = await search(lib, { sort: 'title' });
    expect(after.items.map((a) => a.id)).toEqual(['j_sorta01', 'j_sortz01']);
    expect(after.total).toBe(2);
  });
});

describe('facets and the title sort as the library changes', () => {
  it('counts a tag once per asset shown, hidden assets only when asked, spellings merged without regard to case', async () => {
    const lib = library();
    lib.write(
      finishedRecord('text-to-3d', { localId: 'oak0001', prompt: 'oak stool' }),
      finishedRecord('text-to-3d', { localId: 'oak0002', prompt: 'oak table' }),
      finishedRecord('text-to-3d', { localId: 'oak0003', prompt: 'oak bench', hidden: true }),
    );
    await lib.handlers['library:tag']({ ids: ['j_oak0001'], add: ['Oak'] }, ctx);
    await lib.handlers['library:tag']({ ids: ['j_oak0002', 'j_oak0003'], add: ['oak', 'tavern'] }, ctx);
    const shown = await lib.handlers['library:facets']({}, ctx);
    expect(shown.ok && shown.value.tags).toEqual([
      { tag: 'Oak', count: 2 },
      { tag: 'tavern', count: 1 },
    ]);
    const all = await lib.handlers['library:facets']({ includeHidden: true }, ctx);
    expect(all.ok && [all.value.total, all.value.tags]).toEqual([
      3,
      [
        { tag: 'Oak', count: 3 },
        { tag: 'tavern', count: 2 },
      ],
    ]);
  });

  it('an asset that arrives while the results are sorted by name takes its place among them', async () => {
    const lib = library();
    lib.write(finishedRecord('text-to-3d', { localId: 'name001', prompt: 'Barrel' }), finishedRecord('text-to-3d', { localId: 'name002', prompt: 'dagger' }));
    expect((await search(lib, { sort: 'title' })).items.map((a) => a.title)).toEqual(['Barrel', 'dagger']);
    lib.write(finishedRecord('text-to-3d', { localId: 'name003', prompt: 'Crate' }));
    expect((await search(lib, { sort: 'title' })).items.map((a) => a.title)).toEqual(['Barrel', 'Crate', 'dagger']);
    // Renamed, it moves by its new name; two changed at once each take theirs.
    lib.write(finishedRecord('text-to-3d', { localId: 'name001', prompt: 'Barrel', title: 'Zinc barrel' }), finishedRecord('text-to-3d', { localId: 'name003', prompt: 'Crate', title: 'apple crate' }));
    expect((await search(lib, { sort: 'title' })).items.map((a) => a.title)).toEqual(['apple crate', 'dagger', 'Zinc barrel']);
  });
});

describe('lineage', () => {
  it('image upload → image to 3D → retexture → split, each way, nearest first', async () => {
    const lib = library();
    lib.write(
      finishedRecord('image-upload', { localId: 'upload1', jobId: 'J-up', title: 'photo.png' }),
      finishedRecord('image-to-3d', { localId: 'model01', jobId: 'J-model', parentJobId: 'J-up', request: { imageJobId: 'J-up' } }),
      finishedRecord('retexture', { localId: 'retex01', jobId: 'J-retex', parentJobId: 'J-model', request: { jobId: 'J-model' } }),
      finishedRecord('split-to-parts', { localId: 'parts01', jobId: 'J-parts', parentJobId: 'J-retex', request: { jobId: 'J-retex' } }),
    );
    const retex = await get(lib, 'j_retex01');
    expect(retex.sources.map((l) => [l.relation, l.asset.id])).toEqual([
      ['retexture', 'j_model01'],
      ['image-to-3d', 'j_upload1'],
    ]);
    expect(retex.descendants.map((l) => [l.relation, l.asset.id])).toEqual([['split', 'j_parts01']]);
    const upload = await get(lib, 'J-up');
    expect(upload.descendants.map((l) => [l.relation, l.asset.id])).toEqual([
      ['image-to-3d', 'j_model01'],
      ['retexture', 'j_retex01'],
      ['split', 'j_parts01'],
    ]);
  });

  it('"Make a 3D model" from an image made here: three assets for three things made, the upload only a step of lineage', async () => {
    const lib = library();
    const owl = fileRef('Carved wooden owl.png', 'sha-owl-image');
    lib.write(
      finishedRecord('text-to-image', { localId: 'owlimg1', jobId: 'J-owl', prompt: 'a carved wooden owl', asset: { state: 'ready', format: 'png', attempts: 1, sha256: 'sha-owl-image', hasThumbnail: true } }),
      finishedRecord('image-upload', { localId: 'owlup01', jobId: 'J-owl-up', request: { file: owl } }),
      finishedRecord('image-to-3d', { localId: 'owl3d01', jobId: 'J-owl-3d', parentJobId: 'J-owl-up', request: { imageJobId: 'J-owl-up' } }),
      finishedRecord('retexture', { localId: 'owlrtx1', jobId: 'J-owl-rtx', parentJobId: 'J-owl-3d', prompt: 'bright folk colours', request: { jobId: 'J-owl-3d' } }),
    );
    const all = await search(lib);
    expect(all.items.map((a) => a.id)).toEqual(['j_owlrtx1', 'j_owl3d01', 'j_owlimg1']);
    expect(all.total).toBe(3);
    expect((await search(lib, { query: 'owl' })).items.map((a) => a.id)).toEqual(['j_owlimg1']);
    const facets = await lib.handlers['library:facets']({}, ctx);
    expect(facets.ok && [facets.value.total, facets.value.mediaKinds]).toEqual([3, [{ mediaKind: 'model', count: 2 }, { mediaKind: 'image', count: 1 }]]);
    // The model still reads as made from the image (the renderer folds the upload step away).
    const retex = await get(lib, 'owlrtx1');
    expect(retex.sources.map((l) => l.asset.id)).toEqual(['j_owl3d01', 'j_owlup01', 'j_owlimg1']);

    // A photo of the artist's own, uploaded and held nowhere else in the library, is an asset: it is where their picture is.
    lib.write(finishedRecord('image-upload', { localId: 'photo01', jobId: 'J-photo', request: { file: fileRef('my chair photo.png', 'sha-my-photo') } }));
    expect((await search(lib, { query: 'chair photo' })).items.map((a) => a.id)).toEqual(['j_photo01']);
    // And once the image made here is deleted, its upload is the only place that picture is: it shows again.
    await lib.handlers['library:delete']({ ids: ['j_owlimg1'] }, ctx);
    expect((await search(lib)).items.map((a) => a.id)).toEqual(['j_photo01', 'j_owlrtx1', 'j_owl3d01', 'j_owlup01']);
  });

  it('a skybox made from an image, and a model made from a file its request carried', async () => {
    const lib = library();
    lib.write(
      finishedRecord('text-to-image', { localId: 'image01', jobId: 'J-img', asset: { state: 'ready', format: 'png', attempts: 1, sha256: 'sha-image01' } }),
      finishedRecord('skybox-from-image', { localId: 'sky0001', jobId: 'J-sky', parentJobId: 'J-img' }),
      finishedRecord('image-to-3d', { localId: 'fromfil', request: { file: fileRef('concept.png', 'sha-image01') } }),
    );
    const image = await get(lib, 'image01');
    expect(image.descendants.map((l) => [l.relation, l.asset.id])).toEqual([
      ['skybox-from-image', 'j_sky0001'],
      ['image-to-3d', 'j_fromfil'],
    ]);
    expect((await get(lib, 'fromfil')).sources.map((l) => [l.relation, l.asset.id])).toEqual([['image-to-3d', 'j_image01']]);
  });

  it('the kept take of a variant set is a favourite, from kept-takes.json', async () => {
    const lib = library();
    lib.write(
      finishedRecord('text-to-3d', { localId: 'take001', setId: 'set-abcdef1' }),
      finishedRecord('text-to-3d', { localId: 'take002', setId: 'set-abcdef1' }),
    );
    fs.writeFileSync(path.join(lib.dataDir, 'kept-takes.json'), JSON.stringify({ 'set-abcdef1': 'take002' }));
    const take = await get(lib, 'take001');
    expect(take.set).toEqual({ setId: 'set-abcdef1', takes: ['j_take001', 'j_take002'], keptId: 'j_take002' });
    expect((await search(lib, { favourite: true })).items.map((a) => [a.id, a.kept])).toEqual([['j_take002', true]]);
  });
});

describe('library:changed', () => {
  it('reports this process’s edits at once and another process’s writes at the next look', async () => {
    const lib = library();
    lib.write(finishedRecord('text-to-3d', { localId: 'chg0001' }));
    lib.refresh();
    expect(lib.changed().at(-1)).toEqual({ ids: ['j_chg0001'] });
    await lib.handlers['library:tag']({ ids: ['j_chg0001'], add: ['x'] }, ctx);
    expect(lib.changed().at(-1)).toEqual({ ids: ['j_chg0001'] });
    // Another connection (another process) writes a record.
    const other = openDatabase(lib.dataDir);
    const { writeJobRows } = await import('./test/job-rows');
    writeJobRows(other, [finishedRecord('text-to-image', { localId: 'chg0002' })]);
    other.close();
    const before = lib.changed().length;
    lib.refresh();
    expect(lib.changed().slice(before)).toEqual([{ ids: ['j_chg0002'] }]);
  });
});
