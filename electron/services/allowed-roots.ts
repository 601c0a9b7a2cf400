/**
 * The browser shell's allowed-folder rule. A page in a
 * browser may name paths only inside the user's home folder and the app's
 * data folder (staged files of a recorded request live there). Every
 * path-taking channel (files:stagePath, batch:import and its rows' files,
 * batch:start, export:addFolder, export:browse) asks the same gate, at the
 * moment it uses the path, and so does every channel that uses a stored
 * project folder (export:run, export:check, export:setBudget: storedFolderAtUse):
 *
 * - the path is resolved through every symlink first (`realpath`), so a
 *   folder swapped for a link after it was checked is judged by where it
 *   leads now;
 * - a path that does not exist yet (a batch's new output folder) is judged by
 *   its nearest existing parent, before anything is created.
 *
 * Electron's window and the CLI take paths from the user's own dialogs and
 * command line: their gate only resolves (no roots).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/ipc';
import type { HandlerContext } from './contracts';

/** Whether `target` is `root` or inside it (both already real, absolute paths). */
export function isWithin(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The pure rule: a real path is allowed when it lies in one of the real roots. */
export function decidePath(realRoots: readonly string[], realPath: string): 'inside' | 'outside' {
  return realRoots.some((root) => isWithin(root, realPath)) ? 'inside' : 'outside';
}

export interface PathGate {
  /** Real path of `p` when it may be used; `allowMissing` judges a path that does not exist yet by its nearest existing parent. */
  check(p: string, options?: { allowMissing?: boolean }): Promise<Result<string>>;
}

export const OUTSIDE_ROOTS_MESSAGE = 'In the browser, Asset Studio only reads and writes inside your home folder and its own data folder.';

/** The refusal in full: what the rule is, where the home folder is, and what to do instead. */
export function outsideRootsMessage(homeDir: string | undefined): string {
  const where = homeDir ? `Choose a folder inside your home folder (${homeDir})` : 'Choose a folder inside your home folder';
  return `${OUTSIDE_ROOTS_MESSAGE} ${where}, or use the desktop app to reach folders anywhere else.`;
}

/** The roots of the browser shell: the home folder and the data folder. */
export function allowedRoots(dataDir: string, homeDir: string = os.homedir()): string[] {
  return [homeDir, dataDir];
}

async function realRootsOf(roots: readonly string[]): Promise<string[]> {
  const real = await Promise.all(roots.map((r) => fs.realpath(r).catch(() => undefined)));
  return real.filter((r): r is string => r !== undefined);
}

/** `p` resolved through symlinks; a missing tail is kept as written under its nearest existing (real) parent. */
async function realPathOf(p: string, allowMissing: boolean): Promise<string | undefined> {
  let existing = path.resolve(p);
  const tail: string[] = [];
  for (;;) {
    try {
      const real = await fs.realpath(existing);
      return path.join(real, ...tail.reverse());
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (!allowMissing || code !== 'ENOENT') return undefined;
      const parent = path.dirname(existing);
      if (parent === existing) return undefined;
      tail.push(path.basename(existing));
      existing = parent;
    }
  }
}

/** A gate held to `roots` (the browser shell's). */
export function rootedGate(roots: readonly string[]): PathGate {
  return {
    async check(p, options = {}) {
      if (!path.isAbsolute(p)) return fail('invalid-path', 'Give the full path.');
      const real = await realPathOf(p, options.allowMissing ?? false);
      if (!real) return fail('not-found', `Nothing is at ${p}.`);
      if (decidePath(await realRootsOf(roots), real) === 'outside') return fail('outside-allowed-folders', outsideRootsMessage(roots[0])); // the home folder comes first (allowedRoots)
      return ok(real);
    },
  };
}

/** A gate that only resolves (Electron's dialogs, the CLI's own arguments). */
export const openGate: PathGate = {
  async check(p, options = {}) {
    const real = await realPathOf(p, options.allowMissing ?? false);
    return real ? ok(real) : fail('not-found', `Nothing is at ${p}.`);
  },
};

/** The gate for a request from `ctx`'s shell. */
export function gateFor(ctx: HandlerContext, dataDir: string, homeDir?: string): PathGate {
  return ctx.shell === 'web' ? rootedGate(allowedRoots(dataDir, homeDir)) : openGate;
}

/**
 * A project folder is judged again when it is used: it
 * was stored by its real path, so a real path that differs now means the
 * folder (or a folder above it) was replaced by a link since it was added;
 * from the browser shell it must also still lie in the allowed folders.
 * Undefined when the folder may be used (a missing one is left to the caller's own words).
 */
export async function storedFolderAtUse(
  folderPath: string,
  ctx: HandlerContext,
  dataDir?: string,
  homeDir?: string,
  /** How the refusal names the folder and what to do (a batch's output folder is not a project folder). */
  words: { folder: string; when: string; remedy: string } = { folder: 'project folder', when: 'it was added', remedy: 'add the folder again if that is where exports should go' },
): Promise<string | undefined> {
  let real: string;
  try {
    real = await fs.realpath(folderPath);
  } catch {
    return undefined;
  }
  if (real !== folderPath) {
    return `The ${words.folder} ${folderPath} now leads somewhere else (${real}): it was replaced by a link after ${words.when}. Nothing was read or written there; ${words.remedy}.`;
  }
  if (ctx.shell === 'web' && dataDir !== undefined) {
    const inside = await gateFor(ctx, dataDir, homeDir).check(real);
    if (!inside.ok) return inside.problem.message;
  }
  return undefined;
}
