#!/usr/bin/env node
/**
 * `npm run check:blender -- FILE...`: imports each model file in Blender, headless, and prints one JSON
 * line per file: imported or the error, triangle count, bounding-box extent along Blender's X, Y and Z
 * (metres; for STL, the file's millimetres), materials and textures found (scripts/blender-import.py).
 *
 * A check with a real importer nobody here wrote. Blender is not a dependency of the app or of
 * `npm test`. Debian's blender 3.4 reads no Draco, meshopt or WebP: check copies exported without compression.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const script = path.join(here, 'blender-import.py');
const MARK = 'CHECK_BLENDER_JSON ';

function findBlender() {
  if (process.env.BLENDER) return process.env.BLENDER;
  try {
    return execFileSync('sh', ['-c', 'command -v blender'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** One file through Blender: the JSON line the import script printed, or the reason there is none. */
function check(blender, file) {
  return new Promise((resolve) => {
    const child = spawn(blender, ['-b', '--factory-startup', '--python', script, '--', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', (e) => resolve({ file, imported: false, error: `Blender did not start: ${e.message}` }));
    child.on('close', (code) => {
      const at = out.lastIndexOf(MARK);
      if (at >= 0) return resolve(JSON.parse(out.slice(at + MARK.length).split('\n')[0]));
      const last = `${err}\n${out}`.trim().split('\n').filter(Boolean).slice(-1)[0] ?? '';
      resolve({ file, imported: false, error: `Blender exited with ${code} without a result${last ? `: ${last}` : ''}` });
    });
  });
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('Usage: npm run check:blender -- FILE...  (.glb, .gltf, .obj or .stl)');
  process.exit(2);
}
const blender = findBlender();
if (!blender) {
  console.error('Blender is not installed, so nothing was checked. On Debian or Ubuntu: sudo apt-get install blender (or set BLENDER to its path).');
  process.exit(2);
}
let failed = 0;
for (const file of files) {
  const result = existsSync(file) ? await check(blender, path.resolve(file)) : { file: path.resolve(file), imported: false, error: 'no such file' };
  if (!result.imported) failed++;
  console.log(JSON.stringify(result));
}
process.exit(failed ? 1 : 0);
