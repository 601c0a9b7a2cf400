/**
 * The CLI's first start on a data folder an older version used: the job
 * history moves from the journal into the database with progress on stderr,
 * and the command then answers from the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { JobRecord } from '../shared/domain/job';
import { Ledger } from '../electron/services/jobs/store/legacy-journal';
import { sampleRecord } from '../electron/services/jobs/store/test/records';
import { runCli } from './main';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

it('asset-studio jobs on an old journal: "Moving the job history into the database: N of M" on stderr, then every job listed', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'as-cli-move-'));
  dirs.push(dataDir);
  const ledger = new Ledger({ dir: path.join(dataDir, 'ledger') });
  ledger.load();
  for (let i = 0; i < 2_500; i++) ledger.put(sampleRecord(i));
  ledger.close();
  const stderr: string[] = [];
  const stdout: string[] = [];
  const code = await runCli(['jobs', '--json', '--all'], {
    commandsDir: path.join(__dirname, 'commands'),
    io: { env: { ASSET_STUDIO_DATA_DIR: dataDir }, stderr: { write: (s: string) => stderr.push(s) }, stdout: { write: (s: string) => stdout.push(s) } },
  });
  expect(code).toBe(0);
  const lines = stderr.join('').split('\n').filter((l) => l.startsWith('Moving the job history'));
  expect(lines).toEqual(['Moving the job history into the database: 0 of 2500', 'Moving the job history into the database: 2000 of 2500', 'Moving the job history into the database: 2500 of 2500']);
  expect((JSON.parse(stdout.join('')) as JobRecord[]).length).toBe(2_500);
  expect(fs.existsSync(path.join(dataDir, 'ledger.moved-to-studio-sqlite', 'journal.jsonl'))).toBe(true);
}, 60_000);
