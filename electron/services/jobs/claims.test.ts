import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Claims } from './claims';
import { tempDir } from './test/harness';

const DEAD = '2147483646.deadbeef0000';
const LIVE_OTHER = `${process.ppid}.cafe00000000`;

describe('Claims.sweep at start', () => {
  it.each([
    ['a dead holder, the record needs no more work (an old sent job)', DEAD, false, true],
    ['a dead holder, the record still needs work (a killed send: made uncertain next)', DEAD, true, false],
    ['a live other holder (the CLI finishing its send)', LIVE_OTHER, false, false],
    ['a live other holder, work needed', LIVE_OTHER, true, false],
  ])('%s → removed: %s', (_what, holder, needed, removed) => {
    const ledgerDir = tempDir('claims');
    const claims = new Claims(ledgerDir);
    fs.writeFileSync(path.join(ledgerDir, 'claims', 'job1'), holder);
    expect(claims.sweep(() => needed)).toBe(removed ? 1 : 0);
    expect(fs.existsSync(path.join(ledgerDir, 'claims', 'job1'))).toBe(!removed);
  });

  it("removes this engine's own claim once its record needs nothing, and keeps the downloads' apart", () => {
    const ledgerDir = tempDir('claims');
    const sends = new Claims(ledgerDir);
    const downloads = new Claims(ledgerDir, 'downloads');
    expect(sends.claim('job1') && downloads.claim('job1')).toBe(true);
    expect(sends.sweep(() => false)).toBe(1);
    expect(downloads.holder('job1')).toBe(downloads.token);
  });
});
