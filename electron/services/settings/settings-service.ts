/**
 * Environments and keys, as one registry the engine signs requests from and
 * one snapshot the renderer shows. Four sources feed it: the built-in sandbox,
 * the ASSET_STUDIO_* variables, the user-only keys file, and what the user
 * added in Settings (non-secret part in config.json, secrets in SecretStore).
 */
import { randomBytes } from 'node:crypto';
import type { RateCard } from '../../../shared/api/rate-card';
import { plainHttpProblems } from '../../../shared/domain/url-safety';
import { fail, ok, type ConnectionTest, type CreditsInfo, type EnvironmentUpdate, type EnvironmentView, type ExportOptions, type KeyView, type LayoutPrefs, type Problem, type Result, type SecretStorageInfo, type SettingsSnapshot } from '../../../shared/ipc';
import type { BuiltinSandbox, Credentials, EnvironmentRegistry, SecretCipher } from '../contracts';
import { readEnvironmentVariables, readKeysFile, type ExternalEnvironment } from '../secrets/external-keys';
import { SecretStore, type SecretMode } from '../secrets/secret-store';
import { ConfigStore, type StoredKey } from './config-store';
import { testConnection, type FetchLike } from './connection-test';
import { decideEnvironmentChange } from './environment-change';
import { checkStorageChoice, secretSource, storageInfo, type SecretSource, type StorageChoice } from './secret-keeping';
import { assembleEnvironments, BUILTIN_ENVIRONMENT_ID, toEnvironment, toKeyView, toView, userEnvironmentProblem, type RuntimeEnvironment } from './environment-list';

export { BUILTIN_ENVIRONMENT_ID, BUILTIN_ENVIRONMENT_NAME } from './environment-list';

export interface SettingsServiceDeps {
  dataDir: string;
  cipher: SecretCipher;
  builtinSandbox?: BuiltinSandbox;
  env?: NodeJS.ProcessEnv;
  fetch?: FetchLike;
  /** Tell the logger to redact this string wherever it appears. */
  registerSecret?: (secret: string) => void;
  now?: () => Date;
}

const newId = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

export class SettingsService {
  private readonly config: ConfigStore;
  private readonly secrets: SecretStore;
  private readonly external: ExternalEnvironment[];
  private readonly notices: string[];
  private readonly listeners = new Set<() => void>();
  private readonly registered = new Set<string>();

  constructor(private readonly deps: SettingsServiceDeps) {
    this.config = new ConfigStore(deps.dataDir);
    this.secrets = new SecretStore(deps.dataDir, deps.cipher);
    const fromVars = readEnvironmentVariables(deps.env ?? {});
    const fromFile = readKeysFile(deps.dataDir);
    const external = [...(fromVars.environment ? [fromVars.environment] : []), ...fromFile.environments];
    // Plain http:// to another computer would carry these secrets in clear: such environments are not loaded.
    this.external = external.filter((e) => plainHttpProblems(e, false).length === 0);
    const refused = external
      .filter((e) => !this.external.includes(e))
      .map((e) => `"${e.name}" uses plain http:// to another computer, so its keys were not loaded (the secret would cross the network unencrypted). Use https://.`);
    this.notices = [
      ...fromVars.notices,
      ...fromFile.notices,
      ...refused,
      ...(this.config.loadProblem ? [this.config.loadProblem] : []),
      ...(this.secrets.loadProblem ? [this.secrets.loadProblem] : []),
    ];
    for (const env of this.external) for (const key of env.keys) this.register(key.clientSecret);
    const sandbox = deps.builtinSandbox;
    if (sandbox) {
      for (const key of sandbox.keys) this.register(key.clientSecret);
      // Mirror the remembered early-access switches onto the sandbox.
      for (const [clientId, enabled] of Object.entries(this.config.get().sandboxEarlyAccess)) {
        if (sandbox.keys.some((k) => k.clientId === clientId)) sandbox.setEarlyAccess(clientId, enabled);
      }
    }
  }

  // ---- the registry the engine uses ------------------------------------------------------

