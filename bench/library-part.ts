/**
 * The bench's library figures (part of `BENCH_PARTS=history`): the whole app
 * through the browser shell on a library of `records` assets against an empty
 * one, each started with the library as the right panel's view.
 *
 * - Time to interactive: from the navigation's commit to the library showing
 *   its first results (the count known, the first cells drawn), timed in the
 *   page; pairs of starts alternate which comes first, the ratio is of the
 *   medians.
 * - Search: a keystroke in "Search library" to the results answering what is
 *   typed (the view's data-results-for), on the next frame; 20 keystrokes,
 *   typed in starts of their own after the pairs. Where the frame comes from
 *   matters on this machine: it has no GPU, and with `--use-angle=swiftshader`
 *   Chromium composites every frame of the 1440 × 900 window through
 *   SwiftShader's emulation of a GPU, on the same two cores that answer the
 *   search; a keystroke then costs two emulated frames (its echo, its
 *   results) whose CPU time a desktop's GPU does not take from the app. The
 *   goal's figure is typed with Chromium's software compositor (what Chrome
 *   itself uses on a machine without a usable GPU; WebGL is still
 *   SwiftShader's), and the same 20 keys in the emulated compositor are
 *   reported beside it (`searchMsGpuEmulated`), each start alternating which
 *   comes first.
 * - Memory: main's resident set (/proc of the host process) and the page's JS
 *   heap after a garbage collection (CDP), each start, medians.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { JobStore } from '../electron/services/jobs/store/job-store';
import { openDatabase } from '../electron/services/store/database';
import { seedLibrary } from '../testkit/harness/seed-library';
import { startHost, type StudioHost } from '../testkit/host';
import type { PageGlobals } from '../testkit/harness/page-globals';

export interface LibraryFigures {
  records: number;
  ratio: number;
  searchMs: number;
  /** The same keystrokes with the compositor in SwiftShader's emulated GPU (the rest of the bench's setting). */
  searchMsGpuEmulated: number | null;
  commitMs: number | null;
  mainRssMb: { empty: number; full: number };
  pageHeapMb: { empty: number; full: number };
  /** The series behind the medians. */
  detail: { emptyMs: number[]; fullMs: number[]; searchMs: number[]; searchMsGpuEmulated: number[]; pairs: number };
}

export interface LibraryPartOptions {
  records: number;
  /** Progress lines (one per start). */
  log?: (line: string) => void;
  /** Pairs of starts (empty and full), alternating which comes first. */
  pairs: number;
  dataDirs: { empty: string; full: string };
  /**
   * A browser like `browser` but compositing in software (`--disable-gpu-compositing`):
   * the search figure is typed there (see the header); without it, in `browser`.
   */
  softwareCompositor?: Browser;
  /** Lets a page finish its start-up (its canvas) before the next one. */
  settle(page: Page): Promise<void>;
  /** A status change committed so it survives kill -9 (ms, median), from the job store's own measurement. */
  commitMs?: () => Promise<number>;
}

const STORED_SIDE_PANEL = 'asset-studio.ui.side-panel.v1';
/** Typed one key at a time: every keystroke changes the query, and the words are ones the seeded prompts hold. */
const TYPED = 'stylised oak lantern';
const MB = 1024 * 1024;

export const median = (values: readonly number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round = (n: number) => Math.round(n * 10) / 10;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize / MB;
}

/** Ms from the navigation's commit until the library shows results (cells, or its empty note). */
function interactive(page: Page, full: boolean): Promise<number> {
  return page.evaluate(
    (wantCells) =>
      new Promise<number>((resolve, reject) => {
        const g = globalThis as unknown as PageGlobals;
        const observer = new g.MutationObserver(() => {
          const lib = g.document.querySelector('.lib-view');
          if (!lib || lib.getAttribute('data-results-for') !== '') return;
          if (g.document.querySelectorAll(wantCells ? '.lib-cell[data-asset-id]' : '.lib-view .history-empty').length === 0) return;
          observer.disconnect();
          resolve(g.performance.now());
        });
        observer.observe(g.document, { subtree: true, childList: true, attributes: true });
        setTimeout(() => reject(new Error('the library showed no results within 120 s')), 120_000);
      }),
    full,
  );
}

/** One keystroke's time to results that answer the field's new text. */
async function keystroke(page: Page, key: string): Promise<number> {
  await page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    const lib = g.document.querySelector('.lib-view');
    const input = g.document.querySelector('input[aria-label="Search library"]') as (ReturnType<PageGlobals['document']['querySelector']> & { value: string }) | null;
    if (!lib || !input) throw new Error('no library');
    g.__searchDone = new Promise<number>((resolve) => {
      let t = 0;
      input.addEventListener('keydown', () => (t = g.performance.now()), { once: true });
      const obs = new g.MutationObserver(() => {
        if (t > 0 && lib.getAttribute('data-results-for') === input.value) {
          obs.disconnect();
          g.requestAnimationFrame(() => resolve(g.performance.now() - t));
        }
      });
      obs.observe(lib, { attributes: true, attributeFilter: ['data-results-for'] });
    });
  });
  await page.getByLabel('Search library').press(key === ' ' ? 'Space' : key);
  return page.evaluate(() =>
    Promise.race([
      (globalThis as unknown as PageGlobals).__searchDone ?? Promise.resolve(-1),
      new Promise<number>((_, reject) => setTimeout(() => reject(new Error('the results did not follow the keystroke within 30 s')), 30_000)),
    ]),
  );
}

