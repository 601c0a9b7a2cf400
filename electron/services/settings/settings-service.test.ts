import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../shared/domain/job';
import { REQUESTS, type ConnectionTest, type EnvironmentView, type KeyView, type RequestName, type Result, type SettingsSnapshot } from '../../../shared/ipc';
import type { BuiltinSandbox, HandlerContext, PartialHandlers, SecretCipher } from '../contracts';
import type { JobEngine } from '../jobs/engine-api';
import { CONFIG_VERSION } from './config-store';
import { setupSettings, type SettingsSetup } from '.';
import { fakeCipher, startFakeUpstream, type FakeUpstream } from './test-support';

const SECRET = 'sk_live_Zr8Qw3Uu7Yp1Lm4Nc6Vb';
const CLIENT_ID = 'client-abcdef0123456789';
const ctx: HandlerContext = { shell: 'electron' };

let dataDir: string;
let upstream: FakeUpstream;
let setups: SettingsSetup[];

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'settings-test-'));
  upstream = await startFakeUpstream(CLIENT_ID, SECRET);
  setups = [];
});
afterEach(async () => {
  for (const s of setups) await s.dispose();
  await upstream.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function start(options: { cipher?: SecretCipher; env?: NodeJS.ProcessEnv; sandbox?: BuiltinSandbox; registered?: string[]; now?: () => Date } = {}) {
  const emitted: unknown[] = [];
  const setup = setupSettings({
    dataDir,
    events: { emit: (_name, payload) => emitted.push(payload) },
    platform: { shell: 'electron', notify: () => false, revealInFolder: async () => false, isFocused: () => true },
    cipher: options.cipher ?? fakeCipher(),
    builtinSandbox: options.sandbox,
    env: options.env ?? {},
    registerSecret: (s) => options.registered?.push(s),
    now: options.now,
  });
  setups.push(setup);
  const call = async <T>(name: RequestName, args: unknown): Promise<Result<T>> => {
    const handler = (setup.handlers as PartialHandlers)[name] as (a: unknown, c: HandlerContext) => Promise<Result<T>>;
    return handler(REQUESTS[name].args.parse(args), ctx);
  };
  const value = async <T>(name: RequestName, args: unknown): Promise<T> => {
    const r = await call<T>(name, args);
    if (!r.ok) throw new Error(`${name}: ${r.problem.message}`);
    return r.value;
  };
  return { setup, emitted, call, value };
}

function sandbox(): BuiltinSandbox & { early: Record<string, boolean> } {
  const early: Record<string, boolean> = {};
  return {
    baseUrl: 'http://127.0.0.1:1',
    storageUrl: 'http://127.0.0.1:1/storage',
    keys: [{ clientId: 'sandbox-client-0000001', clientSecret: 'sandbox-secret-aaaa', earlyAccess: false }],
    setEarlyAccess: (id, on) => {
      early[id] = on;
    },
    early,
  };
}

describe('environments and keys', () => {
  it('always lists the built-in sandbox first and mirrors its early-access switch', async () => {
    const sb = sandbox();
    const { value } = start({ sandbox: sb });
    const snap = await value<SettingsSnapshot>('settings:get', {});
    expect(snap.environments.map((e) => e.name)).toEqual(['Sandbox (built-in)']);
    expect(snap.active).toEqual({ environmentId: 'sandbox', keyId: 'sandbox-key-1' });
    await value<KeyView>('settings:updateKey', { environmentId: 'sandbox', keyId: 'sandbox-key-1', earlyAccess: true });
    expect(sb.early).toEqual({ 'sandbox-client-0000001': true });
    // Remembered and mirrored again on the next start.
    const sb2 = sandbox();
    const again = start({ sandbox: sb2 });
    expect((await again.value<SettingsSnapshot>('settings:get', {})).environments[0]!.keys[0]!.earlyAccess).toBe(true);
    expect(sb2.early).toEqual({ 'sandbox-client-0000001': true });
  });

  it('refuses to edit or remove the built-in sandbox', async () => {
    const { call } = start({ sandbox: sandbox() });
    expect((await call('settings:removeEnvironment', { environmentId: 'sandbox' })).ok).toBe(false);
    expect((await call('settings:updateKey', { environmentId: 'sandbox', keyId: 'sandbox-key-1', clientSecret: 'x' })).ok).toBe(false);
  });

  it('accepts only http(s) URLs for an environment', () => {
    const schema = REQUESTS['settings:addEnvironment'].args;
    expect(schema.safeParse({ name: 'Prod', baseUrl: 'https://api.example.com', storageUrl: 'https://cdn.example.com' }).success).toBe(true);
    for (const bad of ['ftp://x', 'javascript:alert(1)', 'file:///etc', 'not a url', 'https://user:pw@example.com']) {
      expect(schema.safeParse({ name: 'X', baseUrl: bad, storageUrl: 'https://cdn.example.com' }).success, bad).toBe(false);
    }
  });

  it('stores the secret encrypted, masks the client id, and switches the active key', async () => {
    const { value, emitted, setup } = start({ sandbox: sandbox() });
    const env = await value<EnvironmentView>('settings:addEnvironment', { name: 'Production', baseUrl: `${upstream.baseUrl}/`, storageUrl: 'https://cdn.example.com' });
    expect(env.baseUrl).toBe(upstream.baseUrl);
    const key = await value<KeyView>('settings:addKey', { environmentId: env.id, name: 'Main', clientId: CLIENT_ID, clientSecret: SECRET });
    expect(key).toMatchObject({ name: 'Main', clientIdMasked: 'clie…6789', hasSecret: true, storage: 'encrypted' });
    const stored = readFileSync(join(dataDir, 'secrets.json'), 'utf8');
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain(Buffer.from(SECRET).toString('base64'));
    expect(readFileSync(join(dataDir, 'config.json'), 'utf8')).not.toContain(SECRET);
    await value('settings:setActive', { environmentId: env.id, keyId: key.id });
    expect(setup.registry.active()?.environment.name).toBe('Production');
    expect(setup.registry.credentials(env.id, key.id)).toEqual({ clientId: CLIENT_ID, clientSecret: SECRET });
    expect(emitted.length).toBeGreaterThan(0);
    expect(JSON.stringify(emitted)).not.toContain(SECRET);
    expect(JSON.stringify(emitted)).not.toContain(CLIENT_ID);
    // After a restart the encrypted secret is still there.
    const again = start({ sandbox: sandbox() });
    expect(again.setup.registry.credentials(env.id, key.id)?.clientSecret).toBe(SECRET);
    expect(again.setup.registry.active()?.key.id).toBe(key.id);
  });

  it('tests the connection in words: accepted, rejected, unreachable', async () => {
    const { value } = start();
    const env = await value<EnvironmentView>('settings:addEnvironment', { name: 'Real', baseUrl: upstream.baseUrl, storageUrl: upstream.baseUrl });
    const good = await value<KeyView>('settings:addKey', { environmentId: env.id, name: 'Good', clientId: CLIENT_ID, clientSecret: SECRET });
    const bad = await value<KeyView>('settings:addKey', { environmentId: env.id, name: 'Bad', clientId: CLIENT_ID, clientSecret: 'wrong-secret' });
    expect(await value<ConnectionTest>('settings:testConnection', { environmentId: env.id, keyId: good.id })).toEqual({
      outcome: 'connected',
      status: 404,
      message: 'Connected: the service accepted this key.',
    });
    const rejected = await value<ConnectionTest>('settings:testConnection', { environmentId: env.id, keyId: bad.id });
    expect(rejected.message).toBe('The service rejected this key (401). Check the client id and secret.');
    expect(upstream.requests[0]).toMatchObject({ method: 'GET' });
    expect(upstream.requests[0]!.path).toMatch(/^\/jobs\/connection-test-/);
    expect(upstream.requests[0]!.headers).toMatchObject({ 'x-client-id': CLIENT_ID, 'x-client-secret': SECRET });
    const closed = await value<EnvironmentView>('settings:addEnvironment', { name: 'Down', baseUrl: 'http://127.0.0.1:9', storageUrl: 'http://127.0.0.1:9' });
    const k = await value<KeyView>('settings:addKey', { environmentId: closed.id, name: 'K', clientId: CLIENT_ID, clientSecret: SECRET });
    const down = await value<ConnectionTest>('settings:testConnection', { environmentId: closed.id, keyId: k.id });
    expect(down.outcome).toBe('unreachable');
    expect(down.message).toMatch(/Could not reach http:\/\/127\.0\.0\.1:9/);
    expect(down.message).not.toContain(SECRET);
    const noSecret = await value<KeyView>('settings:addKey', { environmentId: env.id, name: 'Empty', clientId: CLIENT_ID });
    expect((await value<ConnectionTest>('settings:testConnection', { environmentId: env.id, keyId: noSecret.id })).outcome).toBe('no-secret');
  });

  it('revoking a key deletes its secret from disk and from the registry', async () => {
    const { value, setup } = start();
    const env = await value<EnvironmentView>('settings:addEnvironment', { name: 'Real', baseUrl: upstream.baseUrl, storageUrl: upstream.baseUrl });
    const key = await value<KeyView>('settings:addKey', { environmentId: env.id, name: 'Main', clientId: CLIENT_ID, clientSecret: SECRET });
    expect(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).secrets[key.id]).toBeDefined();
    await value('settings:revokeKey', { environmentId: env.id, keyId: key.id });
    expect(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).secrets[key.id]).toBeUndefined();
    expect(setup.registry.credentials(env.id, key.id)).toBeUndefined();
    expect(setup.registry.get(env.id)?.keys).toEqual([]);
  });
});

