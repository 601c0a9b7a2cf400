/**
 * The settings service's second job, on its own: assembling the one list of
 * environments from its four sources (the built-in sandbox, the ASSET_STUDIO_*
 * variables, keys.json, what the user added in Settings), the rule for which of
 * them the user may change, and the views the renderer sees (masked client
 * ids, never a secret). Pure functions of what they are given.
 */
import type { RateCard } from '../../../shared/api';
import { isPlainHttpToRemote } from '../../../shared/domain/url-safety';
import { fail, type EnvironmentSource, type EnvironmentView, type KeyView, type Problem, type SecretStorage } from '../../../shared/ipc';
import type { BuiltinSandbox, Environment, KeyInfo } from '../contracts';
import type { ExternalEnvironment } from '../secrets/external-keys';
import { maskClientId } from '../secrets/mask';
import type { SecretMode } from '../secrets/secret-store';
import type { Config } from './config-store';

export const BUILTIN_ENVIRONMENT_ID = 'sandbox';
export const BUILTIN_ENVIRONMENT_NAME = 'Sandbox (built-in)';

export interface RuntimeKey {
  info: KeyInfo;
  storage: SecretStorage;
}
export interface RuntimeEnvironment {
  env: Omit<Environment, 'keys'>;
  source: EnvironmentSource;
  keys: RuntimeKey[];
  /** The user allowed plain http:// to another computer for it. */
  allowPlainHttp: boolean;
  rateCard?: RateCard;
}

export interface EnvironmentSources {
  config: Config;
  sandbox?: BuiltinSandbox;
  external: ExternalEnvironment[];
  /** How a user key's secret is kept, or undefined when it has none. */
  secretMode(keyId: string): SecretMode | undefined;
}

/** Every environment, in the order Settings lists them: the sandbox, the external ones, then the user's. */
export function assembleEnvironments({ config: cfg, sandbox, external, secretMode }: EnvironmentSources): RuntimeEnvironment[] {
  const list: RuntimeEnvironment[] = [];
  if (sandbox) {
    list.push({
      env: { id: BUILTIN_ENVIRONMENT_ID, name: BUILTIN_ENVIRONMENT_NAME, baseUrl: sandbox.baseUrl, storageUrl: sandbox.storageUrl, builtin: true },
      source: 'builtin',
      allowPlainHttp: false,
      ...(sandbox.rateCard ? { rateCard: sandbox.rateCard } : {}),
      keys: sandbox.keys.map((k, i) => ({
        info: {
          id: `sandbox-key-${i + 1}`,
          name: `Sandbox key ${i + 1}`,
          clientId: k.clientId,
          earlyAccess: cfg.sandboxEarlyAccess[k.clientId] ?? k.earlyAccess,
          hasSecret: true,
        },
        storage: 'builtin',
      })),
    });
  }
  for (const ext of external) {
    list.push({
      env: { id: ext.id, name: ext.name, baseUrl: ext.baseUrl, storageUrl: ext.storageUrl, builtin: false },
      source: ext.source,
      allowPlainHttp: false,
      keys: ext.keys.map((k, i) => ({
        info: { id: `${ext.id}-key-${i + 1}`, name: k.name, clientId: k.clientId, earlyAccess: k.earlyAccess, hasSecret: true },
        storage: ext.source,
      })),
    });
  }
  for (const env of cfg.environments) {
    list.push({
      env: { id: env.id, name: env.name, baseUrl: env.baseUrl, storageUrl: env.storageUrl, builtin: false },
      source: 'user',
      allowPlainHttp: env.allowPlainHttp ?? false,
      ...(env.rateCard ? { rateCard: env.rateCard } : {}),
      keys: env.keys.map((k) => {
        const mode = secretMode(k.id);
        return {
          info: { id: k.id, name: k.name, clientId: k.clientId, earlyAccess: k.earlyAccess, hasSecret: mode !== undefined },
          storage: mode ?? 'none',
        };
      }),
    });
  }
  return list;
}

/** Only environments added in Settings can be changed there; the others say where they come from. */
export function userEnvironmentProblem(env: RuntimeEnvironment | undefined): { ok: false; problem: Problem } | undefined {
  if (!env) return fail('not-found', 'That environment does not exist.');
  if (env.source === 'builtin') return fail('read-only', 'The built-in sandbox cannot be changed or removed.');
  if (env.source === 'environment') return fail('read-only', 'This environment comes from ASSET_STUDIO_* environment variables; change them and restart.');
  if (env.source === 'file') return fail('read-only', 'This environment comes from keys.json in the data folder; edit that file and restart.');
  return undefined;
}

export function toEnvironment(e: RuntimeEnvironment): Environment {
  return { ...e.env, keys: e.keys.map((k) => ({ ...k.info })) };
}

export function toKeyView(k: RuntimeKey): KeyView {
  return { id: k.info.id, name: k.info.name, clientIdMasked: maskClientId(k.info.clientId), earlyAccess: k.info.earlyAccess, hasSecret: k.info.hasSecret, storage: k.storage };
}

export function toView(e: RuntimeEnvironment): EnvironmentView {
  const plainHttp = isPlainHttpToRemote(e.env.baseUrl) || isPlainHttpToRemote(e.env.storageUrl);
  return {
    ...e.env,
    source: e.source,
    keys: e.keys.map(toKeyView),
    ...(e.allowPlainHttp ? { allowPlainHttp: true } : {}),
    ...(plainHttp ? { plainHttp: true } : {}),
    ...(e.rateCard ? { rateCard: e.rateCard } : {}),
  };
}