  readonly registry: EnvironmentRegistry = {
    list: () => this.environments().map(toEnvironment),
    get: (id) => {
      const found = this.environments().find((e) => e.env.id === id);
      return found ? toEnvironment(found) : undefined;
    },
    active: () => {
      const pair = this.activePair();
      if (!pair) return undefined;
      const env = this.environments().find((e) => e.env.id === pair.environmentId)!;
      return { environment: toEnvironment(env), key: env.keys.find((k) => k.info.id === pair.keyId)!.info };
    },
    credentials: (environmentId, keyId) => this.credentials(environmentId, keyId),
    onChange: (listener) => {
      this.listeners.add(listener);
      return () => this.listeners.delete(listener);
    },
  };

  private credentials(environmentId: string, keyId: string): Credentials | undefined {
    const env = this.environments().find((e) => e.env.id === environmentId);
    const key = env?.keys.find((k) => k.info.id === keyId);
    if (!env || !key) return undefined;
    // Never sign for plain http:// to another computer unless the environment allows it (config.json edited by hand included).
    if (!env.allowPlainHttp && plainHttpProblems(env.env, false).length > 0) return undefined;
    let secret: string | undefined;
    if (env.source === 'builtin') {
      secret = this.deps.builtinSandbox?.keys.find((k) => k.clientId === key.info.clientId)?.clientSecret;
    } else if (env.source === 'environment' || env.source === 'file') {
      secret = this.external.find((e) => e.id === env.env.id)?.keys.find((k) => k.clientId === key.info.clientId)?.clientSecret;
    } else {
      secret = this.secrets.reveal(keyId);
    }
    if (secret === undefined) return undefined;
    this.register(secret);
    return { clientId: key.info.clientId, clientSecret: secret };
  }

  // ---- what the renderer sees ------------------------------------------------------------

  snapshot(): SettingsSnapshot {
    const cfg = this.config.get();
    const pair = this.activePair();
    return {
      environments: this.environments().map(toView),
      active: pair ?? null,
      storage: this.storageInfo(),
      credits: cfg.credits.map((c) => ({ ...c })),
      exportDefaults: { ...cfg.exportDefaults },
      layout: structuredClone(cfg.layout),
    };
  }

  /** Where secrets come from in this shell, for `app:info`. */
  secretSource(): SecretSource {
    return secretSource(this.deps.cipher, this.external, this.config.get());
  }

  private storageInfo(): SecretStorageInfo {
    return storageInfo(this.deps.cipher, this.notices);
  }

  /** Keeps `secret` for `keyId` in the storage chosen (refused when this machine cannot offer it), registered for redaction first. */
  private keepSecret(keyId: string, secret: string, choice: StorageChoice | undefined): Result<SecretMode> {
    const checked = checkStorageChoice(this.deps.cipher, choice);
    if (!checked.ok) return checked;
    this.register(secret);
    this.secrets.put(keyId, secret, checked.value);
    return checked;
  }

  // ---- assembling the environments -------------------------------------------------------

  private environments(): RuntimeEnvironment[] {
    return assembleEnvironments({ config: this.config.get(), sandbox: this.deps.builtinSandbox, external: this.external, secretMode: (id) => this.secrets.modeOf(id) });
  }

  /** The stored choice if it still exists, else the first key that can sign, else the first key. */
  private activePair(): { environmentId: string; keyId: string } | undefined {
    const envs = this.environments();
    const chosen = this.config.get().active;
    if (chosen) {
      const env = envs.find((e) => e.env.id === chosen.environmentId);
      if (env?.keys.some((k) => k.info.id === chosen.keyId)) return { ...chosen };
    }
    for (const env of envs) {
      const key = env.keys.find((k) => k.info.hasSecret);
      if (key) return { environmentId: env.env.id, keyId: key.info.id };
    }
    const first = envs.find((e) => e.keys.length > 0);
    return first ? { environmentId: first.env.id, keyId: first.keys[0]!.info.id } : undefined;
  }

  // ---- changes -------------------------------------------------------------------------------

