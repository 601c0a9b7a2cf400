/**
 * The composition root: builds every main-process service with its
 * dependencies, starts the built-in sandbox (./sandbox.ts: the only code
 * outside tests that imports sandbox/), attaches the subscribers that
 * connect services (job-finished notifications, credits learnt from 402s),
 * and hands the shells (Electron, browser, CLI) one handler map, complete by
 * type, and one event hub. No shell wires services itself, so all of them
 * run the same code against the same data directory.
 */
import packageJson from '../../package.json';
import type { RunningSandbox } from '../../sandbox';
import type { LayoutPrefs, Result } from '../../shared/ipc';
import { createAppInfoHandlers } from '../services/app-info';
import { setupBatch } from '../services/batch';
import type { EnvironmentRegistry, HandlerMap, Platform, SecretCipher } from '../services/contracts';
import { createEventHub, type EventHub } from '../services/event-hub';
import { secureDataDir } from '../services/data-dir';
import { setupExport, type ExportRun } from '../services/export';
import { setupFiles, setupImageUploads, setupJobImageStaging, type StagingArea } from '../services/files';
import { setupJobs, type EngineTiming } from '../services/jobs';
import { setupLibrary } from '../services/library';
import type { JobEngine } from '../services/jobs/engine-api';
import type { AssetFiles } from '../services/library/asset-files';
import { createLogger, registerSecret, type Logger } from '../services/log';
import { setupPreview } from '../services/preview';
import { setupSettings } from '../services/settings';
import { importProgressLine } from '../services/jobs/store/import-journal';
import { sqliteProblem } from '../services/store/sqlite-support';
import { notifyFinishedJobs } from './notifications';
import { asBuiltinSandbox, startEmbeddedSandbox } from './sandbox';

export type { EventHub, HubListener } from '../services/event-hub';
export { sandboxJobSeconds } from './sandbox';

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
  /** The job engine's timing and poll policy (benchmarks run the first edition's policy as their baseline). */
  engineTiming?: Partial<EngineTiming>;
  /** false: the engine reads and acts on the job store but sends, polls and downloads nothing (`asset-studio cancel`). Default true. */
  startEngine?: boolean;
  /** Progress while an old journal moves into the database (the CLI prints it; the app's windows get `jobs:moving`). */
  onImportProgress?: (done: number, total: number) => void;
}

export interface Services {
  dataDir: string;
  /** Every request handler of every service, merged; pass to `dispatch()`. */
  handlers: HandlerMap;
  events: EventHub;
  engine: JobEngine;
  registry: EnvironmentRegistry;
  /** Remembered window size and panel widths (settings), for the Electron window. */
  layout: { get(): LayoutPrefs; set(patch: LayoutPrefs): Result<LayoutPrefs> };
  /** Every asset's files by local id or library id: what the app's asset route serves (studio://, the browser shell). */
  assetFiles: AssetFiles;
  /** Files staged from a drop or from the library (the files service's staging area). */
  staging: StagingArea;
  /** Records an export made outside export:run (the CLI's into a folder that is not a project folder) in the library. */
  recordExport(run: ExportRun): void;
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
  // Every process (Electron main, the browser shell, the CLI) comes through here: a Node without node:sqlite or
  // its full-text search is told so in one sentence, before anything is opened or written.
  const sqlite = sqliteProblem();
  if (sqlite) throw new Error(sqlite);
  const { dataDir, platform, cipher } = options;
  // Before anything writes into it: the folder holds prompts, the ledger and secrets (0700).
  secureDataDir(dataDir);
  const env = options.env ?? process.env;
  const log = options.log ?? createLogger({ dataDir });
  const events = createEventHub({
    coalesceMs: options.coalesceMs,
    onListenerError: (name, err) => log.error('event listener threw', { event: name, error: err }),
  });
  const disposables: Disposable[] = [];

  const sandbox =
    options.sandbox === 'none' ? undefined : await startEmbeddedSandbox({ dataDir, cipher, env, log: log.child('sandbox') });
  if (sandbox) disposables.push({ name: 'sandbox', dispose: () => sandbox.close() });
  const builtinSandbox = sandbox && asBuiltinSandbox(sandbox);

