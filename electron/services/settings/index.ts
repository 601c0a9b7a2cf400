/**
 * Settings: environments, keys, secrets, credits, export defaults, layout.
 * The registry it returns is the only way any service obtains a secret.
 */
import { moneyGlance } from '../../../shared/domain/money';
import { estimateSpend } from '../../../shared/domain/spend';
import { ok, type CreditsInfo, type LayoutPrefs, type Result, type SettingsSnapshot } from '../../../shared/ipc';
import type { BuiltinSandbox, EnvironmentRegistry, ChannelsOf, EventSink, HandlersFor, Platform, SecretCipher } from '../contracts';
import type { JobEngine } from '../jobs/engine-api';
import type { FetchLike } from './connection-test';
import { SettingsService } from './settings-service';

export { BUILTIN_ENVIRONMENT_ID, BUILTIN_ENVIRONMENT_NAME, SettingsService } from './settings-service';

export interface SettingsDeps {
  dataDir: string;
  events: EventSink;
  platform: Platform;
  cipher: SecretCipher;
  builtinSandbox?: BuiltinSandbox;
  /** Process environment (ASSET_STUDIO_* variables), injected for tests. */
  env?: NodeJS.ProcessEnv;
  /** For "Test connection"; defaults to global fetch. */
  fetch?: FetchLike;
  /** The logger's redaction hook (log.ts `registerSecret`): every secret the service sees is registered. */
  registerSecret?: (secret: string) => void;
  /** The clock (a typed balance's time; the spend period's end); injected for tests. */
  now?: () => Date;
}

export interface SettingsSetup {
  registry: EnvironmentRegistry;
  handlers: HandlersFor<ChannelsOf<'settings'>>;
  dispose(): Promise<void>;
  /** Full snapshot (what `settings:get` returns). */
  snapshot(): SettingsSnapshot;
  /** For `app:info.secretSource`. */
  secretSource: SettingsService['secretSource'];
  /** Remembered window size and panel widths (the Electron window reads and writes these). */
  layout(): LayoutPrefs;
  setLayout(patch: LayoutPrefs): Result<LayoutPrefs>;
  /** Record a 402's balance directly. */
  recordCredits(credits: CreditsInfo): void;
  /** Follow the engine: every record carrying 402 figures updates the last known balance. Returns an unsubscribe. */
  watchEngine(engine: JobEngine): () => void;
}

export function setupSettings(deps: SettingsDeps): SettingsSetup {
  const service = new SettingsService(deps);
  const stopBroadcast = service.onChange(() => deps.events.emit('settings:changed', service.snapshot()));
  const engineWatches = new Set<() => void>();
  // The ledger the spend estimate reads (removed-from-history jobs were paid too).
  let watched: JobEngine | undefined;

  const handlers: HandlersFor<ChannelsOf<'settings'>> = {
    'settings:get': async () => ({ ok: true, value: service.snapshot() }),
    'settings:addEnvironment': async (args) => service.addEnvironment(args),
    'settings:updateEnvironment': async (args) => service.updateEnvironment(args),
    'settings:removeEnvironment': async ({ environmentId }) => service.removeEnvironment(environmentId),
    'settings:addKey': async (args) => service.addKey(args),
    'settings:updateKey': async (args) => service.updateKey(args),
    'settings:revokeKey': async ({ environmentId, keyId }) => service.revokeKey(environmentId, keyId),
    'settings:setActive': async ({ environmentId, keyId }) => service.setActive(environmentId, keyId),
    'settings:testConnection': async ({ environmentId, keyId }) => service.testConnection(environmentId, keyId),
    'settings:setRateCard': async ({ environmentId, rateCard }) => service.setRateCard(environmentId, rateCard),
    'settings:estimateSpend': async ({ utcOffsetMinutes }) => {
      const cards = Object.fromEntries(service.snapshot().environments.map((e) => [e.id, e.rateCard]));
      const jobs = (await watched?.spendLedger?.(utcOffsetMinutes)) ?? watched?.list({ includeHidden: true }) ?? [];
      return ok(estimateSpend(jobs, cards, (iso) => localDay(iso, utcOffsetMinutes)));
    },
    'settings:setBalance': async ({ environmentId, keyId, available }) => service.setBalance(environmentId, keyId, available),
    'settings:moneyGlance': async ({ periodDays }) => {
      const snapshot = service.snapshot();
      const key = snapshot.active;
      if (!key) return ok(null);
      const figure = snapshot.credits.find((c) => c.environmentId === key.environmentId && c.keyId === key.keyId);
      const card = snapshot.environments.find((e) => e.id === key.environmentId)?.rateCard;
      const now = (deps.now?.() ?? new Date()).getTime();
      // Only the jobs that may count: charged in the period, or since the balance was read.
      const from = Math.min(now - periodDays * 24 * 3600 * 1000, figure ? Date.parse(figure.at) : Number.POSITIVE_INFINITY);
      const jobs = watched?.chargedSince?.(new Date(from).toISOString()) ?? watched?.list({ includeHidden: true }) ?? [];
      return ok(moneyGlance({ key, figure, jobs, card, now, periodDays }));
    },
    'settings:setExportDefaults': async (patch) => service.setExportDefaults(stripUndefined(patch)),
    'settings:setLayout': async (patch) => service.setLayout(stripUndefined(patch)),
  };

  return {
    registry: service.registry,
    handlers,
    snapshot: () => service.snapshot(),
    secretSource: () => service.secretSource(),
    layout: () => service.layout(),
    setLayout: (patch) => service.setLayout(patch),
    recordCredits: (credits) => service.recordCredits(credits),
    watchEngine(engine) {
      watched = engine;
      const seen = (job: Parameters<Parameters<JobEngine['onChange']>[0]>[0]) => {
        const credits = job.problem?.credits;
        if (credits && job.problem?.status === 402) {
          service.recordCredits({ environmentId: job.environmentId, keyId: job.keyId, available: credits.available, required: credits.required, at: job.updatedAt, source: 'refusal' });
        }
      };
      // Only the refusals that named a balance (a history of 100,000 is not read whole at every start).
      for (const job of engine.refusedForCredits?.() ?? engine.list({ includeHidden: true })) seen(job);
      const stop = engine.onChange(seen);
      engineWatches.add(stop);
      return () => {
        stop();
        engineWatches.delete(stop);
      };
    },
    dispose: async () => {
      stopBroadcast();
      for (const stop of engineWatches) stop();
      engineWatches.clear();
    },
  };
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The calendar day of an instant at a UTC offset (minutes east of UTC, as the renderer's clock has it). */
export function localDay(iso: string, utcOffsetMinutes: number): string {
  return new Date(Date.parse(iso) + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}
