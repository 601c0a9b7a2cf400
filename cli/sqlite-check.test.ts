/**
 * Every process checks at start that node:sqlite opens with full-text search:
 * on a Node without it, the CLI's commands, the browser shell and the
 * services every shell is built on fail with the one plain sentence and
 * write nothing into the data folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const NO_SQLITE = "Asset Studio keeps its jobs and library in SQLite through Node's built-in node:sqlite, which this Node (20.20.2) does not have: run it with Node 24 or newer.";
vi.mock('../electron/services/store/sqlite-support', () => ({ sqliteProblem: () => NO_SQLITE, loadSqlite: () => null }));

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function emptyDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'as-no-sqlite-'));
  dirs.push(dir);
  return dir;
}

describe('a Node without node:sqlite', () => {
  it('a CLI command says so in one sentence and exits with failure, leaving the data folder untouched', async () => {
    const { runCli } = await import('./main');
    const dataDir = emptyDataDir();
    const stderr: string[] = [];
    const stdout: string[] = [];
    const code = await runCli(['jobs'], { commandsDir: path.join(__dirname, 'commands'), io: { env: { ASSET_STUDIO_DATA_DIR: dataDir }, stderr: { write: (s: string) => stderr.push(s) }, stdout: { write: (s: string) => stdout.push(s) } } });
    expect(code).not.toBe(0);
    expect(stderr.join('')).toContain(NO_SQLITE);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('the services every shell starts from (Electron main, the browser shell) refuse with the same sentence', async () => {
    const { createServices } = await import('../electron/compose');
    const { createHeadlessPlatform, noCipher } = await import('../electron/services/platform-headless');
    const { silentLogger } = await import('../electron/services/log');
    const dataDir = emptyDataDir();
    await expect(createServices({ dataDir, platform: createHeadlessPlatform('web'), cipher: noCipher, log: silentLogger, sandbox: 'none', env: {} })).rejects.toThrow(NO_SQLITE);
    expect(fs.readdirSync(dataDir)).toEqual([]);
    const { startWebShell } = await import('../electron/shells/web');
    await expect(startWebShell({ services: {} as never, rendererDir: dataDir })).rejects.toThrow(NO_SQLITE);
  });
});