  try {
    const settings = setupSettings({ dataDir, events, platform, cipher, builtinSandbox, env, registerSecret });
    disposables.push({ name: 'settings', dispose: settings.dispose });

    const files = setupFiles({ dataDir });
    disposables.push({ name: 'files', dispose: files.dispose });

    const jobsLog = log.child('jobs');
    const jobs = setupJobs({
      dataDir,
      registry: settings.registry,
      ...(options.engineTiming ? { timing: options.engineTiming } : {}),
      onInternalError: (message, err) => jobsLog.error(message, { error: err }),
      onImportProgress: (done, total) => {
        if (done === 0 || done === total) jobsLog.info(importProgressLine(done, total));
        events.emit('jobs:moving', { done, total });
        options.onImportProgress?.(done, total);
      },
    });
    disposables.push({ name: 'jobs', dispose: jobs.dispose });
    const engine = jobs.engine;

    // Preview copies (KTX2 textures transcoded in main) of job assets and staged files.
    const preview = setupPreview({ assetPath: (localId) => engine.assetPath(localId), stagedPath: (id) => files.staging.filePath(id) });
    disposables.push({ name: 'preview', dispose: preview.dispose });

    // The library (set up below) records every export; bound late because it needs the exporter too.
    const late: { library?: ReturnType<typeof setupLibrary> } = {};
    const exporter = setupExport({ dataDir, engine, events, platform, staging: files.staging, onExported: (run) => late.library?.recordExport(run) });
    disposables.push({ name: 'export', dispose: exporter.dispose });

    const batch = setupBatch({
      dataDir,
      engine,
      events,
      // Through the handler map, so batch rows are staged by exactly what the UI uses.
      stagePath: (absPath) => files.handlers['files:stagePath']({ path: absPath }, { shell: platform.shell }),
      // Batch exports go through the export service's own handlers: same naming, sidecars and overwrite rules as the UI.
      exportHandlers: exporter.handlers,
      addOutputFolder: exporter.addBatchOutputFolder,
      keysFor: (environmentId, spreadAcrossKeys) => {
        if (!spreadAcrossKeys) return 1;
        const environment = environmentId ? settings.registry.get(environmentId) : settings.registry.active()?.environment;
        return Math.max(1, environment?.keys.filter((k) => k.hasSecret).length ?? 1);
      },
    });
    disposables.push({ name: 'batch', dispose: batch.dispose });
    // Saved batches load before any request is answered (and before a dispose could race the loading).
    // A damaged batch file must not keep the whole app from starting: the batch channels report it instead.
    await batch.ready.catch((err: unknown) => log.error('saved batches could not be loaded', { error: err }));

    const library = setupLibrary({
      dataDir,
      events,
      engine,
      staging: files.staging,
      exportRun: exporter.handlers['export:run'],
      readinessFolders: exporter.readinessFolders,
      // The app and the browser shell measure new models for stored readiness; a one-off CLI command does not.
      measureReadiness: options.startEngine !== false,
      revealInFolder: (file) => platform.revealInFolder(file),
    });
    late.library = library;
    disposables.push({ name: 'library', dispose: library.dispose });
    // A folder added, removed or given another budget: every stored verdict is worked out again.
    const stopFolders = events.subscribe((name) => {
      if (name === 'export:foldersChanged') void library.foldersChanged().catch((err: unknown) => log.error('readiness could not be stored again', { error: err }));
    });
    disposables.push({ name: 'library-folders', dispose: async () => stopFolders() });
    // The engine's writes reach the library through the jobs table's triggers; this only says so at once
    // (changes from other processes are found by the library's own timer).
    let refreshing: NodeJS.Timeout | undefined;
    const stopFollowing = engine.onChange(() => {
      refreshing ??= setTimeout(() => {
        refreshing = undefined;
        library.refresh();
      }, 50);
    });
    disposables.push({
      name: 'library-follow',
      dispose: async () => {
        stopFollowing();
        clearTimeout(refreshing);
      },
    });

    const appInfo = createAppInfoHandlers({ dataDir, platform, cipher, version: options.version ?? packageJson.version, secretSource: settings.secretSource });

    // Complete by type: a channel of the contract without a handler fails the typecheck here.
    const handlers = {
      ...settings.handlers,
      ...files.handlers,
      ...setupImageUploads({ engine, staging: files.staging, registry: settings.registry }),
      ...setupJobImageStaging({ engine, staging: files.staging }),
      ...preview.handlers,
      ...jobs.handlers,
      ...exporter.handlers,
      ...batch.handlers,
      ...library.handlers,
      ...appInfo,
    } satisfies HandlerMap;

    // The engine reports every record change; the hub coalesces them into `jobs:changed`.
    const detach = engine.onChange((job) => events.emit('jobs:changed', [job]));
    // Credits learnt from 402 answers (unsubscribed by settings' own dispose).
    settings.watchEngine(engine);
    if (options.startEngine !== false) await engine.start();
    // After the start: what a restart settles on its own is not announced.
    const stopNotifying = notifyFinishedJobs(engine, platform, events);
    jobs.warmListing();
    disposables.push({
      name: 'engine',
      dispose: async () => {
        stopNotifying();
        detach();
        await engine.stop();
      },
    });

    let disposed: Promise<void> | undefined;
    return {
      dataDir,
      handlers,
      events,
      engine,
      assetFiles: library.files,
      recordExport: library.recordExport,
      staging: files.staging,
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
