// Packages the main-process bundle cannot inline: native addons and modules
// that read their own files from disk at run time. They stay `require()`s in
// .vite/build/main.js and are copied into the packaged app (forge.config.ts).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const RUNTIME_EXTERNALS = ['sharp', 'draco3dgltf'];

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
