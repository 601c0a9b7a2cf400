/**
 * The checking process's code when Asset Studio runs from its TypeScript
 * sources (the CLI, the browser shell, the tests): one CommonJS file bundled
 * by esbuild (installed with Vite), as the packaged app's check-worker.js is,
 * kept in `node_modules/.cache` and reused for as long as none of the files
 * it was made from has changed. Packages are bundled too (some are ES modules
 * with extensionless imports that Node alone cannot load), except the native
 * ones the main bundle also leaves outside.
 *
 * Why: each thread compiled the sources through tsx as it started, 1.8 s on a
 * quiet machine and 6.2 s with two threads starting under load; a thread on
 * the bundle was up in 1.0 s under the same load, and the bundle is made once
 * per change of the sources (about 2 s, in esbuild's own process, off this
 * thread's loop).
 *
 * The cache sits inside the project's own node_modules, never in a shared
 * temporary folder: whatever is there runs in a checking process of main.
 * The packaged app never comes here (its check-worker.js is built with main.js).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type * as Esbuild from 'esbuild';

interface Stamp {
  esbuild: string;
  /** How it was bundled (a change of the options makes it again, like a change of the sources). */
  recipe: string;
  /** Every input file with the size and modification time it had when bundled. */
  inputs: [file: string, size: number, mtimeMs: number][];
}

function unchanged(stamp: Stamp, esbuildVersion: string, recipe: string): boolean {
  if (stamp.esbuild !== esbuildVersion || stamp.recipe !== recipe) return false;
  for (const [file, size, mtimeMs] of stamp.inputs) {
    let now: fs.Stats;
    try {
      now = fs.statSync(file);
    } catch {
      return false;
    }
    if (now.size !== size || now.mtimeMs !== mtimeMs) return false;
  }
  return stamp.inputs.length > 0;
}

function writeAtomically(file: string, contents: string | Uint8Array): void {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(temp, contents, { mode: 0o600 });
  fs.renameSync(temp, file);
}

/** Packages left out of the bundle: the same list as scripts/runtime-externals.mjs (a test holds them equal). */
export const WORKER_EXTERNALS = ['sharp', 'draco3dgltf'];

/** Held in a variable so that the main-process bundle leaves it alone (esbuild is only there from the sources). */
const ESBUILD = 'esbuild';

/**
 * The bundle of `entry` (a .ts file under `root`, the project folder), made
 * or reused in `<root>/node_modules/.cache/asset-studio`; resolves with its path.
 * Several processes may make it at once (parallel tests): each writes its own
 * temporary file and renames it into place, so a reader never sees half a file.
 */
export async function sourceWorkerBundle(entry: string, root: string): Promise<string> {
  const esbuild = (await import(/* @vite-ignore */ ESBUILD)) as typeof Esbuild;
  const cacheDir = path.join(root, 'node_modules', '.cache', 'asset-studio');
  // One bundle per source folder: two checkouts sharing one node_modules (git worktrees, a linked
  // install) must never run each other's code, nor keep remaking one shared file.
  const name = `${path.basename(entry, '.ts')}-${crypto.createHash('sha256').update(path.resolve(entry)).digest('hex').slice(0, 12)}`;
  const bundle = path.join(cacheDir, `${name}.cjs`);
  const stampFile = path.join(cacheDir, `${name}.inputs.json`);
  const options = { bundle: true, platform: 'node', format: 'cjs', target: 'node22', external: WORKER_EXTERNALS } as const;
  const recipe = JSON.stringify(options);
  try {
    const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8')) as Stamp;
    if (fs.existsSync(bundle) && unchanged(stamp, esbuild.version, recipe)) return bundle;
  } catch {
    // No stamp yet, or an unreadable one: bundle again.
  }
  const result = await esbuild.build({
    entryPoints: [entry],
    ...options,
    external: [...options.external],
    absWorkingDir: root,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  fs.mkdirSync(cacheDir, { recursive: true });
  const inputs = Object.keys(result.metafile.inputs).map((rel): Stamp['inputs'][number] => {
    const file = path.resolve(root, rel);
    const st = fs.statSync(file);
    return [file, st.size, st.mtimeMs];
  });
  writeAtomically(bundle, result.outputFiles[0]!.contents);
  writeAtomically(stampFile, JSON.stringify({ esbuild: esbuild.version, recipe, inputs } satisfies Stamp));
  return bundle;
}
