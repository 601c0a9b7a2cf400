import { describe, expect, it, vi } from 'vitest';
import type { LibraryAssetDetail, LibraryAssetSummary } from '../../../../shared/domain/library';
import { librarySearchSchema } from '../../../../shared/ipc/library';
import { activeFilterCount, clearedFilters, dateFrom, NO_FILTERS, searchArgs, type LibraryFilters } from './filters';
import { latestOnly } from './latest-only';
import { lineageSteps, takeWords } from './lineage';
import { comparePlan, openPlan, thumbnailSrc } from './open';
import { itemAt, keepUnchanged, PAGE_SIZE, pagesToLoad, withPage, withSummary } from './pages';
import { bytesWords, countWords, dayWords, deleteWords, exportedWords, fixesWords, importReportWords, momentWords, promptLine } from './words';
import { dropGoesToLibrary, sortImport } from './import-files';
import { readTagDraft } from './tag-draft';

const asset = (id: string, extra: Partial<LibraryAssetSummary> = {}): LibraryAssetSummary => ({
  id,
  mediaKind: 'model',
  source: 'generated',
  title: id,
  createdAt: '2026-11-27T10:00:00.000Z',
  tags: [],
  favourite: false,
  hidden: false,
  exportCount: 0,
  ...extra,
});
const NOW = new Date('2026-11-27T15:00:00.000Z');
const WINDOW = { offset: 0, limit: 120 };

describe('searchArgs', () => {
  const cases: [string, string, Partial<LibraryFilters>, Record<string, unknown>][] = [
    ['nothing set asks for the newest first', '', {}, { offset: 0, limit: 120, sort: 'newest' }],
    ['the query is trimmed', '  red chair ', {}, { query: 'red chair' }],
    ['a kind', '', { mediaKind: 'skybox' }, { mediaKinds: ['skybox'] }],
    ['a job kind', '', { generationKind: 'retexture' }, { generationKinds: ['retexture'] }],
    ['files brought in', '', { source: 'imported' }, { source: 'imported' }],
    ['last 7 days', '', { date: '7d' }, { createdFrom: '2026-11-20T15:00:00.000Z' }],
    ['a tag', '', { tag: 'props' }, { tags: ['props'] }],
    ['a collection', '', { collectionId: 'c1' }, { collectionId: 'c1' }],
    ['an environment', '', { environmentId: 'sandbox' }, { environmentId: 'sandbox' }],
    ['never exported', '', { exported: 'no' }, { exported: false }],
    ['exported', '', { exported: 'yes' }, { exported: true }],
    ['favourites', '', { favourites: true }, { favourite: true }],
    ['readiness needs its folder', '', { readiness: 'ready' }, {}],
    ['readiness for a folder', '', { readiness: 'blocked', readinessFolderId: 'f1' }, { readiness: { folderId: 'f1', verdict: 'blocked' } }],
    ['hidden ones too', '', { showHidden: true }, { includeHidden: true }],
  ];
  it.each(cases)('%s', (_name, query, filters, expected) => {
    const args = searchArgs(query, { ...NO_FILTERS, ...filters }, WINDOW, NOW);
    expect(args).toMatchObject(expected);
    // Every request the view makes is one the contract accepts.
    expect(librarySearchSchema.safeParse(args).success).toBe(true);
    if (!filters.readinessFolderId) expect(args.readiness).toBeUndefined();
  });

  it('an unset filter sends no field at all', () => {
    expect(Object.keys(searchArgs('', NO_FILTERS, WINDOW, NOW)).sort()).toEqual(['limit', 'offset', 'sort']);
  });

  it('today starts at local midnight', () => {
    const from = new Date(dateFrom('today', NOW)!);
    expect([from.getHours(), from.getMinutes(), from.getDate()]).toEqual([0, 0, NOW.getDate()]);
  });

  it('counts what narrows and clears it, keeping the sort', () => {
    const f: LibraryFilters = { ...NO_FILTERS, tag: 'a', favourites: true, readinessFolderId: 'f1', sort: 'title' };
    expect(activeFilterCount(f)).toBe(2);
    expect(activeFilterCount({ ...f, readiness: 'ready' })).toBe(3);
    expect(clearedFilters(f)).toEqual({ ...NO_FILTERS, sort: 'title', readinessFolderId: 'f1' });
  });
});

