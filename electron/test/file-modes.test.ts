/**
 * File modes on POSIX: the data folder is the user's
 * only (0700), and the files that hold prompts or credentials (the job
 * store's database, the sandbox's state, settings, secrets, batches, logs) are readable
 * by the user only (0600), even under the usual umask 022 that would make new
 * files world-readable.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobRecord } from '../../shared/domain/job';
import type { HandlerContext, SecretCipher } from '../services/contracts';
import { createServices, type Services } from '../compose';
import { secureDataDir } from '../services/data-dir';
import { JobStore } from '../services/jobs/store/job-store';
import { createLogger, silentLogger } from '../services/log';
import { createHeadlessPlatform } from '../services/platform-headless';
import { writeFileAtomic } from '../services/json-file';

const keychainCipher: SecretCipher = {
  backend: 'safe-storage',
  isEncryptionAvailable: () => true,
  encrypt: (plain) => Buffer.from(Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)),
  decrypt: (data) => Buffer.from(data.map((b) => b ^ 0x5a)).toString('utf8'),
};
const ctx: HandlerContext = { shell: 'cli' };
const record = (i: number): JobRecord =>
  ({ localId: `rec${String(i).padStart(8, '0')}`, kind: 'text-to-3d', state: 'queued', environmentId: 'env', keyId: 'k0', request: { prompt: 'a private prompt' }, prompt: 'a private prompt', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' }) as unknown as JobRecord;
const mode = (p: string) => fs.statSync(p).mode & 0o777;
const octal = (m: number) => `0${m.toString(8)}`;

// Windows has no POSIX modes; its data folder lives under the user's own profile instead.
describe.skipIf(process.platform === 'win32')('file modes of the data folder', () => {
  let root: string;
  let previousUmask: number;
  let services: Services | undefined;
  beforeEach(() => {
    previousUmask = process.umask(0o022);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'file-modes-'));
  });
  afterEach(async () => {
    await services?.dispose();
    services = undefined;
    process.umask(previousUmask);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('makes the data folder 0700, new or already there with looser modes', () => {
    const fresh = path.join(root, 'new', 'Asset Studio');
    secureDataDir(fresh);
    expect(octal(mode(fresh))).toBe('0700');
    const loose = path.join(root, 'loose');
    fs.mkdirSync(loose, { mode: 0o755 });
    secureDataDir(loose);
    expect(octal(mode(loose))).toBe('0700');
  });

  it('starting the app leaves the data folder 0700 and every file with prompts or credentials 0600', async () => {
    const dataDir = path.join(root, 'Asset Studio');
    services = await createServices({ dataDir, platform: createHeadlessPlatform('cli'), cipher: keychainCipher, log: silentLogger, env: {} });
    const added = await services.handlers['settings:addEnvironment']({ name: 'Prod', baseUrl: 'https://api.example.com', storageUrl: 'https://cdn.example.com' }, ctx);
    if (!added.ok) throw new Error(added.problem.message);
    const key = await services.handlers['settings:addKey']({ environmentId: added.value.id, name: 'Main', clientId: 'client-1', clientSecret: 'sk_live_modes_0123' }, ctx);
    expect(key.ok).toBe(true);
    const submitted = await services.handlers['jobs:submit']({ kind: 'text-to-3d', fields: { prompt: 'a private prompt' } } as never, ctx);
    expect(submitted.ok).toBe(true);
    await services.dispose();
    services = undefined;

    expect(octal(mode(dataDir))).toBe('0700');
    const files = ['config.json', 'secrets.json', 'studio.sqlite', path.join('sandbox', 'sandbox-state.json')];
    for (const file of files) expect(`${file} ${octal(mode(path.join(dataDir, file)))}`).toBe(`${file} 0600`);
  });

  it('the job store writes its database and the database’s write-ahead log 0600', () => {
    const store = new JobStore({ dataDir: root });
    store.load();
    store.put(record(1), true);
    store.put(record(2));
    for (const file of ['studio.sqlite', 'studio.sqlite-wal', 'studio.sqlite-shm']) {
      expect(`${file} ${octal(mode(path.join(root, file)))}`).toBe(`${file} 0600`);
    }
    store.close();
  });

  it('batches (their rows hold prompts) and logs are written 0600', async () => {
    const batchFile = path.join(root, 'batches', 'b_1.json');
    await writeFileAtomic(batchFile, '{"rows":[{"fields":{"prompt":"secret plan"}}]}');
    expect(octal(mode(batchFile))).toBe('0600');
    const log = createLogger({ dataDir: root, stderr: null });
    log.info('a line');
    expect(octal(mode(path.join(root, 'logs', 'main.log')))).toBe('0600');
  });
});
