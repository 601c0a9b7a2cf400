// Packages the main-process bundle cannot inline: native addons and modules
// that read their own files from disk at run time. They stay `require()`s in
// .vite/build/main.js and are copied into the packaged app (forge.config.ts).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const RUNTIME_EXTERNALS = ['sharp', 'draco3dgltf'];

/**
 * Single files that main reads from disk out of packages the bundle does not
 * carry whole: three's Basis transcoder (KTX2 preview copies,
 * electron/services/preview). Copied with the package's package.json so that
 * `require.resolve('three/examples/jsm/...')` finds them in the packaged app.
 */
export const RUNTIME_FILES = ['three/package.json', 'three/examples/jsm/libs/basis/basis_transcoder.js', 'three/examples/jsm/libs/basis/basis_transcoder.wasm'];

/** Copies RUNTIME_FILES from `fromDir`'s node_modules into `toDir`'s. */
export async function copyRuntimeFiles(fromDir, toDir) {
  for (const file of RUNTIME_FILES) {
    const target = path.join(toDir, 'node_modules', file);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.copyFile(path.join(fromDir, 'node_modules', file), target);
  }
}

/**
 * The installed dependency closure of `names` (dependencies plus installed
 * optional dependencies, e.g. sharp's per-platform binaries), as package folders.
 */
export function dependencyClosure(names, fromDir) {
  const found = new Map();
  const visit = (name, dir) => {
    let pkgJson;
    try {
      pkgJson = createRequire(path.join(dir, 'noop.js')).resolve(`${name}/package.json`);
    } catch {
      // Not resolvable through exports: look for the folder directly.
      let cursor = dir;
      for (;;) {
        const candidate = path.join(cursor, 'node_modules', name, 'package.json');
        if (fs.existsSync(candidate)) {
          pkgJson = candidate;
          break;
        }
        const parent = path.dirname(cursor);
        if (parent === cursor) return;
        cursor = parent;
      }
    }
    const pkgDir = path.dirname(pkgJson);
    if (found.has(name)) return;
    found.set(name, pkgDir);
    const manifest = JSON.parse(fs.readFileSync(pkgJson, 'utf8'));
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) visit(dep, pkgDir);
  };
  for (const name of names) visit(name, fromDir);
  return found;
}
