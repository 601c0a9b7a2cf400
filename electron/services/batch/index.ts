/**
 * Batches: a CSV or JSON list of requests, validated before anything is sent,
 * run through the job engine's scheduler, exported to a project folder with a
 * report. See ./service.ts for how a row is kept from being sent twice.
 */
import type { Result, StagedFile } from '../../../shared/ipc';
import type { ChannelsOf, EventSink, HandlersFor, PartialHandlers } from '../contracts';
import type { JobEngine } from '../jobs/engine-api';
import type { BatchExporter } from './output';
import { exportServiceExporter, type AddOutputFolder } from './export-adapter';
import { gateFor } from '../allowed-roots';
import { BatchService } from './service';

export { BatchService } from './service';
export type { BatchExporter, ExportOutcome, ExportRequest } from './output';

export interface BatchDeps {
  dataDir: string;
  engine: JobEngine;
  events: EventSink;
  /** The files service's staging function, for rows with file fields. */
  stagePath?: (absPath: string) => Promise<Result<StagedFile>>;
  /** The export service's handlers: assets are exported with its rules (names, sidecars, safe paths). */
  exportHandlers?: PartialHandlers;
  /** The export service's way to register a batch's output folder without making it a project folder. */
  addOutputFolder?: AddOutputFolder;
  /** Or any writer (tests); a plain safe copy is used when neither is given. */
  exporter?: BatchExporter;
  /** Resolves once the engine has started (its ledger is loaded): unfinished batches are reconciled after it. */
  engineStarted?: Promise<void>;
  /** Keys a submission may use, for the time estimate. */
  keysFor?: (environmentId: string | undefined, spreadAcrossKeys: boolean) => number;
  /** The browser shell reads and writes only inside this folder and the data folder; defaults to os.homedir(). */
  homeDir?: string;
}

export function setupBatch(deps: BatchDeps): { handlers: HandlersFor<ChannelsOf<'batch'>>; service: BatchService; ready: Promise<void>; dispose(): Promise<void> } {
  const exporter = deps.exporter ?? (deps.exportHandlers?.['export:run'] ? exportServiceExporter(deps.exportHandlers, deps.addOutputFolder) : undefined);
  const service = new BatchService({ ...deps, exporter });
  const ready = service.init();
  // Requests wait until saved batches are loaded, so none is answered from a half-read state.
  const after =
    <A, R>(fn: (args: A) => Promise<R> | R) =>
    async (args: A): Promise<R> => {
      await ready;
      return fn(args);
    };
  const handlers: HandlersFor<ChannelsOf<'batch'>> = {
    // From the browser shell, the list, its rows' files and the output folder are held to the allowed folders (allowed-roots.ts).
    'batch:import': async (a, ctx) => {
      await ready;
      const gate = ctx.shell === 'web' ? gateFor(ctx, deps.dataDir, deps.homeDir) : undefined;
      if (gate && a.path !== undefined) {
        const real = await gate.check(a.path);
        if (!real.ok) return real;
      }
      return service.import(a, gate);
    },
    'batch:updateRow': async (a, ctx) => {
      await ready;
      return service.updateRow(a, ctx.shell === 'web' ? gateFor(ctx, deps.dataDir, deps.homeDir) : undefined);
    },
    'batch:setKind': async (a, ctx) => {
      await ready;
      return service.setKind(a, ctx.shell === 'web' ? gateFor(ctx, deps.dataDir, deps.homeDir) : undefined);
    },
    'batch:start': async (a, ctx) => {
      await ready;
      if (ctx.shell !== 'web') return service.start(a, ctx.shell);
      // Judged (by its nearest existing parent) before anything is created.
      const real = await gateFor(ctx, deps.dataDir, deps.homeDir).check(a.outDir, { allowMissing: true });
      return real.ok ? service.start({ ...a, outDir: real.value }, ctx.shell) : real;
    },
    'batch:pause': after((a) => service.pause(a.batchId)),
    'batch:resume': after((a) => service.resume(a.batchId)),
    'batch:cancel': after((a) => service.cancel(a.batchId)),
    'batch:get': after((a) => service.get(a.batchId)),
    'batch:list': after(() => ({ ok: true as const, value: service.list() })),
    'batch:discard': after((a) => service.discard(a.batchId)),
  };
  return { handlers, service, ready, dispose: () => service.dispose() };
}
