/**
 * `asset-studio help` as a user runs it (its own process, the sources loaded
 * the way bin/asset-studio.mjs loads them) prints nothing on stderr. It used
 * to print three's "require(\"three\") is deprecated" warning on every command:
 * the export formats required three's CommonJS build when `help` loaded them.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('asset-studio help', () => {
  it('lists the commands, cancel among them, with nothing on stderr', async () => {
    const bin = path.join(__dirname, '..', 'bin', 'asset-studio.mjs');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-help-'));
    const child = spawn(process.execPath, [bin, 'help'], { env: { ...process.env, ASSET_STUDIO_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/^\s+cancel\s+Cancel a request that has not been sent yet$/m);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);
});
