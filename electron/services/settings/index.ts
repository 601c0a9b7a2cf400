/** Settings: environments, keys, secrets. Placeholder until the settings issue fills it in. */
import type { BuiltinSandbox, Environment, EnvironmentRegistry, EventSink, PartialHandlers, Platform, SecretCipher } from '../contracts';

export interface SettingsDeps {
  dataDir: string;
  events: EventSink;
  platform: Platform;
  cipher: SecretCipher;
  builtinSandbox?: BuiltinSandbox;
  /** Process environment (ASSET_STUDIO_* variables), injected for tests. */
  env?: NodeJS.ProcessEnv;
}

export function setupSettings(deps: SettingsDeps): { registry: EnvironmentRegistry; handlers: PartialHandlers; dispose(): Promise<void> } {
  const sandbox = deps.builtinSandbox;
  const environments: Environment[] = sandbox
    ? [
        {
          id: 'sandbox',
          name: 'Sandbox (built-in)',
          baseUrl: sandbox.baseUrl,
          storageUrl: sandbox.storageUrl,
          builtin: true,
          keys: sandbox.keys.map((k, i) => ({ id: `sandbox-key-${i + 1}`, name: `Sandbox key ${i + 1}`, clientId: k.clientId, earlyAccess: k.earlyAccess, hasSecret: true })),
        },
      ]
    : [];
  const registry: EnvironmentRegistry = {
    list: () => environments,
    get: (id) => environments.find((e) => e.id === id),
    active: () => (environments[0]?.keys[0] ? { environment: environments[0], key: environments[0].keys[0] } : undefined),
    credentials: (envId, keyId) => {
      const env = environments.find((e) => e.id === envId);
      const idx = env?.keys.findIndex((k) => k.id === keyId) ?? -1;
      const k = idx >= 0 ? sandbox?.keys[idx] : undefined;
      return k ? { clientId: k.clientId, clientSecret: k.clientSecret } : undefined;
    },
    onChange: () => () => {},
  };
  return { registry, handlers: {}, dispose: async () => {} };
}
