/**
 * How the main-process services reach each other. Each service is a plain
 * Node module set up with its dependencies injected (setupX(deps)); these
 * interfaces are the seams between them. Nothing here imports `electron`.
 */
import type { EventName, PayloadOf, RequestName, ParsedArgsOf, ResultOf } from '../../shared/ipc';
import type { RateCard } from '../../shared/api';

/** An environment: a service deployment (base URL + storage URL) and the keys the user holds for it. */
export interface Environment {
  id: string;
  name: string;
  baseUrl: string;
  storageUrl: string;
  /** The embedded sandbox ("Sandbox (built-in)"): always present, cannot be removed. */
  builtin: boolean;
  keys: KeyInfo[];
}

/** A key as everything except the request signer sees it: no secret. */
export interface KeyInfo {
  id: string;
  name: string;
  clientId: string;
  /** Coming-soon endpoints are enabled for this key. */
  earlyAccess: boolean;
  hasSecret: boolean;
}

/** Only the upstream client's request signer ever holds one of these. */
export interface Credentials {
  clientId: string;
  clientSecret: string;
}

export interface EnvironmentRegistry {
  list(): Environment[];
  get(environmentId: string): Environment | undefined;
  /** The environment and key new requests use unless told otherwise. */
  active(): { environment: Environment; key: KeyInfo } | undefined;
  /** Decrypts the secret just in time to sign a request. Never log or return the result. */
  credentials(environmentId: string, keyId: string): Credentials | undefined;
  onChange(listener: () => void): () => void;
}

/** Push events to whichever shell is attached (Electron windows, browser-shell sockets). */
export interface EventSink {
  emit<K extends EventName>(name: K, payload: PayloadOf<K>): void;
}

/** The caller of a handler: which shell, for handlers that differ (reveal, drag). */
export interface HandlerContext {
  shell: 'electron' | 'web' | 'cli';
}

export type Handler<K extends RequestName> = (args: ParsedArgsOf<K>, ctx: HandlerContext) => Promise<ResultOf<K>>;
export type HandlerMap = { [K in RequestName]: Handler<K> };
export type PartialHandlers = Partial<HandlerMap>;
/** The request channels of one domain of the contract (`ChannelsOf<'jobs'>`: 'jobs:submit' | 'jobs:list' | …). */
export type ChannelsOf<D extends string> = Extract<RequestName, `${D}:${string}`>;
/**
 * The handlers one service answers: exactly these channels, each typed. The
 * composition root merges every service's into a `HandlerMap`, so a channel
 * added to the contract without a handler fails the typecheck.
 */
export type HandlersFor<K extends RequestName> = { [P in K]: Handler<P> };

/**
 * Desktop capabilities that exist only in Electron (or differ per shell):
 * implemented in electron/app/, stubbed by the browser shell and the CLI.
 */
export interface Platform {
  shell: 'electron' | 'web' | 'cli';
  /** System notification; returns false when the shell has none (the caller falls back to a toast). */
  notify(title: string, body: string): boolean;
  /** Show a file in the system file manager. */
  revealInFolder(path: string): Promise<boolean>;
  /** Whether the window is focused (notification vs in-app toast). */
  isFocused(): boolean;
  setFocused?(focused: boolean): void;
}

/**
 * Encrypts secrets at rest. Electron: safeStorage. Elsewhere: none (the
 * browser shell and CLI read secrets from the environment or a user-only file).
 */
export interface SecretCipher {
  /** 'safe-storage': OS keychain-backed; 'basic-text': Linux fixed-password fallback (not protection); 'none'. */
  backend: 'safe-storage' | 'basic-text' | 'none';
  isEncryptionAvailable(): boolean;
  encrypt(plain: string): Buffer;
  decrypt(data: Buffer): string;
}

/** The embedded sandbox as the settings service sees it: the built-in environment's endpoints and keys. */
export interface BuiltinSandbox {
  baseUrl: string;
  storageUrl: string;
  keys: { clientId: string; clientSecret: string; earlyAccess: boolean }[];
  /** The sandbox's own prices, handed over where it is started: the built-in environment's rate card. */
  rateCard?: RateCard;
  /** Mirror the app's early-access switch onto the sandbox's own per-key flag. */
  setEarlyAccess(clientId: string, enabled: boolean): void;
}
