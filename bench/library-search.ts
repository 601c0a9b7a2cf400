/**
 * Library search figures (`node --import tsx bench/library-search.ts`):
 * seeds LIBRARY_ASSETS (default 100,000) realistic assets into a fresh studio
 * database (testkit/harness/seed-library.ts), then times `library:search` as
 * the library view calls it: a search per keystroke of typed words (the
 * median of 20), and searches with filters, each a first page of 60 with its
 * total. Prints one JSON line; the history part of `npm run bench` can fold
 * `searchMs` in. LIBRARY_DB_DIR names a data folder an earlier run seeded
 * and kept (searches are timed again without seeding).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { LibrarySearch } from '../shared/ipc/library';
import { setupLibrary } from '../electron/services/library';
import { openDatabase } from '../electron/services/store/database';
import { seedLibrary } from '../testkit/harness/seed-library';

const N = Number(process.env.LIBRARY_ASSETS ?? 100_000);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const round = (ms: number) => Number(ms.toFixed(2));

async function main(): Promise<void> {
  const kept = process.env.LIBRARY_DB_DIR;
  const dir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'library-bench-'));
  try {
    const db = openDatabase(dir);
    let t = performance.now();
    const assets = kept ? 0 : seedLibrary(db, N, { onProgress: (n) => process.stderr.write(`\rseeded ${n}`) });
    const seedMs = performance.now() - t;
    if (!kept) process.stderr.write('\n');
    t = performance.now();
    const library = setupLibrary({ dataDir: dir, db, events: { emit: () => {} } });
    const openMs = performance.now() - t;
    const ctx = { shell: 'web' as const };
    const time = async (search: Partial<LibrarySearch>) => {
      const t0 = performance.now();
      const res = await library.handlers['library:search']({ offset: 0, limit: 60, ...search }, ctx);
      const ms = performance.now() - t0;
      if (!res.ok) throw new Error(res.problem.message);
      return { ms, total: res.value.total };
    };
    // Twenty keystrokes: the words an artist types, one letter at a time.
    const typed = ['w', 'we', 'wea', 'weat', 'weath', 'weathe', 'weathered', 'weathered o', 'weathered oa', 'weathered oak', 'i', 'ir', 'iro', 'iron', 'iron b', 'iron ba', 'iron bar', 'g', 'go', 'gold'];
    await time({ query: 'warm up' });
    const keystrokes: number[] = [];
    for (const query of typed) keystrokes.push((await time({ query })).ms);
    if (process.env.LIBRARY_BENCH_VERBOSE) process.stderr.write(`${typed.map((q, i) => `${q}: ${keystrokes[i]!.toFixed(1)}`).join("\n")}\n`);
    const filtered: Record<string, { ms: number; total: number }> = {};
    const cases: Record<string, Partial<LibrarySearch>> = {
      all: {},
      models: { mediaKinds: ['model'] },
      tagProps: { tags: ['props'] },
      textAndTag: { query: 'iron', tags: ['tavern'] },
      exported: { exported: true },
      neverExportedOldest: { exported: false, sort: 'oldest' },
      collection: { collectionId: 'c_seed_tavern' },
      titleSort: { query: 'stone', sort: 'title' },
      deepPage: { query: 'gold', offset: 3000 },
    };
    for (const [name, search] of Object.entries(cases)) {
      const runs = [];
      for (let i = 0; i < 5; i++) runs.push(await time(search));
      filtered[name] = { ms: round(median(runs.map((r) => r.ms))), total: runs[0]!.total };
    }
    t = performance.now();
    await library.handlers['library:facets']({}, ctx);
    const facetsMs = performance.now() - t;
    const first = await library.handlers['library:search']({ offset: 0, limit: 1, generationKinds: ['retexture'] }, ctx);
    const detailId = first.ok ? first.value.items[0]?.id : undefined;
    t = performance.now();
    if (detailId) await library.handlers['library:get']({ id: detailId }, ctx);
    const getMs = performance.now() - t;
    const dbBytes = fs.statSync(path.join(dir, 'studio.sqlite')).size;
    const records = (db.prepare('SELECT count(*) AS n FROM library_assets').get() as { n: number }).n;
    process.stdout.write(
      `${JSON.stringify({
        library: {
          records,
          searchMs: round(median(keystrokes)),
          keystrokeMaxMs: round(Math.max(...keystrokes)),
          filtered,
          facetsMs: round(facetsMs),
          getMs: round(getMs),
          openMs: round(openMs),
          ...(kept ? {} : { seeded: assets, seedSeconds: Number((seedMs / 1000).toFixed(1)) }),
          databaseMb: Number((dbBytes / 1e6).toFixed(1)),
        },
      })}\n`,
    );
    await library.dispose();
    db.close();
  } finally {
    if (!kept) fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
