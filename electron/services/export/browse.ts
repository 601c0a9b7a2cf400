/**
 * The browser shell's folder chooser: lists directories under the user's
 * home directory only. Every path is resolved through symlinks first and
 * refused if the real path leaves home.
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fail, ok, type BrowseListing, type Result } from '../../../shared/ipc';

const MAX_ENTRIES = 1000;

export function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Real path of `path` if it is a directory inside the real home directory. */
export async function resolveInsideHome(homeDir: string, path: string | undefined): Promise<Result<{ home: string; real: string }>> {
  const home = await realpath(homeDir);
  if (path !== undefined && !isAbsolute(path)) return fail('invalid-path', 'Give a full folder path.');
  let real: string;
  try {
    real = await realpath(path ?? home);
  } catch {
    return fail('not-found', 'That folder does not exist.');
  }
  if (!isInside(home, real)) return fail('outside-home', 'Only folders inside your home directory can be chosen here.');
  if (!(await stat(real)).isDirectory()) return fail('not-a-folder', 'That is a file, not a folder.');
  return ok({ home, real });
}

export async function browse(homeDir: string, path: string | undefined): Promise<Result<BrowseListing>> {
  const resolved = await resolveInsideHome(homeDir, path);
  if (!resolved.ok) return resolved;
  const { home, real } = resolved.value;
  let names: string[];
  try {
    const dirents = await readdir(real, { withFileTypes: true });
    names = dirents.filter((d) => d.isDirectory() && !d.name.startsWith('.')).map((d) => d.name);
  } catch {
    return fail('unreadable', 'That folder cannot be read (permissions).');
  }
  names.sort((a, b) => a.localeCompare(b));
  return ok({
    path: real,
    parent: real === home ? undefined : dirname(real),
    home,
    entries: names.slice(0, MAX_ENTRIES).map((name) => ({ name, path: join(real, name) })),
    truncated: names.length > MAX_ENTRIES,
  });
}