describe('when the OS cannot protect secrets', () => {
  it('Linux basic-text: says so and makes the user choose session-only or unprotected', async () => {
    const { value, call } = start({ cipher: fakeCipher('basic-text') });
    const snap = await value<SettingsSnapshot>('settings:get', {});
    expect(snap.storage.protectedStorageAvailable).toBe(false);
    expect(snap.storage.message).toMatch(/fixed password/);
    const env = await value<EnvironmentView>('settings:addEnvironment', { name: 'Real', baseUrl: upstream.baseUrl, storageUrl: upstream.baseUrl });
    const refused = await call('settings:addKey', { environmentId: env.id, name: 'K', clientId: CLIENT_ID, clientSecret: SECRET });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.problem.reason).toBe('storage-choice-needed');
    const session = await value<KeyView>('settings:addKey', { environmentId: env.id, name: 'Session', clientId: CLIENT_ID, clientSecret: SECRET, storage: 'session' });
    const unprotected = await value<KeyView>('settings:addKey', { environmentId: env.id, name: 'Disk', clientId: CLIENT_ID, clientSecret: SECRET, storage: 'unprotected' });
    expect([session.storage, unprotected.storage]).toEqual(['session', 'unprotected']);
    // Restart: the session-only secret is gone, the unprotected one stays.
    const again = start({ cipher: fakeCipher('basic-text') });
    const keys = (await again.value<SettingsSnapshot>('settings:get', {})).environments[0]!.keys;
    expect(keys.map((k) => [k.name, k.hasSecret])).toEqual([
      ['Session', false],
      ['Disk', true],
    ]);
  });

  it('browser shell / CLI: keys come from environment variables and Settings says which', async () => {
    const registered: string[] = [];
    const { value, setup } = start({
      cipher: fakeCipher('none', false),
      registered,
      env: {
        ASSET_STUDIO_BASE_URL: upstream.baseUrl,
        ASSET_STUDIO_STORAGE_URL: 'https://cdn.example.com',
        ASSET_STUDIO_KEYS: JSON.stringify([{ clientId: CLIENT_ID, clientSecret: SECRET }, { clientId: 'second-client-id-000', clientSecret: 'second-secret' }]),
      },
    });
    const snap = await value<SettingsSnapshot>('settings:get', {});
    expect(snap.environments[0]).toMatchObject({ name: 'From environment variables', source: 'environment' });
    expect(snap.environments[0]!.keys.map((k) => k.storage)).toEqual(['environment', 'environment']);
    expect(snap.storage.notices).toContain('2 keys read from environment variables.');
    expect(setup.secretSource()).toBe('environment');
    expect(JSON.stringify(snap)).not.toContain(SECRET);
    expect(registered).toEqual(expect.arrayContaining([SECRET, 'second-secret']));
    expect(setup.registry.credentials('env', 'env-key-2')).toEqual({ clientId: 'second-client-id-000', clientSecret: 'second-secret' });
  });

  it('reads keys.json only when no other user can read it', async () => {
    const file = join(dataDir, 'keys.json');
    writeFileSync(file, JSON.stringify({ name: 'Studio account', baseUrl: upstream.baseUrl, storageUrl: upstream.baseUrl, keys: [{ clientId: CLIENT_ID, clientSecret: SECRET }] }));
    chmodSync(file, 0o644);
    const refused = start({ cipher: fakeCipher('none', false) });
    const snap = await refused.value<SettingsSnapshot>('settings:get', {});
    expect(snap.environments).toEqual([]);
    expect(snap.storage.notices.join(' ')).toMatch(/not read: other users can access it \(mode 644\)/);
    chmodSync(file, 0o600);
    const accepted = start({ cipher: fakeCipher('none', false) });
    const snap2 = await accepted.value<SettingsSnapshot>('settings:get', {});
    expect(snap2.environments[0]).toMatchObject({ name: 'Studio account', source: 'file' });
    expect(accepted.setup.secretSource()).toBe('file');
    expect(accepted.setup.registry.credentials('file-1', 'file-1-key-1')?.clientSecret).toBe(SECRET);
  });
});