  addEnvironment(args: { name: string; baseUrl: string; storageUrl: string; allowPlainHttp?: boolean }): Result<EnvironmentView> {
    if (this.environments().some((e) => e.env.name.toLowerCase() === args.name.toLowerCase())) {
      return fail('duplicate-name', `An environment named "${args.name}" already exists; choose another name.`, { fields: [{ field: 'name', message: 'already used' }] });
    }
    const decision = decideEnvironmentChange(undefined, args);
    if (!decision.ok) return fail(decision.reason, decision.message, { fields: decision.fields });
    const { next } = decision;
    const id = newId('env');
    this.config.update((c) => {
      c.environments.push({ id, name: args.name, baseUrl: next.baseUrl, storageUrl: next.storageUrl, ...(next.allowPlainHttp ? { allowPlainHttp: true } : {}), keys: [] });
    });
    this.changed();
    return ok(toView(this.environments().find((e) => e.env.id === id)!));
  }

  /** A new base or storage origin forgets the keys' secrets (why, rather than refusing: environment-change.ts). */
  updateEnvironment(args: { environmentId: string; name?: string; baseUrl?: string; storageUrl?: string; allowPlainHttp?: boolean }): Result<EnvironmentUpdate> {
    const problem = this.userEnvironmentProblem(args.environmentId);
    if (problem) return problem;
    if (args.name && this.environments().some((e) => e.env.id !== args.environmentId && e.env.name.toLowerCase() === args.name!.toLowerCase())) {
      return fail('duplicate-name', `An environment named "${args.name}" already exists; choose another name.`, { fields: [{ field: 'name', message: 'already used' }] });
    }
    const stored = this.config.get().environments.find((e) => e.id === args.environmentId)!;
    const decision = decideEnvironmentChange({ baseUrl: stored.baseUrl, storageUrl: stored.storageUrl, allowPlainHttp: stored.allowPlainHttp ?? false }, args);
    if (!decision.ok) return fail(decision.reason, decision.message, { fields: decision.fields });
    const { next } = decision;
    const forgotten = decision.forgetSecrets ? stored.keys.filter((k) => this.secrets.modeOf(k.id) !== undefined) : [];
    // The secrets go before the new URLs are written: no moment exists where a secret and the new origin are both on record.
    for (const key of forgotten) this.secrets.delete(key.id);
    this.config.update((c) => {
      const env = c.environments.find((e) => e.id === args.environmentId)!;
      if (args.name) env.name = args.name;
      env.baseUrl = next.baseUrl;
      env.storageUrl = next.storageUrl;
      if (next.allowPlainHttp) env.allowPlainHttp = true;
      else delete env.allowPlainHttp;
      for (const key of env.keys) if (forgotten.some((f) => f.id === key.id)) key.secret = 'none';
    });
    this.changed();
    const view = toView(this.environments().find((e) => e.env.id === args.environmentId)!);
    return ok(forgotten.length ? { ...view, secretsForgotten: forgotten.map((k) => k.name) } : view);
  }

  removeEnvironment(environmentId: string): Result<null> {
    const problem = this.userEnvironmentProblem(environmentId);
    if (problem) return problem;
    const env = this.config.get().environments.find((e) => e.id === environmentId)!;
    for (const key of env.keys) this.secrets.delete(key.id);
    this.config.update((c) => {
      c.environments = c.environments.filter((e) => e.id !== environmentId);
      c.credits = c.credits.filter((cr) => cr.environmentId !== environmentId);
      if (c.active?.environmentId === environmentId) c.active = null;
    });
    this.changed();
    return ok(null);
  }

