/**
 * A key's secret goes only where it was entered for: a renderer that points
 * an environment elsewhere never gets a request signed with the old secret
 * there, and plain http:// reaches only this
 * computer unless the environment visibly allows it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REQUESTS, type ConnectionTest, type EnvironmentView, type KeyView, type RequestName, type Result } from '../../../shared/ipc';
import type { HandlerContext, PartialHandlers } from '../contracts';
import { setupSettings, type SettingsSetup } from '.';
import { fakeCipher, startFakeUpstream, type FakeUpstream } from './test-support';

const SECRET = 'sk_live_origin_bound_0123456789';
const CLIENT_ID = 'client-origin-0123456789';
const ctx: HandlerContext = { shell: 'web' };

let dataDir: string;
let upstream: FakeUpstream;
let attacker: FakeUpstream;
let setup: SettingsSetup;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'secret-origin-'));
  upstream = await startFakeUpstream(CLIENT_ID, SECRET);
  attacker = await startFakeUpstream('anyone', 'anything');
  setup = setupSettings({
    dataDir,
    events: { emit: () => {} },
    platform: { shell: 'web', notify: () => false, revealInFolder: async () => false, isFocused: () => true },
    cipher: fakeCipher(),
    env: {},
  });
});
afterEach(async () => {
  await setup.dispose();
  await upstream.close();
  await attacker.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call<T>(name: RequestName, args: unknown): Promise<Result<T>> {
  const handler = (setup.handlers as PartialHandlers)[name] as (a: unknown, c: HandlerContext) => Promise<Result<T>>;
  return handler(REQUESTS[name].args.parse(args), ctx);
}
async function value<T>(name: RequestName, args: unknown): Promise<T> {
  const r = await call<T>(name, args);
  if (!r.ok) throw new Error(`${name}: ${r.problem.message}`);
  return r.value;
}

async function environmentWithKey(): Promise<{ env: EnvironmentView; key: KeyView }> {
  const env = await value<EnvironmentView>('settings:addEnvironment', { name: 'Production', baseUrl: upstream.baseUrl, storageUrl: `${upstream.baseUrl}/storage` });
  const key = await value<KeyView>('settings:addKey', { environmentId: env.id, name: 'Main', clientId: CLIENT_ID, clientSecret: SECRET });
  return { env, key };
}

describe('a secret is bound to the origin it was entered for', () => {
  it('pointing the base URL at another host forgets the secret, so Test connection sends nothing there', async () => {
    const { env, key } = await environmentWithKey();
    const moved = await value<EnvironmentView & { secretsForgotten?: string[] }>('settings:updateEnvironment', { environmentId: env.id, baseUrl: attacker.baseUrl });
    const test = await value<ConnectionTest>('settings:testConnection', { environmentId: env.id, keyId: key.id });
    expect(attacker.requests.map((r) => r.headers['x-client-secret'])).toEqual([]);
    expect(test.outcome).toBe('no-secret');
    expect(moved.secretsForgotten).toEqual(['Main']);
    expect(moved.keys[0]).toMatchObject({ hasSecret: false, storage: 'none' });
    expect(setup.registry.credentials(env.id, key.id)).toBeUndefined();
  });

  it('moving only the storage origin forgets the secret too', async () => {
    const { env, key } = await environmentWithKey();
    const moved = await value<EnvironmentView & { secretsForgotten?: string[] }>('settings:updateEnvironment', { environmentId: env.id, storageUrl: `${attacker.baseUrl}/storage` });
    expect(moved.secretsForgotten).toEqual(['Main']);
    expect(setup.registry.credentials(env.id, key.id)).toBeUndefined();
  });

  it('keeps the secret when only the name or the path changes (same origin)', async () => {
    const { env, key } = await environmentWithKey();
    const renamed = await value<EnvironmentView & { secretsForgotten?: string[] }>('settings:updateEnvironment', {
      environmentId: env.id,
      name: 'Prod',
      baseUrl: `${upstream.baseUrl}/v1/`,
      storageUrl: `${upstream.baseUrl}/files`,
    });
    expect(renamed.secretsForgotten ?? []).toEqual([]);
    expect(setup.registry.credentials(env.id, key.id)?.clientSecret).toBe(SECRET);
  });

  it('a secret typed again after the move is used at the new origin', async () => {
    const { env, key } = await environmentWithKey();
    await value('settings:updateEnvironment', { environmentId: env.id, baseUrl: attacker.baseUrl });
    await value('settings:updateKey', { environmentId: env.id, keyId: key.id, clientSecret: 'typed-for-the-new-host' });
    expect(setup.registry.credentials(env.id, key.id)?.clientSecret).toBe('typed-for-the-new-host');
  });
});

describe('plain http:// only to this computer, unless the environment allows it', () => {
  it('refuses a remote http:// base or storage URL without the override, naming the field', async () => {
    const added = await call<EnvironmentView>('settings:addEnvironment', { name: 'Clear', baseUrl: 'http://api.example.com', storageUrl: 'https://cdn.example.com' });
    expect(added.ok).toBe(false);
    if (added.ok) return;
    expect(added.problem.reason).toBe('plain-http');
    expect(added.problem.message).toMatch(/https:\/\//);
    expect(added.problem.fields?.map((f) => f.field)).toEqual(['baseUrl']);
    expect((await value<{ environments: unknown[] }>('settings:get', {})).environments).toHaveLength(0);
  });

  it('accepts loopback http:// (the sandbox, a local proxy) without asking', async () => {
    const env = await value<EnvironmentView>('settings:addEnvironment', { name: 'Local', baseUrl: 'http://127.0.0.1:9/api', storageUrl: 'http://localhost:9/storage' });
    expect(env.plainHttp ?? false).toBe(false);
  });

  it('accepts remote http:// with the explicit override, and the environment then says so', async () => {
    const env = await value<EnvironmentView>('settings:addEnvironment', { name: 'Lab', baseUrl: 'http://lab.internal:8080', storageUrl: 'http://lab.internal:8081', allowPlainHttp: true });
    expect(env).toMatchObject({ plainHttp: true, allowPlainHttp: true });
    // Turning the override off while the URLs are still plain http:// is refused.
    const off = await call<EnvironmentView>('settings:updateEnvironment', { environmentId: env.id, allowPlainHttp: false });
    expect(off.ok).toBe(false);
  });

  it('refuses to move an environment to remote http:// without the override, and keeps its secret', async () => {
    const { env, key } = await environmentWithKey();
    const moved = await call<EnvironmentView>('settings:updateEnvironment', { environmentId: env.id, baseUrl: 'http://api.example.com' });
    expect(moved.ok).toBe(false);
    expect(setup.registry.credentials(env.id, key.id)?.clientSecret).toBe(SECRET);
  });
});

describe('keys from environment variables', () => {
  it('are not loaded for a plain http:// base URL to another computer, and Settings says why', async () => {
    const fromVars = setupSettings({
      dataDir,
      events: { emit: () => {} },
      platform: { shell: 'cli', notify: () => false, revealInFolder: async () => false, isFocused: () => true },
      cipher: fakeCipher('none', false),
      env: { ASSET_STUDIO_BASE_URL: 'http://api.example.com', ASSET_STUDIO_CLIENT_ID: CLIENT_ID, ASSET_STUDIO_CLIENT_SECRET: SECRET },
    });
    const snap = fromVars.snapshot();
    expect(snap.environments).toHaveLength(0);
    expect(snap.storage.notices.join(' ')).toMatch(/plain http:\/\/ to another computer/);
    await fromVars.dispose();
  });
});
