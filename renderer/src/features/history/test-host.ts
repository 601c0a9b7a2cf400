/** A fake host for the history tests: a ledger, `jobs:changed` pushes, and recorded calls. */
import { vi } from 'vitest';
import { listedRecord, newestFirst, type JobRecord, type JobSummary } from '../../../../shared/domain/job';
import type { StudioApi } from '../../../../shared/ipc';
import { installBridge } from '../../bridge';

export function record(partial: Partial<JobRecord> & Pick<JobRecord, 'localId'>): JobRecord {
  return {
    kind: 'text-to-3d',
    state: 'success',
    environmentId: 'sandbox',
    environmentName: 'Sandbox',
    keyId: 'k1',
    keyName: 'Main key',
    request: {},
    title: '',
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    fragments: [],
    ...partial,
  };
}

export interface HistoryHost {
  emit(records: JobRecord[]): void;
  /** The listing again, as the browser shell sends it after a lost connection (`jobs:listed`). */
  emitListed(): void;
  calls: Record<string, ReturnType<typeof vi.fn>>;
  /** Resolves the pending `jobs:list` (lists are held until released when `holdList` is set). */
  releaseList(): void;
}

export function installHistoryHost(ledger: JobRecord[], options: { holdList?: boolean; window?: number } = {}): HistoryHost {
  const listeners = new Set<(records: JobRecord[]) => void>();
  const listedListeners = new Set<(summaries: JobSummary[]) => void>();
  let release: () => void = () => undefined;
  const listGate = options.holdList ? new Promise<void>((r) => (release = r)) : Promise.resolve();
  const ok = <T,>(value: T) => ({ ok: true as const, value });
  const calls = {
    list: vi.fn(async () => {
      await listGate;
      // Summaries, newest first, as the real host lists them: the newest `window` of them, and how many in all.
      const shown = ledger.filter((j) => !j.hidden).sort(newestFirst);
      return ok({ jobs: shown.slice(0, options.window ?? shown.length).map(listedRecord), total: shown.length, load: [] });
    }),
    get: vi.fn(async ({ localId }: { localId: string }) => {
      const job = ledger.find((j) => j.localId === localId);
      return job ? ok(job) : { ok: false as const, problem: { reason: 'not-found', message: 'No such job.' } };
    }),
    track: vi.fn(async ({ jobId }: { jobId: string }) =>
      jobId === 'missing' ? { ok: false as const, problem: { reason: 'not-found', message: 'No job with this id for this key.' } } : ok(record({ localId: 'tracked1', jobId })),
    ),
    resend: vi.fn(async () => ok(null)),
    dismiss: vi.fn(async () => ok(null)),
    retryDownload: vi.fn(async () => ok(null)),
    resumePolling: vi.fn(async () => ok(null)),
    cancel: vi.fn(async ({ localId }: { localId: string }) => {
      const job = ledger.find((j) => j.localId === localId);
      if (job?.state === 'submitting') {
        return { ok: false as const, problem: { reason: 'on-the-wire', message: 'This request is already on its way to the service and can no longer be cancelled. If the service made the job, it will appear in the history.' } };
      }
      if (job) job.state = 'dismissed';
      return job ? ok(job) : { ok: false as const, problem: { reason: 'not-found', message: 'No such job.' } };
    }),
    remove: vi.fn(async ({ localIds }: { localIds: string[] }) => {
      for (const j of ledger) if (localIds.includes(j.localId)) j.hidden = true;
      return ok(null);
    }),
    restore: vi.fn(async ({ localIds }: { localIds: string[] }) => {
      for (const j of ledger) if (localIds.includes(j.localId)) j.hidden = false;
      return ok(null);
    }),
    reveal: vi.fn(async () => ok(false)),
  };
  const jobs = {
    ...calls,
    onChanged: (listener: (records: JobRecord[]) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onListed: (listener: (summaries: JobSummary[]) => void) => {
      listedListeners.add(listener);
      return () => listedListeners.delete(listener);
    },
  };
  const api = new Proxy({} as StudioApi, {
    get: (_, domain) =>
      domain === 'jobs'
        ? jobs
        : domain === 'export'
          ? { reveal: calls.reveal }
          : new Proxy({}, { get: (_t, name) => (String(name).startsWith('on') ? () => () => undefined : async () => ok(null)) }),
  });
  installBridge({
    api,
    shell: 'web',
    assetUrl: (localId, variant) => `/assets/${localId}/${variant}`,
    stageFile: () => Promise.reject(new Error('not used')),
    assetRequestHeaders: () => ({}),
  });
  return {
    emit: (records) => listeners.forEach((l) => l(records)),
    emitListed: () => {
      const summaries = ledger.filter((j) => !j.hidden).map(listedRecord);
      listedListeners.forEach((l) => l(summaries));
    },
    calls,
    releaseList: () => release(),
  };
}
