import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportTempName, isStaleExportTemp, sweepExportTemp } from './stale-temp';

const alive = (pid: number) => pid === 2000;
const HOUR = 60 * 60_000;

describe('isStaleExportTemp', () => {
  it.each([
    ['.0a1b2c3d4e5f.1000.asset-studio.tmp', 0, true, 'its writer (pid 1000) is gone'],
    ['.0a1b2c3d4e5f.2000.asset-studio.tmp', HOUR * 5, false, 'another live process (the CLI beside the app) may be writing it'],
    ['.0a1b2c3d4e5f.3000.asset-studio.tmp', 0, false, 'this process wrote it: another export here may be writing it'],
    ['.0a1b2c3d4e5f.asset-studio.tmp', HOUR + 1, true, 'an older version wrote no pid; an hour old, no export is still writing it'],
    ['.0a1b2c3d4e5f.asset-studio.tmp', 60_000, false, 'no pid and a minute old: it may be being written'],
    ['chair.glb', HOUR * 5, false, "the user's own file"],
    ['.chair.1000.asset-studio.tmp', 0, false, 'not a name the exporter writes'],
    ['.0a1b2c3d4e5f.1000.asset-studio.tmp.bak', 0, false, 'not a name the exporter writes'],
  ])('%s (age %d ms) → %s: %s', (name, ageMs, stale) => {
    expect(isStaleExportTemp({ name, ageMs, alive, self: 3000 })).toBe(stale);
  });

  it('names its own temp files so a later sweep can tell whose they are', () => {
    expect(isStaleExportTemp({ name: exportTempName('0a1b2c3d4e5f', 1000), ageMs: 0, alive, self: 3000 })).toBe(true);
    expect(isStaleExportTemp({ name: exportTempName('0a1b2c3d4e5f'), ageMs: 0, alive: () => false })).toBe(false);
  });
});

describe('sweepExportTemp', () => {
  it("removes a killed export's temp file from a project folder and nothing else", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asset-studio-export-sweep-'));
    const dead = path.join(dir, '.0a1b2c3d4e5f.2147483646.asset-studio.tmp');
    const live = path.join(dir, `.0a1b2c3d4e5f.${process.ppid}.asset-studio.tmp`);
    const mine = path.join(dir, 'chair.glb');
    for (const f of [dead, live, mine]) fs.writeFileSync(f, 'x');
    expect(await sweepExportTemp(dir)).toEqual([dead]);
    expect(fs.existsSync(live) && fs.existsSync(mine)).toBe(true);
  });
});