  addKey(args: { environmentId: string; name: string; clientId: string; clientSecret?: string; earlyAccess?: boolean; storage?: StorageChoice }): Result<KeyView> {
    const problem = this.userEnvironmentProblem(args.environmentId);
    if (problem) return problem;
    const env = this.config.get().environments.find((e) => e.id === args.environmentId)!;
    if (env.keys.some((k) => k.name.toLowerCase() === args.name.toLowerCase())) {
      return fail('duplicate-name', `This environment already has a key named "${args.name}".`, { fields: [{ field: 'name', message: 'already used' }] });
    }
    const id = newId('key');
    let mode: SecretMode | undefined;
    if (args.clientSecret !== undefined) {
      const kept = this.keepSecret(id, args.clientSecret, args.storage);
      if (!kept.ok) return kept;
      mode = kept.value;
    }
    const stored: StoredKey = { id, name: args.name, clientId: args.clientId.trim(), earlyAccess: args.earlyAccess ?? false, secret: mode ?? 'none' };
    this.config.update((c) => {
      c.environments.find((e) => e.id === args.environmentId)!.keys.push(stored);
    });
    this.changed();
    return ok(this.keyView(args.environmentId, id)!);
  }

  updateKey(args: { environmentId: string; keyId: string; name?: string; clientId?: string; clientSecret?: string; earlyAccess?: boolean; storage?: StorageChoice }): Result<KeyView> {
    if (args.environmentId === BUILTIN_ENVIRONMENT_ID) {
      // The sandbox's keys are its own; only the early-access switch is the user's.
      const key = this.environments()[0]?.source === 'builtin' ? this.environments()[0]!.keys.find((k) => k.info.id === args.keyId) : undefined;
      if (!key) return fail('not-found', 'That sandbox key does not exist.');
      if (args.name || args.clientId || args.clientSecret || args.storage) {
        return fail('read-only', 'The built-in sandbox keys cannot be edited; only their early-access switch can.');
      }
      if (args.earlyAccess !== undefined) {
        const enabled = args.earlyAccess;
        this.config.update((c) => {
          c.sandboxEarlyAccess[key.info.clientId] = enabled;
        });
        this.deps.builtinSandbox!.setEarlyAccess(key.info.clientId, enabled);
        this.changed();
      }
      return ok(this.keyView(args.environmentId, args.keyId)!);
    }
    const problem = this.userEnvironmentProblem(args.environmentId);
    if (problem) return problem;
    const env = this.config.get().environments.find((e) => e.id === args.environmentId)!;
    if (!env.keys.some((k) => k.id === args.keyId)) return fail('not-found', 'That key does not exist in this environment.');
    if (args.name && env.keys.some((k) => k.id !== args.keyId && k.name.toLowerCase() === args.name!.toLowerCase())) {
      return fail('duplicate-name', `This environment already has a key named "${args.name}".`, { fields: [{ field: 'name', message: 'already used' }] });
    }
    let mode: SecretMode | undefined;
    if (args.clientSecret !== undefined) {
      const kept = this.keepSecret(args.keyId, args.clientSecret, args.storage);
      if (!kept.ok) return kept;
      mode = kept.value;
    }
    this.config.update((c) => {
      const key = c.environments.find((e) => e.id === args.environmentId)!.keys.find((k) => k.id === args.keyId)!;
      if (args.name) key.name = args.name;
      if (args.clientId) key.clientId = args.clientId.trim();
      if (args.earlyAccess !== undefined) key.earlyAccess = args.earlyAccess;
      if (mode) key.secret = mode;
    });
    this.changed();
    return ok(this.keyView(args.environmentId, args.keyId)!);
  }

  revokeKey(environmentId: string, keyId: string): Result<null> {
    const problem = this.userEnvironmentProblem(environmentId);
    if (problem) return problem;
    const env = this.config.get().environments.find((e) => e.id === environmentId)!;
    if (!env.keys.some((k) => k.id === keyId)) return fail('not-found', 'That key does not exist in this environment.');
    this.secrets.delete(keyId);
    this.config.update((c) => {
      const e = c.environments.find((x) => x.id === environmentId)!;
      e.keys = e.keys.filter((k) => k.id !== keyId);
      c.credits = c.credits.filter((cr) => !(cr.environmentId === environmentId && cr.keyId === keyId));
      if (c.active?.environmentId === environmentId && c.active.keyId === keyId) c.active = null;
    });
    this.changed();
    return ok(null);
  }

