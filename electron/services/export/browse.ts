/**
 * The browser shell's folder chooser: lists directories under the user's
 * home folder and the app's data folder only. Every path is resolved through
 * symlinks first and refused if the real path leaves them.
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fail, ok, type BrowseListing, type Result } from '../../../shared/ipc';
import { decidePath } from '../allowed-roots';

const MAX_ENTRIES = 1000;

export function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Real path of `path` if it is a directory inside one of `roots` (the home
 * folder and the app's data folder: allowed-roots.ts); without a path, home.
 */
export async function resolveInsideRoots(homeDir: string, path: string | undefined, roots: readonly string[]): Promise<Result<{ home: string; real: string; atRoot: boolean }>> {
  const home = await realpath(homeDir);
  if (path !== undefined && !isAbsolute(path)) return fail('invalid-path', 'Give a full folder path.');
  let real: string;
  try {
    real = await realpath(path ?? home);
  } catch {
    return fail('not-found', 'That folder does not exist.');
  }
  const realRoots = (await Promise.all(roots.map((r) => realpath(r).catch(() => undefined)))).filter((r): r is string => r !== undefined);
  if (decidePath(realRoots, real) === 'outside') return fail('outside-allowed-folders', 'Only folders inside your home folder or the app\'s data folder can be chosen here.');
  if (!(await stat(real)).isDirectory()) return fail('not-a-folder', 'That is a file, not a folder.');
  return ok({ home, real, atRoot: realRoots.includes(real) });
}

/**
 * The folders a listing shows: hidden ones (a leading dot) are left out,
 * unless there is nothing else, as in a home folder holding only `.config`
 * and the like (the chooser showed an empty list there).
 */
export function shownFolderNames(names: readonly string[]): string[] {
  const visible = names.filter((n) => !n.startsWith('.'));
  return visible.length > 0 ? visible : [...names];
}

export async function browse(homeDir: string, path: string | undefined, roots: readonly string[] = [homeDir]): Promise<Result<BrowseListing>> {
  const resolved = await resolveInsideRoots(homeDir, path, roots);
  if (!resolved.ok) return resolved;
  const { home, real, atRoot } = resolved.value;
  let names: string[];
  try {
    const dirents = await readdir(real, { withFileTypes: true });
    names = shownFolderNames(dirents.filter((d) => d.isDirectory()).map((d) => d.name));
  } catch {
    return fail('unreadable', 'That folder cannot be read (permissions).');
  }
  names.sort((a, b) => a.localeCompare(b));
  return ok({
    path: real,
    parent: atRoot ? undefined : dirname(real),
    home,
    entries: names.slice(0, MAX_ENTRIES).map((name) => ({ name, path: join(real, name) })),
    truncated: names.length > MAX_ENTRIES,
  });
}