describe('pages', () => {
  it.each([
    // New results at the top: the first page alone (its 60 cover the 27 shown and as many below).
    [0, 26, 100_000, [0]],
    // Near a page's end, the next page comes before it shows.
    [30, 56, 100_000, [0, 1]],
    [250, 300, 100_000, [3, 4, 5]],
    [99_990, 99_999, 100_000, [1666]],
    [0, 10, 30, [0]],
    [0, -1, 0, []],
  ])('items %i..%i of %i need pages %j', (first, last, total, expected) => {
    expect(pagesToLoad(first, last, total)).toEqual(expected);
  });

  it('reaches as far ahead as it is told', () => {
    expect(pagesToLoad(0, 26, 100_000, 60, 0)).toEqual([0]);
    expect(pagesToLoad(100, 110, 100_000, 60, 200)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('keeps at most the pages nearest the newest one', () => {
    let cache = new Map<number, readonly LibraryAssetSummary[]>();
    for (const p of [0, 1, 2, 3, 9]) cache = withPage(cache, p, [asset(`a${p}`)], 3);
    expect([...cache.keys()].sort((a, b) => a - b)).toEqual([2, 3, 9]);
  });

  it('finds an item by its index, and nothing where no page is held', () => {
    const cache = new Map([[1, [asset('x'), asset('y')]]]);
    expect(itemAt(cache, PAGE_SIZE + 1)?.id).toBe('y');
    expect(itemAt(cache, 5)).toBeUndefined();
  });

  it.each([
    ['the same answer', ['x', 'y'], ['x', 'y'], [], true],
    ['one asset changed', ['x', 'y'], ['x', 'y*'], ['y'], false],
    ['the same assets in another order', ['x', 'y'], ['y', 'x'], [], false],
    ['one more', ['x'], ['x', 'z'], ['z'], false],
    ['nothing held', [], ['x'], ['x'], false],
  ])('keeps what is held where an answer equals it: %s', (_, heldIds, newIds, fresh, wholeList) => {
    const make = (id: string) => (id.endsWith('*') ? asset(id.slice(0, -1), { favourite: true }) : asset(id));
    const held = heldIds.map(make);
    const answer = newIds.map(make);
    const kept = keepUnchanged(held, answer);
    expect(kept === held).toBe(wholeList);
    expect(kept.map((a) => a.id)).toEqual(answer.map((a) => a.id));
    for (const [i, a] of kept.entries()) {
      const before = held.find((h) => h.id === a.id);
      // A new or changed asset is the answer's own object; an unchanged one is the object held (its cell is not drawn again).
      expect(a).toBe(fresh.includes(a.id) || !before ? answer[i] : before);
    }
    expect(kept.find((a) => a.id === 'y')?.favourite ?? false).toBe(newIds.includes('y*'));
  });

  it('replaces a changed asset where it is held, and keeps the cache when it is not', () => {
    const cache = new Map([[0, [asset('x'), asset('y')]]]);
    const next = withSummary(cache, asset('y', { favourite: true }));
    expect(itemAt(next, 1)?.favourite).toBe(true);
    expect(withSummary(cache, asset('z'))).toBe(cache);
  });
});

describe('latestOnly', () => {
  const deferred = () => {
    const calls: { args: string; resolve(v: string): void }[] = [];
    const run = (args: string) => new Promise<string>((resolve) => calls.push({ args, resolve }));
    return { calls, run };
  };
  it('sends the first at once, then only the newest waiting one, and shows only the newest answer', async () => {
    const { calls, run } = deferred();
    const apply = vi.fn();
    const q = latestOnly(run, apply);
    q.request('c');
    q.request('ch');
    q.request('cha');
    expect(calls.map((c) => c.args)).toEqual(['c']);
    calls[0]!.resolve('answer c');
    await vi.waitFor(() => expect(calls.map((c) => c.args)).toEqual(['c', 'cha']));
    expect(apply).not.toHaveBeenCalled();
    calls[1]!.resolve('answer cha');
    await vi.waitFor(() => expect(apply).toHaveBeenCalledWith('answer cha', 'cha'));
    expect(apply).toHaveBeenCalledTimes(1);
  });
  it('ignores an answer after cancel', async () => {
    const { calls, run } = deferred();
    const apply = vi.fn();
    const q = latestOnly(run, apply);
    q.request('a');
    q.cancel();
    q.request('b');
    calls[0]!.resolve('old');
    calls[1]!.resolve('new');
    await vi.waitFor(() => expect(apply).toHaveBeenCalledWith('new', 'b'));
    expect(apply).toHaveBeenCalledTimes(1);
  });
});

describe('lineage', () => {
  const detail = (extra: Partial<LibraryAssetDetail>): LibraryAssetDetail => ({
    ...asset('j_retex', { title: 'Retextured chair' }),
    note: '',
    collections: [],
    sources: [],
    descendants: [],
    exports: [],
    ...extra,
  });
  it('reads image → model → retexture → split, oldest first', () => {
    const steps = lineageSteps(
      detail({
        sources: [
          { relation: 'retexture', asset: asset('j_model', { title: 'Chair' }) },
          { relation: 'image-to-3d', asset: asset('j_img', { title: 'Chair photo', mediaKind: 'image' }) },
        ],
        descendants: [{ relation: 'split', asset: asset('j_parts', { title: 'Chair parts' }) }],
      }),
    );
    expect(steps.map((s) => [s.asset.title, s.madeBy ?? null, s.current])).toEqual([
      ['Chair photo', null, false],
      ['Chair', 'Image to 3D', false],
      ['Retextured chair', 'Retexture', true],
      ['Chair parts', 'Split into parts', false],
    ]);
  });
  it('an upload of an image already in the chain is the same picture: left out', () => {
    const steps = lineageSteps(
      detail({
        sources: [
          { relation: 'retexture', asset: asset('j_model', { title: 'Image to 3D' }) },
          { relation: 'image-to-3d', asset: asset('j_up', { title: 'Upload image', mediaKind: 'image', generationKind: 'image-upload' }) },
          { relation: 'derived', asset: asset('j_img', { title: 'Owl', mediaKind: 'image', generationKind: 'text-to-image' }) },
        ],
      }),
    );
    expect(steps.map((s) => [s.asset.title, s.madeBy ?? null])).toEqual([
      ['Owl', null],
      ['Image to 3D', 'Image to 3D'],
      ['Retextured chair', 'Retexture'],
    ]);
  });
  it.each([
    [undefined, null],
    [{ setId: 's', takes: ['j_a', 'j_retex', 'j_c'] }, 'Take 2 of 3; no take kept yet'],
    [{ setId: 's', takes: ['j_a', 'j_retex'], keptId: 'j_retex' }, 'Take 2 of 2, the kept one'],
    [{ setId: 's', takes: ['j_a', 'j_retex'], keptId: 'j_a' }, 'Take 2 of 2; take 1 was kept'],
  ])('a variant set %j reads %j', (set, expected) => {
    expect(takeWords(detail(set ? { set } : {}))).toBe(expected);
  });
});

describe('opening', () => {
  const url = (id: string, variant: string) => `/assets/${id}/${variant}`;
  it.each([
    [asset('j_1', { localId: 'L1', jobId: 'U1', generationKind: 'text-to-3d' }), { how: 'job', job: { localId: 'L1', jobId: 'U1', kind: 'text-to-3d', title: 'j_1' } }],
    [asset('j_2', { mediaKind: 'video', localId: 'L2', generationKind: 'animate' as never }), { how: 'none' }],
    [asset('j_3', { localId: 'L3', generationKind: 'no-such-kind' as never }), { how: 'none' }],
    [asset('a_4', { source: 'imported', fileName: 'Chair.GLB' }), { how: 'file', target: { url: '/assets/a_4/asset', name: 'Chair.GLB', content: 'model', format: 'glb' } }],
    [asset('a_5', { source: 'imported', mediaKind: 'image', fileName: 'photo.jpeg' }), { how: 'file', target: { content: 'image', format: 'jpg' } }],
    [asset('a_6', { source: 'imported', fileName: 'chair.obj' }), { how: 'none' }],
  ])('%o opens as %o', (a, plan) => {
    expect(openPlan(a, url)).toMatchObject(plan);
  });
  it.each([
    [{ id: 'a_1', hasThumbnail: true }, '/assets/a_1/thumbnail'],
    [{ id: 'j_1', localId: 'L1', hasThumbnail: true }, '/assets/L1/thumbnail'],
    [{ id: 'j_1', localId: 'L1', hasThumbnail: false }, undefined],
  ])('the thumbnail of %o is %s', (a, src) => {
    expect(thumbnailSrc(a, url)).toBe(src);
  });
  it.each([
    [[asset('j_1', { localId: 'L1' })], 'reason'],
    [[asset('j_1', { localId: 'L1' }), asset('j_2', { localId: 'L2' })], 'localIds'],
    [[asset('j_1', { localId: 'L1' }), asset('a_2', { source: 'imported' })], 'reason'],
    [['1', '2', '3', '4', '5'].map((i) => asset(`j_${i}`, { localId: `L${i}` })), 'reason'],
  ])('compare of %#: %s', (assets, key) => {
    expect(key in comparePlan(assets)).toBe(true);
  });
});

describe('words', () => {
  it.each([
    [1, '1 asset'],
    [12_345, '12,345 assets'],
    [0, '0 assets'],
  ])('%i → %s', (n, words) => expect(countWords(n)).toBe(words));
  it.each([
    ['2026-11-27T12:00:00.000Z', '27 Nov 2026'],
    ['2025-02-03T12:30:00Z', '3 Feb 2025'],
    ['not a time', ''],
  ])('the day of %s reads %j', (iso, words) => expect(dayWords(iso)).toBe(words));
  it.each([
    [1, 'Exported once'],
    [2, 'Exported 2 times'],
    [1200, 'Exported 1,200 times'],
  ])('a cell exported %i times says %j', (times, words) => expect(exportedWords(times)).toBe(words));
  it.each<[string, string | undefined, string | null]>([
    ['Owl totem', 'a carved wooden owl totem', 'a carved wooden owl totem'],
    // A job with no title is named by its prompt: the details do not say it twice.
    ['a carved wooden owl totem', 'a carved wooden owl totem', null],
    ['Painted in bright folk colours', 'painted in bright  folk colours ', null],
    ['photo.png', undefined, null],
    ['Owl', '   ', null],
  ])('a detail titled %j with the prompt %j shows the prompt line %j', (title, prompt, line) => expect(promptLine({ title, prompt })).toBe(line));
  it('an export’s moment is its day and its local time', () => {
    const iso = '2026-11-27T12:00:00.000Z';
    const d = new Date(iso);
    const hhmm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
    expect(momentWords(iso)).toBe(`${dayWords(iso)}, ${hhmm}`);
    expect(momentWords('')).toBe('');
  });
  it.each([
    [0, '0 bytes'],
    [2048, '2.0 KB'],
    [12.3 * 1024 * 1024, '12.3 MB'],
    [300 * 1024 * 1024, '300 MB'],
  ])('%i bytes → %s', (b, words) => expect(bytesWords(b)).toBe(words));

  it('names an export\'s fixes as the export dialog does, never by their ids', () => {
    expect(fixesWords(['weld-prune', 'recentre-pivot'])).toBe('Weld and prune, ' + fixesWords(['recentre-pivot']));
    expect(fixesWords(['weld-prune'])).not.toContain('-');
  });

  it('says what an import did and what it left out, never a field name', () => {
    const r = importReportWords({
      imported: [asset('a_1'), asset('a_2')],
      alreadyThere: [asset('a_3')],
      skipped: [{ name: 'notes.txt', reason: 'Only models and pictures can be brought into the library.' }],
    });
    expect(r).toEqual({
      title: 'Added 2 files to the library',
      lines: ['1 file was already in the library and kept once.', 'notes.txt: Only models and pictures can be brought into the library.'],
      level: 'warning',
    });
    expect(importReportWords({ imported: [], alreadyThere: [], skipped: [{ name: 'x', reason: 'y' }] }).level).toBe('error');
  });

  it('the delete confirmation says exports in project folders stay', () => {
    const one = deleteWords([{ title: 'Chair', exportCount: 2, bytes: 5 * 1024 * 1024 }]);
    expect(one.title).toBe('Delete “Chair”?');
    expect(one.body).toContain('about 5.0 MB');
    expect(one.body).toContain('2 exports already in your project folders stay where they are.');
    expect(deleteWords([asset('a'), asset('b')]).title).toBe('Delete 2 assets?');
  });
});

describe('import', () => {
  it('takes models and pictures, says why others are left out, passes over system files', () => {
    const { take, skipped } = sortImport([{ name: 'a.GLB' }, { name: 'b.gltf' }, { name: 'c.obj' }, { name: 'd.stl' }, { name: 'e.jpeg' }, { name: 'notes.txt' }, { name: '.DS_Store' }, { name: 'scans/f.webp' }]);
    expect(take.map((f) => f.name)).toEqual(['a.GLB', 'b.gltf', 'c.obj', 'd.stl', 'e.jpeg', 'scans/f.webp']);
    expect(skipped).toEqual([{ name: 'notes.txt', reason: 'not a model or picture the library keeps (GLB, glTF, OBJ, STL, PNG, JPEG or WebP).' }]);
    // Sent by their bytes (the browser shell), a .gltf cannot bring the files it names: it is left out, saying why.
    const byBytes = sortImport([{ name: 'scene.GLTF' }, { name: 'a.glb' }], { byBytes: true });
    expect([byBytes.take.map((f) => f.name), byBytes.skipped.map((s) => s.name)]).toEqual([['a.glb'], ['scene.GLTF']]);
  });
  it.each([
    [{ onLibrary: true, onOtherPanel: false, libraryShown: false, modifier: false }, true],
    [{ onLibrary: false, onOtherPanel: false, libraryShown: true, modifier: false }, true],
    [{ onLibrary: false, onOtherPanel: true, libraryShown: true, modifier: false }, false],
    [{ onLibrary: false, onOtherPanel: true, libraryShown: false, modifier: true }, true],
    [{ onLibrary: false, onOtherPanel: false, libraryShown: false, modifier: false }, false],
  ])('a drop %o goes to the library: %s', (place, expected) => {
    expect(dropGoesToLibrary(place)).toBe(expected);
  });
});

describe('readTagDraft', () => {
  it.each([
    ['several, spaces dropped, the same tag once whatever its case', ' oak, Pine ,OAK ', { tags: ['oak', 'Pine'] }],
    ['nothing typed', ' , ', { tags: [] }],
    ['a tag too long, named with why', `oak, ${'x'.repeat(61)}`, { problem: `“${'x'.repeat(61)}”: a tag is at most 60 characters.` }],
  ])('%s', (_, draft, expected) => {
    expect(readTagDraft(draft)).toEqual(expected);
  });
});
