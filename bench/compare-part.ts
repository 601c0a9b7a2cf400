/**
 * The compare part of `npm run bench`: four takes of the sandbox's 100k-
 * triangle model (2k texture) opened in a 4-way compare (fetch, parse, one
 * frame drawing four scissor rectangles, read back per view), against opening
 * the same four files one after another in the single viewport (the sum of
 * four switches to their first frame with pixels), measured alternately in
 * the same page. The four files are the same model under four names, so each
 * is fetched and parsed anew in both cases, as four takes would be. Then GPU
 * memory (renderer.info) before a compare opens and after it closes.
 */
import type { Page } from 'playwright-core';
import type { PageGlobals } from '../testkit/harness/page-globals';

type GpuMemory = { geometries: number; textures: number; programs: number };

/** Opens a compare of these files and resolves with ms until its `data-state` is `ready` (every view has pixels). */
export async function compareLatency(page: Page, localIds: string[]): Promise<number> {
  return page.evaluate(
    (ids) =>
      new Promise<number>((resolve, reject) => {
        const g = globalThis as unknown as PageGlobals;
        const t0 = g.performance.now();
        // The compare view mounts with the opening: watch the document for its container's state.
        const observer = new g.MutationObserver(() => {
          const el = g.document.querySelector('.compare');
          const state = el?.getAttribute('data-state');
          if (state === 'ready' || state === 'error') {
            observer.disconnect();
            if (state === 'ready') resolve(g.performance.now() - t0);
            else reject(new Error(el?.querySelector('.viewport-error')?.textContent ?? 'compare error'));
          }
        });
        observer.observe(g.document, { subtree: true, attributes: true, attributeFilter: ['data-state'], childList: true });
        const why = g.harness.openCompare(ids);
        if (why) reject(new Error(why));
      }),
    localIds,
  );
}

export interface CompareFigures {
  takes: number;
  compareMs: { median: number; runs: number[] };
  oneAfterAnotherMs: { median: number; runs: number[] };
  /** Compare time over the sum of the single opens (medians): at most 1.1 is the goal. */
  ratio: number;
  memory: { start: GpuMemory; open: GpuMemory; end: GpuMemory };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const round = (n: number) => Math.round(n * 10) / 10;

export async function runComparePart(
  page: Page,
  ids: string[],
  runs: number,
  hooks: { single(id: string): Promise<number>; closeSingle(): Promise<void>; settle(): Promise<void> },
): Promise<CompareFigures> {
  const memory = () => page.evaluate(() => (globalThis as unknown as PageGlobals).harness.memory());
  const closeCompare = () => page.evaluate(() => (globalThis as unknown as PageGlobals).harness.closeCompare());
  // Warm both paths once (the compare's shader programs, the loaders), untimed.
  await hooks.closeSingle();
  await compareLatency(page, ids);
  await closeCompare();
  await hooks.settle();
  const compare: number[] = [];
  const sequence: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Alternate which comes first, so neither always follows the other on the shared GPU process.
    const order = i % 2 === 0 ? ['compare', 'single'] : ['single', 'compare'];
    for (const which of order) {
      if (which === 'compare') {
        await hooks.closeSingle();
        await hooks.settle();
        compare.push(await compareLatency(page, ids));
        await closeCompare();
        await hooks.settle();
      } else {
        await hooks.closeSingle();
        await hooks.settle();
        let sum = 0;
        for (const id of ids) sum += await hooks.single(id);
        sequence.push(sum);
        await hooks.closeSingle();
        await hooks.settle();
      }
    }
  }
  // GPU memory: nothing open, then a compare open, then closed again.
  await hooks.closeSingle();
  await hooks.settle();
  const start = await memory();
  await compareLatency(page, ids);
  await hooks.settle();
  const open = await memory();
  await closeCompare();
  await hooks.settle();
  const end = await memory();
  return {
    takes: ids.length,
    compareMs: { median: round(median(compare)), runs: compare.map(round) },
    oneAfterAnotherMs: { median: round(median(sequence)), runs: sequence.map(round) },
    ratio: Math.round((median(compare) / median(sequence)) * 100) / 100,
    memory: { start, open, end },
  };
}
