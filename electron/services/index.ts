/**
 * The composition root: builds every main-process service with its
 * dependencies and hands the shells (Electron, browser, CLI) one handler map
 * and one event hub. No shell wires services itself, so all of them run the
 * same code against the same data directory.
 */
import path from 'node:path';
import packageJson from '../../package.json';
import { startSandbox, type RunningSandbox, type SecretSealer } from '../../sandbox';
import { REQUEST_NAMES, fail, type LayoutPrefs, type RequestName, type Result } from '../../shared/ipc';
import { createAppInfoHandlers } from './app-info';
import { setupBatch } from './batch';
import type { BuiltinSandbox, EnvironmentRegistry, PartialHandlers, Platform, SecretCipher } from './contracts';
import { createEventHub, type EventHub } from './event-hub';
import { setupExport } from './export';
import { setupFiles } from './files';
import { setupJobs } from './jobs';
import { setupPreview } from './preview';
import type { JobEngine } from './jobs/engine-api';
import { createLogger, registerSecret, type Logger } from './log';
import { setupSettings } from './settings';

export type { EventHub, HubListener } from './event-hub';

export interface ServicesOptions {
  dataDir: string;
  platform: Platform;
  cipher: SecretCipher;
  /** Process environment (ASSET_STUDIO_* variables), injected for tests. */
  env?: NodeJS.ProcessEnv;
  /** 'embedded' (default) starts the built-in sandbox in-process; 'none' skips it (tests, CLI commands that need no environment). */
  sandbox?: 'embedded' | 'none';
  log?: Logger;
  /** Window for coalescing `jobs:changed` (ms). */
  coalesceMs?: number;
  /** Defaults to package.json's version. */
  version?: string;
}

export interface Services {
  dataDir: string;
  /** Every request handler of every service, merged; pass to `dispatch()`. */
  handlers: PartialHandlers;
  events: EventHub;
  engine: JobEngine | undefined;
  registry: EnvironmentRegistry;
  /** Remembered window size and panel widths (settings), for the Electron window. */
  layout: { get(): LayoutPrefs; set(patch: LayoutPrefs): Result<LayoutPrefs> };
  /** The embedded sandbox when it started. */
  sandbox: RunningSandbox | undefined;
  log: Logger;
  /** Stops the engine, every service and the sandbox, in reverse order of start. */
  dispose(): Promise<void>;
}

interface Disposable {
  name: string;
  dispose(): Promise<void>;
}

export async function createServices(options: ServicesOptions): Promise<Services> {
  const { dataDir, platform, cipher } = options;
  const env = options.env ?? process.env;
  const log = options.log ?? createLogger({ dataDir });
  const events = createEventHub({
    coalesceMs: options.coalesceMs,
    onListenerError: (name, err) => log.error('event listener threw', { event: name, error: err }),
  });
  const disposables: Disposable[] = [];
  const handlers: PartialHandlers = {};
  const addHandlers = (owner: string, more: PartialHandlers): void => {
    for (const name of Object.keys(more) as RequestName[]) {
      if (!REQUEST_NAMES.includes(name)) {
        log.warn('service registered a handler for a channel outside the contract', { owner, channel: name });
        continue;
      }
      if (handlers[name]) {
        log.error('two services handle the same channel; the first one wins', { owner, channel: name });
        continue;
      }
      (handlers as Record<string, unknown>)[name] = more[name];
    }
  };

  const sandbox =
    options.sandbox === 'none' ? undefined : await startEmbeddedSandbox({ dataDir, cipher, env, log: log.child('sandbox') });
  if (sandbox) disposables.push({ name: 'sandbox', dispose: () => sandbox.close() });
  const builtinSandbox: BuiltinSandbox | undefined = sandbox && {
    baseUrl: sandbox.baseUrl,
    storageUrl: sandbox.storageUrl,
    keys: sandbox.keys,
    setEarlyAccess: (clientId, enabled) => sandbox.setEarlyAccess(clientId, enabled),
  };

  try {
    const settings = setupSettings({ dataDir, events, platform, cipher, builtinSandbox, env, registerSecret });
    disposables.push({ name: 'settings', dispose: settings.dispose });
    addHandlers('settings', settings.handlers);

    const files = setupFiles({ dataDir });
    disposables.push({ name: 'files', dispose: files.dispose });
    addHandlers('files', files.handlers);

    const jobsLog = log.child('jobs');
    const jobs = setupJobs({
      dataDir,
      registry: settings.registry,
      events,
      platform,
      onInternalError: (message, err) => jobsLog.error(message, { error: err }),
    });
    disposables.push({ name: 'jobs', dispose: jobs.dispose });
    addHandlers('jobs', jobs.handlers);
    const engine = jobs.engine;

    // Preview copies (KTX2 textures transcoded in main) of job assets and staged files.
    const preview = setupPreview({ assetPath: (localId) => engine?.assetPath(localId), stagedPath: (id) => files.staging.filePath(id) });
    disposables.push({ name: 'preview', dispose: preview.dispose });
    addHandlers('preview', preview.handlers);

    const exporter = setupExport({ dataDir, engine, events, platform });
    disposables.push({ name: 'export', dispose: exporter.dispose });
    addHandlers('export', exporter.handlers);

    const batch = setupBatch({
      dataDir,
      engine,
      events,
      // Through the handler map, so batch rows are staged by exactly what the UI uses.
      stagePath: async (absPath) =>
        handlers['files:stagePath']?.({ path: absPath }, { shell: platform.shell }) ??
        fail('unavailable', 'File staging is not available, so rows with files cannot be sent.'),
      // Batch exports go through the export service's own handlers: same naming, sidecars and overwrite rules as the UI.
      exportHandlers: exporter.handlers,
      keysFor: (environmentId, spreadAcrossKeys) => {
        if (!spreadAcrossKeys) return 1;
        const environment = environmentId ? settings.registry.get(environmentId) : settings.registry.active()?.environment;
        return Math.max(1, environment?.keys.filter((k) => k.hasSecret).length ?? 1);
      },
    });
    disposables.push({ name: 'batch', dispose: batch.dispose });
    addHandlers('batch', batch.handlers);
    // Saved batches load before any request is answered (and before a dispose could race the loading).
    // A damaged batch file must not keep the whole app from starting: the batch channels report it instead.
    await batch.ready.catch((err: unknown) => log.error('saved batches could not be loaded', { error: err }));

    addHandlers(
      'app',
      createAppInfoHandlers({ dataDir, platform, cipher, version: options.version ?? packageJson.version, secretSource: settings.secretSource }),
    );

    if (engine) {
      // The engine reports every record change; the hub coalesces them into `jobs:changed`.
      const detach = engine.onChange((job) => events.emit('jobs:changed', [job]));
      // Credits learnt from 402 answers (unsubscribed by settings' own dispose).
      settings.watchEngine(engine);
      await engine.start();
      jobs.warmListing();
      disposables.push({
        name: 'engine',
        dispose: async () => {
          detach();
          await engine.stop();
        },
      });
    }

    let disposed: Promise<void> | undefined;
    return {
      dataDir,
      handlers,
      events,
      engine,
      registry: settings.registry,
      layout: { get: settings.layout, set: settings.setLayout },
      sandbox,
      log,
      dispose: () => (disposed ??= disposeAll(disposables, events, log)),
    };
  } catch (err) {
    // A service failed to start: stop the ones that did, then report.
    await disposeAll(disposables, events, log);
    throw err;
  }
}

