/**
 * Makes the folders an export goes into, one level at a time, judging each
 * level before anything is made under it: a level that exists must resolve
 * (links followed) inside the project folder. `mkdir -p` followed by a check
 * of the result would already have made folders wherever a linked level
 * pointed (outside the project) before refusing.
 */
import { mkdir, realpath } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isInside } from './browse';

export const LINKS_OUTSIDE = 'The export subfolder links outside the project folder, so nothing was written.';

/**
 * `dir` (absolute, lexically inside the real `root`) made level by level.
 * Returns `undefined` when it is there and inside, or the sentence to show when a level links outside.
 */
export async function makeDirsInside(root: string, dir: string): Promise<string | undefined> {
  const rel = relative(root, dir);
  if (rel === '') return undefined;
  if (rel.startsWith('..')) return LINKS_OUTSIDE;
  let current = root;
  for (const part of rel.split(sep)) {
    current = join(current, part);
    const real = await realpath(current).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    });
    if (real !== undefined) {
      if (!isInside(root, real)) return LINKS_OUTSIDE;
      continue;
    }
    // Missing: made here, inside a level already judged; a dangling link made meanwhile fails with EEXIST.
    await mkdir(current).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
    if (!isInside(root, await realpath(current))) return LINKS_OUTSIDE;
  }
  return undefined;
}
