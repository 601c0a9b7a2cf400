/**
 * Settings channels: environments, keys, secret storage, credits, export
 * defaults and remembered layout.
 *
 * A client secret travels renderer → main exactly once (when the user types
 * it into the write-only field). Nothing main → renderer ever carries it: keys
 * come back as `KeyView` with the client id masked and `hasSecret`.
 */
import { COLLISION_SHAPES, LOD_CHOICES } from '../domain/engine-import';
import { z } from 'zod';
import { rateCardSchema, type RateCard } from '../api/rate-card';
import type { MoneyGlance } from '../domain/money';
import type { KeySpend } from '../domain/spend';
import { event, request } from './define';

/** Where a key's secret lives. */
export type SecretStorage =
  /** Encrypted with the OS keychain (Electron safeStorage). */
  | 'encrypted'
  /** Written with Linux's fixed-password backend or as plain text, because the user chose to. */
  | 'unprotected'
  /** Memory only: gone when the app quits. */
  | 'session'
  /** ASSET_STUDIO_* environment variables. */
  | 'environment'
  /** The user-only keys file in the data directory. */
  | 'file'
  /** The built-in sandbox's own keys. */
  | 'builtin'
  /** No secret held (never given, revoked, or a session secret from an earlier run). */
  | 'none';

export interface KeyView {
  id: string;
  name: string;
  /** e.g. `abcd…wxyz`: enough to recognise, not enough to use. */
  clientIdMasked: string;
  earlyAccess: boolean;
  hasSecret: boolean;
  storage: SecretStorage;
}

export type EnvironmentSource = 'builtin' | 'user' | 'environment' | 'file';

export interface EnvironmentView {
  id: string;
  name: string;
  baseUrl: string;
  storageUrl: string;
  builtin: boolean;
  /** Where this environment is defined: environments from variables or the keys file are read-only here. */
  source: EnvironmentSource;
  keys: KeyView[];
  /** The user allowed plain http:// to another computer for this environment (shown as a warning). */
  allowPlainHttp?: boolean;
  /** A base or storage URL is plain http:// to another computer: the secret crosses the network unencrypted. */
  plainHttp?: boolean;
  /** What each request costs here, when known (the built-in sandbox's own card, or one the user typed in Settings): the Generate button quotes from it. */
  rateCard?: RateCard;
}

/** What `settings:updateEnvironment` answers: the environment, and the keys whose secrets were forgotten. */
export interface EnvironmentUpdate extends EnvironmentView {
  /**
   * Names of the keys whose secrets were forgotten because the base or storage
   * origin changed: a secret is bound to the origin it was entered for, so it
   * must be typed again for the new one.
   */
  secretsForgotten?: string[];
}

/** What Settings tells the user about how secrets are kept in this shell. */
export interface SecretStorageInfo {
  backend: 'safe-storage' | 'basic-text' | 'none';
  /** Secrets typed into Settings can be stored encrypted by the OS. */
  protectedStorageAvailable: boolean;
  /** Plain words for the Settings page. */
  message: string;
  /** Environment variables / keys file that were read, or refused, and why. */
  notices: string[];
}

export interface CreditsInfo {
  environmentId: string;
  keyId: string;
  available: number;
  /** What the refused request needed (a 402's figures); absent for a balance typed in Settings. */
  required?: number;
  /** When the service reported it, or the user typed it (ISO 8601). */
  at: string;
  /** Where the figure came from: a 402 answer's `available` ('refusal', also when absent: older records), or typed in Settings. */
  source?: 'refusal' | 'typed';
}

export const UP_AXES = ['y', 'z'] as const;
export type UpAxis = (typeof UP_AXES)[number];

export const DEFAULT_NAME_TEMPLATE = '{prompt-slug}_{jobId8}';
export const NAME_TEMPLATE_FIELDS = ['{prompt-slug}', '{kind}', '{date}', '{jobId}', '{jobId8}'] as const;

export const exportOptionsSchema = z
  .object({
    /** File name template (fields: NAME_TEMPLATE_FIELDS). */
    template: z.string().min(1).max(200),
    /** Write `NAME.asset.json` beside each file. */
    sidecar: z.boolean(),
    /** Up axis the target engine expects; glTF is Y-up. */
    upAxis: z.enum(UP_AXES),
    /** Multiply the model's size (glTF units are metres). */
    scale: z.number().positive().max(10_000),
    /** Move the origin to the centre of the model's base. */
    pivotAtBase: z.boolean(),
    /** Collision named for the engines that read it from glTF node names (GLB and glTF only): shared/domain/engine-import.ts. */
    collision: z.enum(COLLISION_SHAPES).optional(),
    /** NAME_LOD1.glb, NAME_LOD2.glb: where the engine makes none (auto), always, or never. */
    lods: z.enum(LOD_CHOICES).optional(),
  })
  .strict();
export type ExportOptions = z.infer<typeof exportOptionsSchema>;

export const DEFAULT_EXPORT_OPTIONS: ExportOptions = {
  template: DEFAULT_NAME_TEMPLATE,
  sidecar: true,
  upAxis: 'y',
  scale: 1,
  pivotAtBase: false,
};

