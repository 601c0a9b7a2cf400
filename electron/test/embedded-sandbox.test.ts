import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SecretCipher } from '../services/contracts';
import { createServices, sandboxJobSeconds, type Services } from '../compose';
import { silentLogger } from '../services/log';
import { createHeadlessPlatform } from '../services/platform-headless';

/** A reversible stand-in for the OS keychain: what it writes is not the plain text. */
const keychainCipher: SecretCipher = {
  backend: 'safe-storage',
  isEncryptionAvailable: () => true,
  encrypt: (plain) => Buffer.from(Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)),
  decrypt: (data) => Buffer.from(data.map((b) => b ^ 0x5a)).toString('utf8'),
};

describe('the built-in sandbox inside the app', () => {
  let services: Services | undefined;
  let dataDir: string;
  afterEach(async () => {
    await services?.dispose();
    services = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps its key secrets sealed with the keychain cipher, and restores them on the next start', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-embedded-'));
    const start = () =>
      createServices({ dataDir, platform: createHeadlessPlatform('cli'), cipher: keychainCipher, log: silentLogger, env: {} });
    services = await start();
    const key = services.sandbox!.keys[0]!;
    await services.dispose();

    const stateFiles = fs.readdirSync(path.join(dataDir, 'sandbox')).filter((f) => f.endsWith('.json'));
    expect(stateFiles.length).toBeGreaterThan(0);
    for (const file of stateFiles) {
      expect(fs.readFileSync(path.join(dataDir, 'sandbox', file), 'utf8')).not.toContain(key.clientSecret);
    }

    services = await start();
    expect(services.sandbox!.keys[0]).toMatchObject({ clientId: key.clientId, clientSecret: key.clientSecret });
  });
});

describe('ASSET_STUDIO_SANDBOX_JOB_SECONDS', () => {
  it('sets how long built-in sandbox jobs take, and ignores values that are not seconds', () => {
    expect(sandboxJobSeconds({ ASSET_STUDIO_SANDBOX_JOB_SECONDS: '1.5' })).toBe(1.5);
    expect(sandboxJobSeconds({})).toBeUndefined();
    expect(sandboxJobSeconds({ ASSET_STUDIO_SANDBOX_JOB_SECONDS: 'fast' })).toBeUndefined();
    expect(sandboxJobSeconds({ ASSET_STUDIO_SANDBOX_JOB_SECONDS: '-1' })).toBeUndefined();
  });
});
