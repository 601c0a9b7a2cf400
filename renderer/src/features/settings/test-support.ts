/**
 * Shared set-up for the settings feature's component tests: a web-shell bridge whose
 * api holds only the host calls a test gives it, the host's answer shape, and the two
 * environments the tests list (the built-in sandbox and a user-added Production).
 */
import { vi } from 'vitest';
import type { EnvironmentView } from '../../../../shared/ipc';
import { installBridge, type Bridge } from '../../bridge';

/** The host's answer for a call that succeeded. */
export const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });

/** Installs a web-shell bridge whose api is `api` (by domain: `{ settings: {...}, export: {...} }`); anything else is missing. */
export function installHostApi(api: Record<string, unknown>): Bridge {
  const bridge: Bridge = {
    api: api as unknown as Bridge['api'],
    shell: 'web',
    assetUrl: () => '',
    stageFile: vi.fn() as unknown as Bridge['stageFile'],
    assetRequestHeaders: () => ({}),
  };
  installBridge(bridge);
  return bridge;
}

/** The built-in sandbox as the host lists it, without keys; a test adds its own. */
export const SANDBOX_ENVIRONMENT: EnvironmentView = {
  id: 'sandbox',
  name: 'Sandbox (built-in)',
  baseUrl: 'http://127.0.0.1:1',
  storageUrl: 'http://127.0.0.1:1',
  builtin: true,
  source: 'builtin',
  keys: [],
};

/** An environment the user added, without keys. */
export const PRODUCTION_ENVIRONMENT: EnvironmentView = {
  id: 'env-prod',
  name: 'Production',
  baseUrl: 'https://api.example.com',
  storageUrl: 'https://cdn.example.com',
  builtin: false,
  source: 'user',
  keys: [],
};