/** Data folders for the two hosts: an empty one and one seeded with `records` assets. */
export function libraryDataDirs(records: number, log: (line: string) => void): { empty: string; full: string; remove(): void } {
  const empty = mkdtempSync(path.join(os.tmpdir(), 'library-bench-empty-'));
  const full = mkdtempSync(path.join(os.tmpdir(), 'library-bench-full-'));
  const t = performance.now();
  const db = openDatabase(full);
  try {
    seedLibrary(db, records, { onProgress: (done) => done % 20_000 === 0 && log(`  seeded ${done.toLocaleString('en')} assets`) });
  } finally {
    db.close();
  }
  log(`  ${records.toLocaleString('en')} assets seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return { empty, full, remove: () => [empty, full].forEach((d) => rmSync(d, { recursive: true, force: true })) };
}

/**
 * One status change committed so that it survives kill -9 (ms, median of
 * `samples`), on the full library's own job store, as the job store's bench
 * (bench/ledger-load.ts) measures it: an ordinary commit, WAL without a sync.
 */
export function statusCommitMs(dataDir: string, samples = 400): number {
  const store = new JobStore({ dataDir });
  try {
    store.load();
    const ids = store.newest({ includeHidden: true, limit: samples }).records.map((r) => r.localId);
    const times: number[] = [];
    for (const [i, id] of ids.entries()) {
      const t = performance.now();
      store.patch(id, { upstreamStatus: i % 2 ? 'running' : 'pending' }, false);
      times.push(performance.now() - t);
    }
    return median(times);
  } finally {
    store.close();
  }
}

export async function runLibraryPart(browser: Browser, options: LibraryPartOptions): Promise<LibraryFigures> {
  const hosts: Record<'empty' | 'full', StudioHost> = {
    empty: await startHost({ dataDir: options.dataDirs.empty }),
    full: await startHost({ dataDir: options.dataDirs.full }),
  };
  try {
    const start = async (which: 'empty' | 'full', typeToo: boolean, inBrowser: Browser = browser) => {
      const page = await inBrowser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.addInitScript((key) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key, 'library'), STORED_SIDE_PANEL);
      await page.goto(hosts[which].url, { waitUntil: 'commit' });
      const ms = await interactive(page, which === 'full');
      await page.waitForSelector('.viewport canvas');
      await options.settle(page);
      const search: number[] = [];
      if (typeToo) {
        await page.getByLabel('Search library').focus();
        for (const key of TYPED) search.push(await keystroke(page, key));
      }
      const heap = await heapMb(page);
      const rss = rssMb(hosts[which].pid);
      await page.close();
      return { ms, search, heap, rss };
    };
    // One untimed start of each warms the hosts (first reads of the database and the renderer's files).
    await start('empty', false);
    await start('full', false);
    const runs = { empty: [] as Awaited<ReturnType<typeof start>>[], full: [] as Awaited<ReturnType<typeof start>>[] };
    for (let i = 0; i < options.pairs; i++) {
      const order: ('empty' | 'full')[] = i % 2 === 0 ? ['empty', 'full'] : ['full', 'empty'];
      for (const which of order) {
        const run = await start(which, false);
        runs[which].push(run);
        options.log?.(`  pair ${i + 1}/${options.pairs} ${which}: ${round(run.ms)} ms to results`);
      }
    }
    // Keystrokes: one start of the full library per compositor, 20 keys each; the emulated one first.
    const typed = { software: [] as number[], emulated: [] as number[] };
    const compositors = options.softwareCompositor ? (['emulated', 'software'] as const) : (['software'] as const);
    for (const compositor of compositors) {
      const run = await start('full', true, compositor === 'software' && options.softwareCompositor ? options.softwareCompositor : browser);
      typed[compositor] = run.search;
      options.log?.(`  typing (${compositor === 'software' ? 'software compositor' : "SwiftShader's emulated GPU compositor"}): keystrokes median ${round(median(run.search))} ms`);
    }
    const searchMs = typed.software;
    const emptyMs = runs.empty.map((r) => r.ms);
    const fullMs = runs.full.map((r) => r.ms);
    return {
      records: options.records,
      ratio: Math.round((median(fullMs) / median(emptyMs)) * 100) / 100,
      searchMs: round(median(searchMs)),
      searchMsGpuEmulated: typed.emulated.length ? round(median(typed.emulated)) : null,
      commitMs: options.commitMs ? round(await options.commitMs()) : null,
      mainRssMb: { empty: round(median(runs.empty.map((r) => r.rss))), full: round(median(runs.full.map((r) => r.rss))) },
      pageHeapMb: { empty: round(median(runs.empty.map((r) => r.heap))), full: round(median(runs.full.map((r) => r.heap))) },
      detail: { emptyMs: emptyMs.map(round), fullMs: fullMs.map(round), searchMs: searchMs.map(round), searchMsGpuEmulated: typed.emulated.map(round), pairs: options.pairs },
    };
  } finally {
    await Promise.all([hosts.empty.stop(), hosts.full.stop()]);
  }
}
