import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { RUNTIME_EXTERNALS } from '../../../scripts/runtime-externals.mjs';
import { sourceWorkerBundle, WORKER_EXTERNALS } from './worker-bundle';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

/** A project folder with a TypeScript entry that imports a second module, as check-worker.ts does. */
function project(): { root: string; entry: string; word: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-bundle-'));
  roots.push(root);
  fs.writeFileSync(path.join(root, 'word.ts'), "export const word: string = 'first';\n");
  const entry = path.join(root, 'entry.ts');
  fs.writeFileSync(entry, "import { parentPort } from 'node:worker_threads';\nimport { word } from './word';\nparentPort?.postMessage(word);\n");
  return { root, entry, word: path.join(root, 'word.ts') };
}

function runThread(file: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(file);
    worker.once('message', (m) => void worker.terminate().then(() => resolve(m)));
    worker.once('error', reject);
  });
}

describe('sourceWorkerBundle: the checking thread’s code from the sources', () => {
  it('leaves out of the bundle exactly the packages the main bundle leaves out', () => {
    expect([...WORKER_EXTERNALS].sort()).toEqual([...RUNTIME_EXTERNALS].sort());
  });

  it('bundles the TypeScript once into the project’s node_modules cache, and a thread runs it without tsx', async () => {
    const p = project();
    const file = await sourceWorkerBundle(p.entry, p.root);
    expect(path.dirname(file)).toBe(path.join(p.root, 'node_modules', '.cache', 'asset-studio'));
    expect(path.basename(file)).toMatch(/^entry-[0-9a-f]{12}\.cjs$/);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await runThread(file)).toBe('first');
  });

  it('reuses the bundle while its sources are unchanged, and makes it again when one changes', async () => {
    const p = project();
    const file = await sourceWorkerBundle(p.entry, p.root);
    const made = fs.statSync(file).mtimeMs;
    fs.utimesSync(file, new Date(made - 60_000), new Date(made - 60_000));
    const reusedAt = fs.statSync(file).mtimeMs;
    await sourceWorkerBundle(p.entry, p.root);
    expect(fs.statSync(file).mtimeMs).toBe(reusedAt);

    fs.writeFileSync(p.word, "export const word: string = 'second, edited';\n");
    await sourceWorkerBundle(p.entry, p.root);
    expect(fs.statSync(file).mtimeMs).not.toBe(reusedAt);
    expect(await runThread(file)).toBe('second, edited');
  });

  it('keeps one bundle per checkout when two share one node_modules (git worktrees): neither runs the other’s code', async () => {
    const a = project();
    const b = project();
    fs.writeFileSync(b.word, "export const word: string = 'the other checkout';\n");
    const shared = path.join(a.root, 'node_modules');
    fs.symlinkSync(shared, path.join(b.root, 'node_modules'), 'dir');
    fs.mkdirSync(shared, { recursive: true });
    const fromA = await sourceWorkerBundle(a.entry, a.root);
    const fromB = await sourceWorkerBundle(b.entry, b.root);
    expect(fromB).not.toBe(fromA);
    expect(await runThread(fromA)).toBe('first');
    expect(await runThread(fromB)).toBe('the other checkout');
    expect(await runThread(await sourceWorkerBundle(a.entry, a.root))).toBe('first');
  });
});
