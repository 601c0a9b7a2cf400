import { describe, expect, it } from 'vitest';
import { byTitle, canonicalTime, entryFilter, ftsQuery, newestFirst, pageOf, pageOfEntries, smallestSet, type CatalogueEntry, type Filters, type SelectedSets } from './query';

describe('ftsQuery: what was typed, as a safe FTS5 prefix match of every word', () => {
  it.each([
    ['chair', '"chair"*'],
    ['  wooden   chair ', '"wooden"* "chair"*'],
    ['chai', '"chai"*'],
    ['Café crème', '"Café"* "crème"*'],
    // FTS5 syntax typed by the user is only words to find.
    ['"chair" OR NEAR(a b)', '"chair"* "OR"* "NEAR"* "a"* "b"*'],
    ['title:chair*', '"title"* "chair"*'],
    ['chair_photo.png', '"chair"* "photo"* "png"*'],
    ['-wood ^oak', '"wood"* "oak"*'],
    ['', undefined],
    ['  "" * : ', undefined],
    [undefined, undefined],
  ])('%j → %j', (typed, match) => {
    expect(ftsQuery(typed)).toBe(match);
  });

  it('matches at most 16 words', () => {
    expect(ftsQuery(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))!.split(' ')).toHaveLength(16);
  });
});

const entry = (over: Partial<CatalogueEntry> = {}): CatalogueEntry => ({
  n: 1,
  createdAt: '2026-01-10T12:00:00.000Z',
  hidden: false,
  favourite: false,
  exported: false,
  source: 'generated',
  mediaKind: 'model',
  generationKind: 'text-to-3d',
  environmentId: 'env-1',
  titleKey: 'oak chair',
  resent: false,
  ...over,
});

describe('entryFilter: the filters as one predicate', () => {
  it.each<[string, Filters, SelectedSets, Partial<CatalogueEntry>, boolean]>([
    ['visible by default', {}, {}, {}, true],
    ['hidden left out by default', {}, {}, { hidden: true }, false],
    ['hidden shown when asked', { includeHidden: true }, {}, { hidden: true }, true],
    ['an upload re-sending a picture held elsewhere is never a result', {}, {}, { resent: true, generationKind: 'image-upload', mediaKind: 'image' }, false],
    ['nor with the hidden ones', { includeHidden: true }, {}, { resent: true, generationKind: 'image-upload', mediaKind: 'image' }, false],
    ['an upload of a picture held nowhere else is one', { mediaKinds: ['image'] }, {}, { generationKind: 'image-upload', mediaKind: 'image' }, true],
    ['media kind listed', { mediaKinds: ['image', 'model'] }, {}, {}, true],
    ['media kind not listed', { mediaKinds: ['image'] }, {}, {}, false],
    ['generation kind', { generationKinds: ['retexture'] }, {}, { generationKind: 'retexture' }, true],
    ['an imported file has no generation kind', { generationKinds: ['retexture'] }, {}, { generationKind: null, source: 'imported' }, false],
    ['environment', { environmentId: 'env-2' }, {}, {}, false],
    ['source', { source: 'imported' }, {}, {}, false],
    ['exported', { exported: true }, {}, { exported: true }, true],
    ['never exported', { exported: false }, {}, { exported: true }, false],
    ['favourite', { favourite: true }, {}, { favourite: true }, true],
    ['created from, with an offset', { createdFrom: '2026-01-10T13:00:00+01:00' }, {}, {}, true],
    ['created from, later', { createdFrom: '2026-01-10T12:00:01Z' }, {}, {}, false],
    ['created to', { createdTo: '2026-01-09T00:00:00Z' }, {}, {}, false],
    ['text matched', {}, { text: new Set([1]) }, {}, true],
    ['text not matched', {}, { text: new Set([2]) }, {}, false],
    ['every tag', {}, { tags: [new Set([1]), new Set([1, 2])] }, {}, true],
    ['one tag missing', {}, { tags: [new Set([1]), new Set([2])] }, {}, false],
    ['collection', {}, { collection: new Set([3]) }, {}, false],
    ['readiness verdict', {}, { readiness: new Set([1]) }, {}, true],
  ])('%s', (_name, filters, sets, over, kept) => {
    expect(entryFilter(filters, sets)(entry(over))).toBe(kept);
  });
});

describe('pageOf: one pass counts every match and keeps the window', () => {
  const list = [5, 4, 3, 2, 1].map((n) => entry({ n, hidden: n === 3 }));
  const visible = entryFilter({});
  it.each([
    [{ offset: 0, limit: 2 }, 4, [5, 4]],
    [{ offset: 2, limit: 2 }, 4, [2, 1]],
    [{ offset: 3, limit: 10 }, 4, [1]],
    [{ offset: 9, limit: 10 }, 4, []],
    [{ offset: 0, limit: 2, reverse: true }, 4, [1, 2]],
  ])('%j', (window, total, ns) => {
    expect(pageOf(list, visible, window)).toEqual({ total, ns });
  });
});

describe('orders', () => {
  it('newest first, ties by row number; titles by their shown name', () => {
    const a = entry({ n: 1, createdAt: '2026-01-02T00:00:00.000Z', titleKey: 'zebra' });
    const b = entry({ n: 2, createdAt: '2026-01-02T00:00:00.000Z', titleKey: 'apple' });
    const c = entry({ n: 3, createdAt: '2026-01-03T00:00:00.000Z', titleKey: 'mango' });
    expect([a, b, c].sort(newestFirst).map((e) => e.n)).toEqual([3, 2, 1]);
    expect([a, b, c].sort(byTitle).map((e) => e.n)).toEqual([2, 3, 1]);
  });

  it.each([
    ['2026-03-04T05:06:07Z', '2026-03-04T05:06:07.000Z'],
    ['not a time', undefined],
  ])('canonicalTime(%j)', (iso, out) => expect(canonicalTime(iso)).toBe(out));
});

describe('small sets are paged on their own, as the whole catalogue would page them', () => {
  it.each<[string, SelectedSets, number, number | undefined]>([
    ['no sets: walk the catalogue', {}, 1000, undefined],
    ['a small text match', { text: new Set([1, 2, 3]) }, 1000, 3],
    ['a broad text match', { text: new Set(Array.from({ length: 500 }, (_, i) => i)) }, 1000, undefined],
    ['the smallest of several', { text: new Set([1, 2, 3, 4]), tags: [new Set([5, 6])] }, 1000, 2],
  ])('%s', (_name, sets, size, picked) => {
    expect(smallestSet(sets, size)?.size).toBe(picked);
  });

  it('gives the same page and total as the walk', () => {
    const list = Array.from({ length: 40 }, (_, i) => entry({ n: i + 1, createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 7))).toISOString(), hidden: i % 5 === 0 }));
    const newest = [...list].sort(newestFirst);
    const set = new Set([3, 7, 8, 12, 19, 21, 22, 30, 33, 39]);
    const keep = entryFilter({}, { text: set });
    for (const window of [{ offset: 0, limit: 3 }, { offset: 2, limit: 4 }, { offset: 8, limit: 10 }]) {
      const fromSet = pageOfEntries(list.filter((e) => set.has(e.n)), keep, newestFirst, window);
      expect(fromSet).toEqual(pageOf(newest, keep, window));
    }
  });
});
