import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { browse, shownFolderNames } from './browse';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the folder chooser', () => {
  it.each([
    ['hidden folders are left out beside visible ones', ['.cache', 'games', '.config', 'art'], ['games', 'art']],
    ['a folder holding only hidden folders lists them rather than nothing', ['.config', '.local'], ['.config', '.local']],
    ['an empty folder is empty', [], []],
  ] as const)('%s', (_case, names, expected) => {
    expect(shownFolderNames(names)).toEqual(expected);
  });

  it('a home folder with only hidden folders is not shown as an empty list', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'browse-home-'));
    made.push(home);
    fs.mkdirSync(path.join(home, '.config'));
    fs.mkdirSync(path.join(home, '.local'));
    const listing = await browse(home, undefined);
    expect(listing.ok && listing.value.entries.map((e) => e.name)).toEqual(['.config', '.local']);
  });

  it('an existing folder outside the allowed ones is not called missing', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'browse-home-'));
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'browse-elsewhere-'));
    made.push(home, elsewhere);
    const listing = await browse(home, elsewhere);
    expect(listing.ok).toBe(false);
    expect(!listing.ok && listing.problem.message).not.toMatch(/does not exist/);
    expect(!listing.ok && listing.problem.message).toMatch(/inside your home folder/);
  });
});
