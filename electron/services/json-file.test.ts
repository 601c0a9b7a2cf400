import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asideName, openJsonFile, openJsonFileSync, writeFileAtomic, writeFileAtomicSync, writeJsonFileSync } from './json-file';

const schema = z.object({ version: z.literal(1), names: z.array(z.string()) });
const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'json-file-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('opening a JSON file against its schema', () => {
  it.each([
    ['absent: nothing, nothing set aside', undefined, {}],
    ['valid: its content', '{"version":1,"names":["a"]}', { value: { version: 1, names: ['a'] } }],
    ['not JSON: set aside', '{"version":1,', 'aside'],
    ['JSON that fails the schema: set aside', '{"version":2,"names":[]}', 'aside'],
    ['empty: set aside', '', 'aside'],
  ] as const)('%s', async (_case, content, expected) => {
    for (const open of [openJsonFileSync, openJsonFile]) {
      const dir = temp();
      const file = path.join(dir, 'exports.json');
      if (content !== undefined) writeFileSync(file, content);
      const opened = await open(file, schema);
      if (expected === 'aside') {
        expect(opened.value).toBeUndefined();
        expect(opened.setAside).toMatch(/exports\.unreadable-\d+\.json$/);
        // The user's file is kept, byte for byte, and the name is free for a fresh one.
        expect(readFileSync(opened.setAside!, 'utf8')).toBe(content);
        expect(readdirSync(dir)).toEqual([path.basename(opened.setAside!)]);
      } else {
        expect(opened).toEqual(expected);
      }
    }
  });

  it('names the set-aside copy after the file, in its folder', () => {
    expect(asideName('/data/secrets.json', 42)).toBe('/data/secrets.unreadable-42.json');
    expect(asideName('/data/batches/b-1.json', 7)).toBe('/data/batches/b-1.unreadable-7.json');
  });
});

describe('writing atomically', () => {
  it('replaces the content whole, user-only, leaving no temporary file', async () => {
    const dir = temp();
    const file = path.join(dir, 'deep', 'er', 'secrets.json');
    writeFileAtomicSync(file, 'one');
    await writeFileAtomic(file, 'two');
    expect(readFileSync(file, 'utf8')).toBe('two');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.dirname(file))).toEqual(['secrets.json']);
    writeJsonFileSync(file, { version: 1, names: [] });
    expect(readFileSync(file, 'utf8')).toBe('{\n "version": 1,\n "names": []\n}\n');
  });

  it('makes no folder when told not to, and leaves no temporary file when it fails', async () => {
    const dir = temp();
    const file = path.join(dir, 'gone', 'report.csv');
    await expect(writeFileAtomic(file, 'x', { createFolder: false })).rejects.toThrow(/ENOENT/);
    expect(() => writeFileAtomicSync(file, 'x', { createFolder: false })).toThrow(/ENOENT/);
    expect(readdirSync(dir)).toEqual([]);
  });
});