  setActive(environmentId: string, keyId: string): Result<SettingsSnapshot> {
    const env = this.environments().find((e) => e.env.id === environmentId);
    if (!env) return fail('not-found', 'That environment does not exist.');
    if (!env.keys.some((k) => k.info.id === keyId)) return fail('not-found', `The environment "${env.env.name}" has no such key.`);
    this.config.update((c) => {
      c.active = { environmentId, keyId };
    });
    this.changed();
    return ok(this.snapshot());
  }

  async testConnection(environmentId: string, keyId: string): Promise<Result<ConnectionTest>> {
    const env = this.environments().find((e) => e.env.id === environmentId);
    const key = env?.keys.find((k) => k.info.id === keyId);
    if (!env || !key) return fail('not-found', 'That environment or key does not exist.');
    const credentials = this.credentials(environmentId, keyId);
    if (!credentials) {
      return ok({ outcome: 'no-secret', message: 'This key has no secret stored. Type its client secret in Settings, then test again.' });
    }
    const fetchImpl = this.deps.fetch ?? (globalThis.fetch as unknown as FetchLike);
    return ok(await testConnection(env.env.baseUrl, credentials, fetchImpl));
  }

  /** A rate card typed from the dashboard, for an environment the user added (the others bring their own or none). */
  setRateCard(environmentId: string, rateCard: RateCard | null): Result<EnvironmentView> {
    const problem = this.userEnvironmentProblem(environmentId);
    if (problem) return problem;
    this.config.update((c) => {
      const env = c.environments.find((e) => e.id === environmentId)!;
      if (rateCard) env.rateCard = structuredClone(rateCard);
      else delete env.rateCard;
    });
    this.changed();
    return ok(toView(this.environments().find((e) => e.env.id === environmentId)!));
  }

  setExportDefaults(patch: Partial<ExportOptions>): Result<ExportOptions> {
    const next = this.config.update((c) => {
      c.exportDefaults = { ...c.exportDefaults, ...patch };
    });
    this.changed();
    return ok({ ...next.exportDefaults });
  }

  layout(): LayoutPrefs {
    return structuredClone(this.config.get().layout);
  }

  setLayout(patch: LayoutPrefs): Result<LayoutPrefs> {
    const next = this.config.update((c) => {
      c.layout = { ...c.layout, ...patch };
    });
    // Layout changes are frequent (dragging a splitter) and need no broadcast.
    return ok(structuredClone(next.layout));
  }

  /** The balance the user read on a key's dashboard: the last known figure from now on, until a later one. */
  setBalance(environmentId: string, keyId: string, available: number): Result<CreditsInfo> {
    if (!this.keyView(environmentId, keyId)) return fail('not-found', 'That key does not exist in this environment.');
    const credits: CreditsInfo = { environmentId, keyId, available, at: (this.deps.now?.() ?? new Date()).toISOString(), source: 'typed' };
    this.recordCredits(credits);
    return ok(credits);
  }

  /** The last balance a 402 reported for a key; the engine calls this (or watchEngine feeds it). */
  recordCredits(credits: CreditsInfo): void {
    const previous = this.config.get().credits.find((c) => c.environmentId === credits.environmentId && c.keyId === credits.keyId);
    if (previous && previous.at >= credits.at) return;
    this.config.update((c) => {
      c.credits = [...c.credits.filter((x) => !(x.environmentId === credits.environmentId && x.keyId === credits.keyId)), { ...credits }];
    });
    this.changed();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- helpers -------------------------------------------------------------------------------

  private userEnvironmentProblem(environmentId: string): { ok: false; problem: Problem } | undefined {
    return userEnvironmentProblem(this.environments().find((e) => e.env.id === environmentId));
  }

  private keyView(environmentId: string, keyId: string): KeyView | undefined {
    const env = this.environments().find((e) => e.env.id === environmentId);
    const key = env?.keys.find((k) => k.info.id === keyId);
    return key ? toKeyView(key) : undefined;
  }

  private register(secret: string): void {
    if (this.registered.has(secret)) return;
    this.registered.add(secret);
    this.deps.registerSecret?.(secret);
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
