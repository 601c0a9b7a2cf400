/** Test helpers: an environment registry over a running sandbox, and a temp data directory. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Credentials, Environment, EnvironmentRegistry } from '../../contracts';

export interface KeySpec {
  clientId: string;
  clientSecret: string;
  earlyAccess?: boolean;
}

/** A fixed registry: one environment with the given keys (ids k0, k1, ...). */
export function staticRegistry(baseUrl: string, storageUrl: string, keys: KeySpec[], environmentId = 'env-test'): EnvironmentRegistry {
  const environment: Environment = {
    id: environmentId,
    name: 'Test sandbox',
    baseUrl,
    storageUrl,
    builtin: false,
    keys: keys.map((k, i) => ({ id: `k${i}`, name: `Key ${i}`, clientId: k.clientId, earlyAccess: k.earlyAccess ?? false, hasSecret: true })),
  };
  return {
    list: () => [environment],
    get: (id) => (id === environmentId ? environment : undefined),
    active: () => ({ environment, key: environment.keys[0]! }),
    credentials: (envId, keyId): Credentials | undefined => {
      if (envId !== environmentId) return undefined;
      const i = Number(keyId.slice(1));
      const k = keys[i];
      return k ? { clientId: k.clientId, clientSecret: k.clientSecret } : undefined;
    },
    onChange: () => () => undefined,
  };
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `asset-studio-${prefix}-`));
}

export async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Timing for tests: short sandbox jobs, fast polls. */
export const FAST_TIMING = {
  pollFirstMs: 80,
  pollMaxMs: 400,
  pollFloorMs: 40,
  // A bound of 0.1 s and a 40 ms margin: dense polls every 50 ms for the sandbox's short test jobs.
  pollBoundFloorMs: 100,
  pollLatenessMs: 40,
  pollSparseFloorMs: 80,
  invalidWindowMs: 3_000,
  downloadDeadlineMs: 20_000,
  downloadRetryBaseMs: 50,
  downloadRetryCapMs: 400,
  retryBaseMs: 40,
  retryCapMs: 400,
  refreshMs: 200,
};

export interface EnvSpec {
  id: string;
  name: string;
  baseUrl: string;
  storageUrl: string;
  keys: KeySpec[];
}

/** A fixed registry of several environments (each one's keys are k0, k1, ...); the first is active. */
export function multiRegistry(envs: EnvSpec[]): EnvironmentRegistry {
  const environments: Environment[] = envs.map((e) => ({
    id: e.id,
    name: e.name,
    baseUrl: e.baseUrl,
    storageUrl: e.storageUrl,
    builtin: false,
    keys: e.keys.map((k, i) => ({ id: `k${i}`, name: `Key ${i}`, clientId: k.clientId, earlyAccess: k.earlyAccess ?? false, hasSecret: true })),
  }));
  return {
    list: () => environments,
    get: (id) => environments.find((e) => e.id === id),
    active: () => ({ environment: environments[0]!, key: environments[0]!.keys[0]! }),
    credentials: (envId, keyId): Credentials | undefined => {
      const k = envs.find((e) => e.id === envId)?.keys[Number(keyId.slice(1))];
      return k ? { clientId: k.clientId, clientSecret: k.clientSecret } : undefined;
    },
    onChange: () => () => undefined,
  };
}