describe('persistence', () => {
  it('migrates an older settings file to the current version', async () => {
    writeFileSync(
      join(dataDir, 'config.json'),
      JSON.stringify({
        schemaVersion: 1,
        environments: [{ id: 'env-old', name: 'Old', baseUrl: 'https://a.example', storageUrl: 'https://b.example', keys: [{ id: 'key-old', name: 'K', clientId: 'abcdefghijkl', earlyAccess: false, secret: 'none' }] }],
        activeEnvironmentId: 'env-old',
        activeKeyId: 'key-old',
      }),
    );
    const { value } = start();
    const snap = await value<SettingsSnapshot>('settings:get', {});
    expect(snap.active).toEqual({ environmentId: 'env-old', keyId: 'key-old' });
    expect(snap.exportDefaults.template).toBe('{prompt-slug}_{jobId8}');
    expect(JSON.parse(readFileSync(join(dataDir, 'config.json'), 'utf8')).schemaVersion).toBe(CONFIG_VERSION);
  });

  it('keeps an unreadable settings file aside and starts from defaults', async () => {
    writeFileSync(join(dataDir, 'config.json'), '{ not json');
    const { value } = start();
    const snap = await value<SettingsSnapshot>('settings:get', {});
    expect(snap.environments).toEqual([]);
    expect(snap.storage.notices.join(' ')).toMatch(/could not be read/);
    expect(existsSync(join(dataDir, 'config.json'))).toBe(true);
  });

  it('remembers layout and export defaults', async () => {
    const { value } = start();
    await value('settings:setLayout', { window: { width: 1400, height: 900 }, historyWidth: 380 });
    await value('settings:setExportDefaults', { upAxis: 'z', sidecar: false });
    const snap = await start().value<SettingsSnapshot>('settings:get', {});
    expect(snap.layout).toEqual({ window: { width: 1400, height: 900 }, historyWidth: 380 });
    expect(snap.exportDefaults).toMatchObject({ upAxis: 'z', sidecar: false, template: '{prompt-slug}_{jobId8}' });
  });

  it('records the last 402 balance with its date from the engine', async () => {
    const { setup, value } = start({ sandbox: sandbox() });
    let listener: ((job: JobRecord) => void) | undefined;
    const engine = { list: () => [], onChange: (l: (job: JobRecord) => void) => ((listener = l), () => {}) } as unknown as JobEngine;
    setup.watchEngine(engine);
    listener!({ environmentId: 'sandbox', keyId: 'sandbox-key-1', updatedAt: '2026-11-22T09:00:00.000Z', problem: { status: 402, message: 'x', credits: { required: 30, available: 12 } } } as JobRecord);
    const snap = await value<SettingsSnapshot>('settings:get', {});
    expect(snap.credits).toEqual([{ environmentId: 'sandbox', keyId: 'sandbox-key-1', available: 12, required: 30, at: '2026-11-22T09:00:00.000Z', source: 'refusal' }]);
  });

  it("takes a balance typed in Settings as the key's last known figure; the top bar's glance takes off what was spent after it", async () => {
    const sb = { ...sandbox(), rateCard: { perKind: { 'text-to-3d': 20 }, quads: 10, highFaceCount: 10 } };
    let clock = new Date('2026-11-27T10:00:00.000Z');
    const { setup, value, call } = start({ sandbox: sb, now: () => clock });
    const paid = (localId: string, acceptedAt: string) =>
      ({ localId, kind: 'text-to-3d', jobId: `up-${localId}`, environmentId: 'sandbox', environmentName: 'Sandbox (built-in)', keyId: 'sandbox-key-1', keyName: 'Sandbox key 1', request: { prompt: 'x' }, createdAt: acceptedAt, acceptedAt }) as unknown as JobRecord;
    const jobs = [paid('before', '2026-11-27T09:00:00.000Z')];
    setup.watchEngine({ list: () => jobs, onChange: () => () => {} } as unknown as JobEngine);
    await value('settings:setActive', { environmentId: 'sandbox', keyId: 'sandbox-key-1' });
    expect((await value<{ balance?: unknown }>('settings:moneyGlance', { periodDays: 7 })).balance).toBeUndefined();

    const typed = await value<{ source: string; at: string }>('settings:setBalance', { environmentId: 'sandbox', keyId: 'sandbox-key-1', available: 500 });
    expect(typed).toMatchObject({ source: 'typed', at: '2026-11-27T10:00:00.000Z' });
    jobs.push(paid('after', '2026-11-27T10:30:00.000Z'));
    clock = new Date('2026-11-27T11:00:00.000Z');
    const glance = await value<{ balance: { known: number; estimate: number; source: string }; period: { days: number; credits: number } }>('settings:moneyGlance', { periodDays: 7 });
    expect(glance.balance).toMatchObject({ known: 500, estimate: 480, source: 'typed' });
    expect(glance.period).toMatchObject({ days: 7, credits: 40 });
    // Kept across restarts; an unknown key or a negative figure is refused.
    expect((await start().value<SettingsSnapshot>('settings:get', {})).credits).toEqual([{ environmentId: 'sandbox', keyId: 'sandbox-key-1', available: 500, at: '2026-11-27T10:00:00.000Z', source: 'typed' }]);
    const unknown = await call('settings:setBalance', { environmentId: 'sandbox', keyId: 'no-such-key', available: 5 });
    expect(unknown.ok ? 'accepted' : unknown.problem.reason).toBe('not-found');
    expect(REQUESTS['settings:setBalance'].args.safeParse({ environmentId: 'sandbox', keyId: 'sandbox-key-1', available: -1 }).success).toBe(false);
  });

  it('keeps a rate card typed for an added environment across restarts; the built-in sandbox keeps its own; bad figures never reach the service', async () => {
    const { value, call } = start({ sandbox: sandbox() });
    const env = await value<EnvironmentView>('settings:addEnvironment', { name: 'Prod', baseUrl: 'https://api.example.com', storageUrl: 'https://cdn.example.com' });
    const card = { perKind: { 'text-to-3d': 25, 'text-to-image': 4 }, quads: 12, highFaceCount: 8 };
    expect((await value<EnvironmentView>('settings:setRateCard', { environmentId: env.id, rateCard: card })).rateCard).toEqual(card);
    const again = await start().value<SettingsSnapshot>('settings:get', {});
    expect(again.environments.find((e) => e.id === env.id)!.rateCard).toEqual(card);
    const refused = await call('settings:setRateCard', { environmentId: 'sandbox', rateCard: card });
    expect(refused.ok ? 'accepted' : refused.problem.reason).toBe('read-only');
    const schema = REQUESTS['settings:setRateCard'].args;
    for (const bad of [{ ...card, quads: -1 }, { ...card, perKind: { 'text-to-3d': 2.5 } }, { ...card, perKind: { 'no-such-kind': 3 } }, { perKind: {} }]) {
      expect(schema.safeParse({ environmentId: env.id, rateCard: bad }).success, JSON.stringify(bad)).toBe(false);
    }
    await value('settings:setRateCard', { environmentId: env.id, rateCard: null });
    expect((await start().value<SettingsSnapshot>('settings:get', {})).environments.find((e) => e.id === env.id)!.rateCard).toBeUndefined();
  });

  it('estimates each key\'s spend per local day from the whole ledger, removed jobs included', async () => {
    const sb = { ...sandbox(), rateCard: { perKind: { 'text-to-3d': 20 }, quads: 10, highFaceCount: 10 } };
    const { setup, value } = start({ sandbox: sb });
    const paid = (localId: string, acceptedAt: string, extra: Partial<JobRecord> = {}) =>
      ({ localId, kind: 'text-to-3d', jobId: `up-${localId}`, environmentId: 'sandbox', environmentName: 'Sandbox (built-in)', keyId: 'sandbox-key-1', keyName: 'Sandbox key 1', request: { prompt: 'x' }, createdAt: acceptedAt, acceptedAt, ...extra }) as JobRecord;
    const jobs = [paid('a', '2026-11-20T23:30:00.000Z'), paid('b', '2026-11-21T08:00:00.000Z', { hidden: true }), paid('c', '2026-11-21T09:00:00.000Z', { jobId: undefined })];
    let asked: unknown;
    const engine = { list: (o: unknown) => ((asked = o), jobs), onChange: () => () => {} } as unknown as JobEngine;
    setup.watchEngine(engine);
    // At UTC+1 the 23:30 UTC job falls on the 21st with the other paid one.
    const spend = await value<{ days: { day: string; jobs: number; credits: number }[] }[]>('settings:estimateSpend', { utcOffsetMinutes: 60 });
    expect(asked).toEqual({ includeHidden: true });
    expect(spend[0]!.days).toEqual([{ day: '2026-11-21', jobs: 2, credits: 40, unpriced: 0 }]);
    const utc = await value<{ days: { day: string }[] }[]>('settings:estimateSpend', { utcOffsetMinutes: 0 });
    expect(utc[0]!.days.map((d) => d.day)).toEqual(['2026-11-21', '2026-11-20']);
  });
});
