/**
 * The chosen take of each set (Keep), in `kept-takes.json` in the data folder:
 * `{ "<setId>": "<localId>" }`. A small file of its own beside the ledger: the
 * choice is the user's, not the service's, and the app, the browser shell and
 * the CLI all read it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isLocalId } from '../../../shared/domain/local-id';
import { SET_ID_PATTERN, type KeptTakes } from '../../../shared/domain/sets';
import { ok, type Result } from '../../../shared/ipc';
import type { HandlersFor } from '../contracts';
import { writeFileAtomic } from '../json-file';

export const KEPT_TAKES_FILE = 'kept-takes.json';

/** The choices a file holds, leaving out anything that is not a set id naming a local id. */
export function parseKeptTakes(text: string): KeptTakes {
  try {
    const raw = JSON.parse(text) as unknown;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
    const out: KeptTakes = {};
    for (const [setId, localId] of Object.entries(raw)) {
      if (SET_ID_PATTERN.test(setId) && isLocalId(localId)) out[setId] = localId;
    }
    return out;
  } catch {
    return {};
  }
}

/** The choices after keeping `localId` in `setId` (null: none kept). */
export function keepTake(kept: KeptTakes, setId: string, localId: string | null): KeptTakes {
  const next = { ...kept };
  if (localId) next[setId] = localId;
  else delete next[setId];
  return next;
}

export function createKeptTakes(dataDir: string): { get(): Result<KeptTakes>; keep(setId: string, localId: string | null): Promise<Result<KeptTakes>> } {
  const file = path.join(dataDir, KEPT_TAKES_FILE);
  let kept: KeptTakes | undefined;
  const load = (): KeptTakes => {
    if (kept) return kept;
    try {
      kept = parseKeptTakes(readFileSync(file, 'utf8'));
    } catch {
      kept = {};
    }
    return kept;
  };
  // Writes one after another, so the file ends with the last choice.
  let writing: Promise<void> = Promise.resolve();
  return {
    get: () => ok(load()),
    keep: async (setId, localId) => {
      kept = keepTake(load(), setId, localId);
      const snapshot = JSON.stringify(kept);
      writing = writing.then(() => writeFileAtomic(file, snapshot)).catch(() => undefined);
      await writing;
      return ok(kept);
    },
  };
}

export type KeptTakesChannel = 'jobs:keptTakes' | 'jobs:keep';

/** The handlers of the two kept-take channels (named jobs:* since the renderer reads them beside the history). */
export function createKeptTakesHandlers(dataDir: string): HandlersFor<KeptTakesChannel> {
  const kept = createKeptTakes(dataDir);
  return {
    'jobs:keptTakes': async () => kept.get(),
    'jobs:keep': async ({ setId, localId }) => kept.keep(setId, localId),
  };
}
