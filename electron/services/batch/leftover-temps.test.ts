import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LEFTOVER_AFTER_MS, isLeftoverTemp, sweepLeftoverTemps } from './leftover-temps';
import { writeReports } from './output';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const OLD = NOW - LEFTOVER_AFTER_MS;
const FRESH = NOW - 5_000;

describe('isLeftoverTemp', () => {
  it.each([
    ['.batch-report.html.a1b2c3d4e5f6.tmp', OLD, true],
    ['.batch-report.csv.a1b2c3d4e5f6.tmp', OLD, true],
    ['.batch-report.json.a1b2c3d4e5f6.tmp', OLD - 1, true],
    // A live writer (the app or the CLI on the same batch) may be about to rename it.
    ['.batch-report.html.a1b2c3d4e5f6.tmp', FRESH, false],
    ['.row-3-oak-lantern.glb.48211.tmp', OLD, true],
    ['.row-3-oak-lantern.png.7.tmp', OLD, true],
    ['.row-3-oak-lantern.glb.48211.tmp', FRESH, false],
    // The user's own files, whatever their age.
    ['batch-report.html', OLD, false],
    ['.notes.tmp', OLD, false],
    ['.cache.1.tmp', OLD, false],
    ['lamp.glb', OLD, false],
  ])('%s (modified %i) → %s', (name, modified, leftover) => {
    expect(isLeftoverTemp(name, modified, NOW)).toBe(leftover);
  });
});

describe('a killed run’s temporary files', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('are gone once the next report is written; fresh ones and the user’s files stay', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'batch-out-'));
    const old = new Date(Date.now() - LEFTOVER_AFTER_MS - 60_000);
    for (const name of ['.batch-report.html.0123456789ab.tmp', '.row-1-lamp.glb.4242.tmp', '.notes.tmp']) {
      writeFileSync(path.join(dir, name), 'half');
      utimesSync(path.join(dir, name), old, old);
    }
    writeFileSync(path.join(dir, '.batch-report.csv.ba9876543210.tmp'), 'being written');
    await writeReports(dir, []);
    expect(readdirSync(dir).sort()).toEqual(['.batch-report.csv.ba9876543210.tmp', '.notes.tmp', 'batch-report.csv', 'batch-report.html', 'batch-report.json']);
  });

  it('a folder that cannot be read is passed over', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'batch-out-'));
    expect(await sweepLeftoverTemps(path.join(dir, 'missing'))).toEqual([]);
  });
});