export const layoutSchema = z
  .object({
    window: z
      .object({
        width: z.number().int().min(320).max(20_000),
        height: z.number().int().min(240).max(20_000),
        x: z.number().int().min(-50_000).max(50_000).optional(),
        y: z.number().int().min(-50_000).max(50_000).optional(),
        maximized: z.boolean().optional(),
      })
      .strict()
      .optional(),
    /** Width of the history panel in CSS pixels. */
    historyWidth: z.number().int().min(120).max(4000).optional(),
    /** Width of the generate panel in CSS pixels. */
    generateWidth: z.number().int().min(120).max(4000).optional(),
  })
  .strict();
export type LayoutPrefs = z.infer<typeof layoutSchema>;

export interface SettingsSnapshot {
  environments: EnvironmentView[];
  active: { environmentId: string; keyId: string } | null;
  storage: SecretStorageInfo;
  /** Last known balance per key, from a 402 answer or typed in Settings. */
  credits: CreditsInfo[];
  exportDefaults: ExportOptions;
  layout: LayoutPrefs;
}

export interface ConnectionTest {
  /** 'redirected': the base URL answered with a redirect, which was not followed (the request carries the secret). */
  outcome: 'connected' | 'rejected' | 'unreachable' | 'unexpected' | 'no-secret' | 'redirected';
  status?: number;
  /** The sentence Settings shows. */
  message: string;
}

const id = z.string().min(1).max(100);
const name = z.string().trim().min(1).max(80);
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    },
    { message: 'must be an http:// or https:// URL' },
  );
const clientId = z.string().trim().min(1).max(500);
/** Typed once; never echoed. */
const clientSecret = z.string().min(1).max(2000);
/**
 * How to keep a typed secret: 'encrypted' needs OS encryption; 'session'
 * keeps it in memory; 'unprotected' is the user's explicit choice when the OS
 * cannot encrypt (or Linux only has its fixed-password backend).
 */
const storageChoice = z.enum(['encrypted', 'session', 'unprotected']);

export const settingsRequests = {
  'settings:get': request<SettingsSnapshot>()(z.object({}).strict()),
  /** Plain http:// is accepted for this computer only, unless `allowPlainHttp` (the explicit, visible per-environment override). */
  'settings:addEnvironment': request<EnvironmentView>()(z.object({ name, baseUrl: httpUrl, storageUrl: httpUrl, allowPlainHttp: z.boolean().optional() }).strict()),
  /** A new base or storage origin forgets the keys' secrets (they are asked for again): see EnvironmentUpdate. */
  'settings:updateEnvironment': request<EnvironmentUpdate>()(
    z
      .object({ environmentId: id, name: name.optional(), baseUrl: httpUrl.optional(), storageUrl: httpUrl.optional(), allowPlainHttp: z.boolean().optional() })
      .strict(),
  ),
  /** Removes a user environment and deletes its keys' secrets. */
  'settings:removeEnvironment': request<null>()(z.object({ environmentId: id }).strict()),
  'settings:addKey': request<KeyView>()(
    z
      .object({
        environmentId: id,
        name,
        clientId,
        clientSecret: clientSecret.optional(),
        earlyAccess: z.boolean().optional(),
        storage: storageChoice.optional(),
      })
      .strict(),
  ),
  /** A new secret replaces the old one; omit it to keep the current one. */
  'settings:updateKey': request<KeyView>()(
    z
      .object({
        environmentId: id,
        keyId: id,
        name: name.optional(),
        clientId: clientId.optional(),
        clientSecret: clientSecret.optional(),
        earlyAccess: z.boolean().optional(),
        storage: storageChoice.optional(),
      })
      .strict(),
  ),
  /** Forgets the key locally and deletes its secret (revoke it in the dashboard too). */
  'settings:revokeKey': request<null>()(z.object({ environmentId: id, keyId: id }).strict()),
  'settings:setActive': request<SettingsSnapshot>()(z.object({ environmentId: id, keyId: id }).strict()),
  'settings:testConnection': request<ConnectionTest>()(z.object({ environmentId: id, keyId: id }).strict()),
  /** The rate card the user typed from their dashboard for an environment they added (null forgets it). The built-in sandbox hands over its own. */
  'settings:setRateCard': request<EnvironmentView>()(z.object({ environmentId: id, rateCard: rateCardSchema.nullable() }).strict()),
  /** The balance a key's dashboard shows, typed by the user: the top bar's figure until a newer one (typed, or a 402's) replaces it. */
  'settings:setBalance': request<CreditsInfo>()(z.object({ environmentId: id, keyId: id, available: z.number().int().min(0).max(1_000_000_000) }).strict()),
  /** The top bar's money at a glance for the active key: its balance less the estimated spend since, and the estimated spend of the last `periodDays` days. */
  'settings:moneyGlance': request<MoneyGlance | null>()(z.object({ periodDays: z.number().int().min(1).max(366) }).strict()),
  /** An estimate of each key's spend per day (the rate cards applied to the ledger's accepted jobs), grouped by the caller's local day. */
  'settings:estimateSpend': request<KeySpend[]>()(z.object({ utcOffsetMinutes: z.number().int().min(-900).max(900) }).strict()),
  'settings:setExportDefaults': request<ExportOptions>()(exportOptionsSchema.partial().strict()),
  'settings:setLayout': request<LayoutPrefs>()(layoutSchema),
};

export const settingsEvents = {
  /** The whole snapshot, after any change (small: a handful of environments). */
  'settings:changed': event<SettingsSnapshot>(),
};
