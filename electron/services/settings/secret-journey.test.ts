/**
 * A full journey with real keys configured, through the composition root and
 * the dispatch gate the shells use: the secret never appears in anything the
 * renderer receives (results, events, error messages), in any log line, or in
 * any file in the data directory; and each environment's requests carry that
 * environment's own key (asserted on the upstream side).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { startSandbox } from '../../../sandbox';
import type { EnvironmentView, KeyView, RequestName, Result, SettingsSnapshot } from '../../../shared/ipc';
import { dispatch } from '../../ipc/dispatch';
import { createServices, type Services } from '../../compose';
import { createLogger } from '../log';
import { createHeadlessPlatform } from '../platform-headless';
import { fakeCipher, startFakeUpstream, type FakeUpstream } from './test-support';

const SECRET_A = 'sk_env_A_7c1d2e3f4a5b6c7d8e9f';
const SECRET_B = 'sk_typed_B_0a9b8c7d6e5f4a3b2c1d';
const CLIENT_A = 'client-A-0000000000001';
const CLIENT_B = 'client-B-0000000000002';
const SECRETS = [SECRET_A, SECRET_B];

let dataDir: string;
let upstreamA: FakeUpstream;
let upstreamB: FakeUpstream;
let services: Services[];
const received: unknown[] = [];
const logLines: string[] = [];

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'secret-journey-'));
  upstreamA = await startFakeUpstream(CLIENT_A, SECRET_A);
  upstreamB = await startFakeUpstream(CLIENT_B, SECRET_B);
  services = [];
  received.length = 0;
  logLines.length = 0;
});
afterEach(async () => {
  for (const s of services) await s.dispose();
  await upstreamA.close();
  await upstreamB.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function boot() {
  const log = createLogger({ dataDir, level: 'debug', stderr: { write: (line: string) => logLines.push(line) } });
  const s = await createServices({
    dataDir,
    platform: createHeadlessPlatform('web'),
    cipher: fakeCipher(),
    sandbox: 'none',
    log,
    env: { ASSET_STUDIO_BASE_URL: upstreamA.baseUrl, ASSET_STUDIO_STORAGE_URL: upstreamA.baseUrl, ASSET_STUDIO_CLIENT_ID: CLIENT_A, ASSET_STUDIO_CLIENT_SECRET: SECRET_A },
  });
  services.push(s);
  s.events.subscribe((name, payload) => received.push({ name, payload }));
  const call = async <T>(channel: RequestName, args: unknown): Promise<Result<T>> => {
    const result = (await dispatch(s.handlers, channel, args, { shell: 'web' }, (level, message) => log[level](message))) as Result<T>;
    received.push(result);
    return result;
  };
  return { s, log, call };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function expectNoSecretIn(text: string, where: string) {
  for (const secret of SECRETS) {
    expect(text.includes(secret), `${where} holds a secret`).toBe(false);
    expect(text.includes(Buffer.from(secret).toString('base64')), `${where} holds a base64 secret`).toBe(false);
  }
}

it('keeps both secrets out of results, events, errors, logs and files, and signs each environment with its own key', async () => {
  const { s, log, call } = await boot();

  const snap0 = await call<SettingsSnapshot>('settings:get', {});
  expect(snap0.ok && snap0.value.environments.map((e) => e.name)).toEqual(['From environment variables']);

  const env = await call<EnvironmentView>('settings:addEnvironment', { name: 'Studio account', baseUrl: upstreamB.baseUrl, storageUrl: upstreamB.baseUrl });
  if (!env.ok) throw new Error(env.problem.message);
  const key = await call<KeyView>('settings:addKey', { environmentId: env.value.id, name: 'Main', clientId: CLIENT_B, clientSecret: SECRET_B });
  if (!key.ok) throw new Error(key.problem.message);
  expect(key.value).toMatchObject({ hasSecret: true, storage: 'encrypted' });

  // Failures that carried the secret in their arguments: the answers must not echo it.
  const badArgs = await call('settings:addKey', { environmentId: env.value.id, name: '', clientId: CLIENT_B, clientSecret: SECRET_B, extra: SECRET_B });
  expect(badArgs.ok).toBe(false);
  const unknownEnv = await call('settings:addKey', { environmentId: 'nope', name: 'X', clientId: CLIENT_B, clientSecret: SECRET_B });
  expect(unknownEnv.ok).toBe(false);
  const tooLong = await call('settings:updateKey', { environmentId: env.value.id, keyId: key.value.id, clientSecret: SECRET_B.repeat(200) });
  expect(tooLong.ok).toBe(false);

  // Test each environment: each upstream sees only its own key.
  const testA = await call<{ outcome: string }>('settings:testConnection', { environmentId: 'env', keyId: 'env-key-1' });
  const testB = await call<{ outcome: string }>('settings:testConnection', { environmentId: env.value.id, keyId: key.value.id });
  expect([testA.ok && testA.value.outcome, testB.ok && testB.value.outcome]).toEqual(['connected', 'connected']);
  expect(upstreamA.requests.map((r) => [r.headers['x-client-id'], r.headers['x-client-secret']])).toEqual([[CLIENT_A, SECRET_A]]);
  expect(upstreamB.requests.map((r) => [r.headers['x-client-id'], r.headers['x-client-secret']])).toEqual([[CLIENT_B, SECRET_B]]);

  // Switching the active pair: the registry the engine signs from follows.
  await call('settings:setActive', { environmentId: env.value.id, keyId: key.value.id });
  expect(s.registry.active()).toMatchObject({ environment: { name: 'Studio account' }, key: { id: key.value.id } });
  await call('settings:setActive', { environmentId: 'env', keyId: 'env-key-1' });
  expect(s.registry.active()?.environment.name).toBe('From environment variables');

  // A careless log line holding a secret is redacted, because settings registered both.
  log.warn(`debugging ${SECRET_A} and ${SECRET_B}`, { header: SECRET_B });

  // Export channels on the same data dir, including a failure message.
  await call('export:listFolders', {});
  await call('export:addFolder', { path: join(dataDir, 'no-such-folder') });

  // Restart: the typed secret is still usable, and still nowhere in plain text.
  const second = await boot();
  const again = await second.call<{ outcome: string }>('settings:testConnection', { environmentId: env.value.id, keyId: key.value.id });
  expect(again.ok && again.value.outcome).toBe('connected');
  await second.call('settings:get', {});

  // Send the events still being coalesced, so every one is checked below.
  s.events.flush();
  second.s.events.flush();
  expect(received.length).toBeGreaterThan(10);
  expectNoSecretIn(JSON.stringify(received), 'a result or event');
  expect(logLines.length).toBeGreaterThan(0);
  expectNoSecretIn(logLines.join('\n'), 'a log line');
  expect(logLines.join('\n')).toContain('debugging [redacted] and [redacted]');
  for (const file of filesUnder(dataDir)) expectNoSecretIn(readFileSync(file, 'utf8'), file);
  expect(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).toContain('"encoding": "cipher"');
});

it('a full journey with jobs: the typed key signs jobs on its own service, and neither the ledger, the exports nor the logs hold it', async () => {
  const secondDir = mkdtempSync(join(tmpdir(), 'second-sandbox-'));
  const second = await startSandbox({ port: 0, dataDir: secondDir, jobSeconds: 0.5 });
  try {
    const key = second.keys[0]!;
    SECRETS.push(key.clientSecret);
    const log = createLogger({ dataDir, level: 'debug', stderr: { write: (line: string) => logLines.push(line) } });
    const s = await createServices({ dataDir, platform: createHeadlessPlatform('web'), cipher: fakeCipher(), sandbox: 'embedded', log, env: {} });
    services.push(s);
    s.events.subscribe((name, payload) => received.push({ name, payload }));
    const call = async <T>(channel: RequestName, args: unknown): Promise<T> => {
      // As the Electron shell: the project folder lives in a temp dir, outside the browser shell's home limit.
      const result = (await dispatch(s.handlers, channel, args, { shell: 'electron' })) as Result<T>;
      received.push(result);
      if (!result.ok) throw new Error(`${channel}: ${result.problem.message}`);
      return result.value;
    };

    const env = await call<EnvironmentView>('settings:addEnvironment', { name: 'Account', baseUrl: second.baseUrl, storageUrl: second.storageUrl });
    const k = await call<KeyView>('settings:addKey', { environmentId: env.id, name: 'Main', clientId: key.clientId, clientSecret: key.clientSecret });
    const [onSecond, onBuiltin] = await Promise.all([
      call<{ localId: string }>('jobs:submit', { kind: 'text-to-3d', fields: { prompt: 'crate for the account', targetFaceCount: 500 }, environmentId: env.id, keyId: k.id }),
      call<{ localId: string }>('jobs:submit', { kind: 'text-to-3d', fields: { prompt: 'crate for the sandbox', targetFaceCount: 500 }, environmentId: 'sandbox', keyId: 'sandbox-key-1' }),
    ]);
    /** Until the job ended and its asset is verified (waitFor can settle on success just before the download is recorded). */
    const finished = async (localId: string) => {
      await s.engine!.waitFor(localId);
      await vi.waitFor(() => expect(s.engine!.get(localId)!.asset?.state).toMatch(/^(ready|unavailable)$/), { timeout: 20_000, interval: 100 });
      return s.engine!.get(localId)!;
    };
    const done = await Promise.all([finished(onSecond.localId), finished(onBuiltin.localId)]);
    expect(done.map((j) => [j.state, j.asset?.state, j.environmentName])).toEqual([
      ['success', 'ready', 'Account'],
      ['success', 'ready', 'Sandbox (built-in)'],
    ]);
    // The account's service saw only its own key, always accepted.
    expect(second.jobs().map((j) => j.clientId)).toEqual([key.clientId]);
    // Public asset downloads carry no key (null); every signed request carried this one and was accepted.
    expect(second.requests.every((r) => (r.clientId === key.clientId || r.clientId === null) && r.status !== 401)).toBe(true);
    expect(second.requests.filter((r) => r.clientId === key.clientId).length).toBeGreaterThan(1);

    const project = join(dataDir, 'project');
    mkdirSync(project);
    const folder = await call<{ id: string }>('export:addFolder', { path: project });
    const report = await call<{ items: { ok: boolean }[] }>('export:run', { localIds: [onSecond.localId, onBuiltin.localId], folderId: folder.id, options: { sidecar: true } });
    expect(report.items.map((i) => i.ok)).toEqual([true, true]);
    expect(filesUnder(project).filter((f) => f.endsWith('.asset.json'))).toHaveLength(2);

    s.events.flush();
    expectNoSecretIn(JSON.stringify(received), 'a result or event');
    expectNoSecretIn(logLines.join('\n'), 'a log line');
    // The built-in sandbox keeps its own keys in its state (it is the service); everything else is the app's.
    for (const file of filesUnder(dataDir).filter((f) => !f.startsWith(join(dataDir, 'sandbox')))) {
      if (/\.(glb|png)$/.test(file)) continue;
      expectNoSecretIn(readFileSync(file, 'utf8'), file);
    }
  } finally {
    SECRETS.pop();
    await second.close();
    rmSync(secondDir, { recursive: true, force: true });
  }
}, 60_000);
