import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openServices } from './services';

describe('openServices (CLI)', () => {
  it('uses the data directory from ASSET_STUDIO_DATA_DIR and the CLI shell, and keeps the terminal quiet', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'as-cli-services-'));
    const stderr: string[] = [];
    const services = await openServices({ env: { ASSET_STUDIO_DATA_DIR: dataDir }, stderr: { write: (s: string) => stderr.push(s) } }, { sandbox: 'none' });
    try {
      expect(services.dataDir).toBe(dataDir);
      const info = await services.handlers['app:info']!({}, { shell: 'cli' });
      expect(info).toMatchObject({ ok: true, value: { dataDir } });
      services.log.info('a detail for the log file only');
      expect(stderr.join('')).not.toContain('a detail for the log file only');
      expect(fs.readFileSync(path.join(dataDir, 'logs', 'cli.log'), 'utf8')).toContain('a detail for the log file only');
    } finally {
      await services.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