interface EmbeddedSandboxOptions {
  dataDir: string;
  cipher: SecretCipher;
  env: NodeJS.ProcessEnv;
  log: Logger;
}

/** Seconds a built-in sandbox job takes, from ASSET_STUDIO_SANDBOX_JOB_SECONDS (demos, scripted runs); undefined: the sandbox's default. */
export function sandboxJobSeconds(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.ASSET_STUDIO_SANDBOX_JOB_SECONDS?.trim();
  if (!raw) return undefined;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 && seconds <= 3600 ? seconds : undefined;
}

/**
 * The built-in sandbox's keys are sealed with the app's keychain cipher when
 * there is one, so its state file holds no readable secret either.
 */
function sealerFor(cipher: SecretCipher): SecretSealer | undefined {
  if (!cipher.isEncryptionAvailable()) return undefined;
  return {
    seal: (plain) => cipher.encrypt(plain).toString('base64'),
    open: (sealed) => cipher.decrypt(Buffer.from(sealed, 'base64')),
  };
}

async function startEmbeddedSandbox({ dataDir, cipher, env, log }: EmbeddedSandboxOptions): Promise<RunningSandbox | undefined> {
  try {
    const jobSeconds = sandboxJobSeconds(env);
    if (env.ASSET_STUDIO_SANDBOX_JOB_SECONDS && jobSeconds === undefined) {
      log.warn('ASSET_STUDIO_SANDBOX_JOB_SECONDS is not a number of seconds between 0 and 3600; using the default');
    }
    const sandbox = await startSandbox({
      host: '127.0.0.1',
      port: 0,
      dataDir: path.join(dataDir, 'sandbox'),
      jobSeconds,
      secretSealer: sealerFor(cipher),
    });
    for (const key of sandbox.keys) registerSecret(key.clientSecret);
    log.info('built-in sandbox listening', { baseUrl: sandbox.baseUrl, keys: sandbox.keys.length });
    return sandbox;
  } catch (err) {
    // The app still works with real environments; Settings simply has no built-in one.
    log.error('the built-in sandbox did not start; continuing without it', { error: err });
    return undefined;
  }
}

async function disposeAll(disposables: Disposable[], events: EventHub, log: Logger): Promise<void> {
  // Stop in reverse order of start: the engine before the services it uses, the sandbox last.
  for (const item of [...disposables].reverse()) {
    try {
      await item.dispose();
    } catch (err) {
      log.error('a service failed to stop cleanly', { service: item.name, error: err });
    }
  }
  disposables.length = 0;
  events.dispose();
}
