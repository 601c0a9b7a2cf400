/**
 * What the engine's loops share: the job store and its change events, the
 * upstream clients per key, each service's network state, and the timing.
 * Its timers and stop signal are the scheduler's (./loops/scheduler.ts).
 * The loops (./loops/: submitter, poller, downloader) apply the pure
 * decisions of ./decide/ (placement, answers, poll-policy and
 * download-verdict) through it.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { AssetRecord, JobProblem, JobRecord } from '../../../shared/domain/job';
import { UpstreamClient, UpstreamError } from '../../upstream';
import type { EnvironmentRegistry } from '../contracts';
import { factsOf, type RetryTiming } from './decide/answers';
import { mergeAsset } from './decide/download-step';
import type { EngineRecord } from './decide/engine-record';
import { DOWNLOAD_CAP_BYTES, type DownloadTiming } from './decide/download-verdict';
import { hostKey, hostName, reduceHost, type HostEvent, type HostHealth } from './decide/host-health';
import { DEFAULT_POLL_POLICY, type PollPolicy } from './decide/poll-policy';
import { JobStore } from './store/job-store';
import type { ImportProgress } from './store/import-journal';
import type { Scheduler } from './loops/scheduler';
import type { StagedFile } from '../../../shared/ipc';

export type { EngineRecord };

export interface StagedFiles {
  read(id: string): StagedFile | undefined;
  filePath(id: string): string | undefined;
}

export interface EngineTiming extends PollPolicy, DownloadTiming, RetryTiming {
  /** Largest asset downloaded (see DOWNLOAD_CAP_BYTES). */
  downloadCapBytes: number;
  /** How often records appended by another process (the CLI) are picked up. */
  refreshMs: number;
}

export const DEFAULT_TIMING: EngineTiming = {
  ...DEFAULT_POLL_POLICY,
  downloadDeadlineMs: 10 * 60_000,
  downloadRetryBaseMs: 2_000,
  downloadRetryCapMs: 30_000,
  invalidMaxAttempts: 3,
  invalidWindowMs: 60_000,
  downloadCapBytes: DOWNLOAD_CAP_BYTES,
  retryBaseMs: 1_000,
  retryCapMs: 30_000,
  maxServerAttempts: 4,
  maxPoll404: 6,
  refreshMs: 2_000,
};

export interface EngineDeps {
  dataDir: string;
  registry: EnvironmentRegistry;
  staging: StagedFiles;
  timing?: Partial<EngineTiming>;
  timeouts?: { create: number; poll: number; download: number };
  random?: () => number;
  /** Report an internal failure (logging); never given secrets. */
  onInternalError?: (message: string, err: unknown) => void;
  /** Progress while an old journal moves into the database (the first start after the update). */
  onImportProgress?: ImportProgress;
}

export function nowIso(): string {
  return new Date().toISOString();
}

let idCounter = 0;
/** Sortable by creation (FIFO order), unique across processes. */
export function newLocalId(): string {
  idCounter = (idCounter + 1) % 46656;
  return `${Date.now().toString(36).padStart(9, '0')}${idCounter.toString(36).padStart(3, '0')}${crypto.randomBytes(4).toString('hex')}`;
}

export function problemOf(err: unknown): JobProblem {
  if (err instanceof UpstreamError) {
    return {
      ...(err.status !== undefined ? { status: err.status } : {}),
      message: err.message,
      ...(err.field ? { field: err.field } : {}),
      ...(err.credits ? { credits: err.credits } : {}),
      ...(err.body !== undefined ? { body: err.body } : {}),
    };
  }
  return { message: err instanceof Error ? err.message : String(err) };
}

export class EngineCore {
  readonly store: JobStore;
  readonly timing: EngineTiming;
  readonly random: () => number;
  private readonly listeners = new Set<(job: JobRecord) => void>();
  private readonly clients = new Map<string, UpstreamClient>();
  /** Each service's network state, by base URL (./decide/host-health.ts): one that refuses or hangs holds back only its own jobs. */
  private readonly hosts = new Map<string, HostHealth>();
  /** Per service: the environment whose key signs its probe. */
  private readonly probeVia = new Map<string, string>();
  private readonly hostListeners = new Set<(host: string, recovered: boolean) => void>();

  constructor(
    readonly deps: EngineDeps,
    /** Every timer of the engine, its stop signal and whether it runs (./loops/scheduler.ts). */
    readonly scheduler: Scheduler,
  ) {
    this.timing = { ...DEFAULT_TIMING, ...deps.timing };
    this.random = deps.random ?? Math.random;
    this.store = new JobStore({ dataDir: deps.dataDir, ...(deps.onImportProgress ? { onImportProgress: deps.onImportProgress } : {}) });
  }

  assetsDir(localId: string): string {
    return path.join(this.deps.dataDir, 'assets', localId);
  }

  internalError(message: string, err: unknown): void {
    this.deps.onInternalError?.(message, err);
  }

  // ---- records and events ---------------------------------------------------------------------

  onChange(listener: (job: JobRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every record change goes to the listeners (the IPC layer, the notifications of the composition root, waiters). */
  emit(rec: JobRecord): void {
    for (const l of this.listeners) {
      try {
        l(rec);
      } catch (err) {
        this.internalError('job listener threw', err);
      }
    }
  }

  get(localId: string): EngineRecord | undefined {
    return this.store.get(localId) as EngineRecord | undefined;
  }

  update(localId: string, patch: Partial<EngineRecord>, durable = false): EngineRecord {
    const next = this.store.patch(localId, { ...patch, updatedAt: nowIso() }, durable) as EngineRecord;
    this.emit(next);
    return next;
  }

  patchAsset(localId: string, asset: Partial<AssetRecord>, durable = false): EngineRecord {
    return this.update(localId, { asset: mergeAsset(this.get(localId)!, asset) }, durable);
  }

  // ---- each service's network state --------------------------------------------------------------

  /** The service (./decide/host-health.ts's hostKey) an environment's jobs go to. */
  hostOf(environmentId: string): string | undefined {
    const env = this.deps.registry.get(environmentId);
    return env ? hostKey(env.baseUrl) : undefined;
  }

  /**
   * Called when a service's state changes: `recovered` when one that was down
   * answers again (its waiting polls and sends may go); otherwise its next
   * try moved or its probe left (the waiting records say so again).
   */
  onHostChange(listener: (host: string, recovered: boolean) => void): () => void {
    this.hostListeners.add(listener);
    return () => this.hostListeners.delete(listener);
  }

  /**
   * Whether the environment's service is down now: until when its jobs wait
   * (Infinity while its probe is out), why, and its host as a person reads it.
   */
  hostWait(environmentId: string, now = Date.now()): { until: number; reason: string; host: string; health: HostHealth } | undefined {
    const key = this.hostOf(environmentId);
    const health = key ? this.hosts.get(key) : undefined;
    if (!key || !health) return undefined;
    const env = this.deps.registry.get(environmentId)!;
    // Its time came and the probe is about to leave: wait for the probe's outcome.
    const until = health.probing || health.retryAt <= now ? Infinity : health.retryAt;
    return { until, reason: health.reason, host: hostName(env.baseUrl), health };
  }

  /**
   * What a request's failure says about its service: refused, reset or idle
   * past its deadline puts it down (a probe is scheduled); anything the
   * service answered, an error status included, shows it is up.
   */
  hostSaw(environmentId: string, err: unknown): void {
    const facts = factsOf(err);
    if (facts.kind === 'aborted' || facts.kind === 'internal') return;
    if (facts.kind === 'network' || facts.kind === 'timeout') {
      this.hostEvent(environmentId, { type: 'failed', at: Date.now(), trouble: facts.kind === 'timeout' ? 'not-answering' : 'refused', reason: facts.message, random: this.random() });
    } else this.hostAnswered(environmentId);
  }

  hostAnswered(environmentId: string): void {
    const key = this.hostOf(environmentId);
    if (key && this.hosts.has(key)) this.hostEvent(environmentId, { type: 'answered' });
  }

  private hostEvent(environmentId: string, ev: HostEvent): void {
    const key = this.hostOf(environmentId);
    if (!key) return;
    const before = this.hosts.get(key);
    const next = reduceHost(before, ev, this.timing);
    if (next) this.hosts.set(key, next);
    else this.hosts.delete(key);
    if (before && !next) {
      this.scheduler.cancel(`\u0000host:${key}`);
      for (const l of this.hostListeners) l(key, true);
      return;
    }
    if (!next || (before && before.retryAt === next.retryAt && before.probing === next.probing)) return;
    if (!next.probing) {
      this.probeVia.set(key, environmentId);
      this.scheduler.after(`\u0000host:${key}`, Math.max(0, next.retryAt - Date.now()), () => this.probe(key));
    }
    for (const l of this.hostListeners) l(key, false);
  }

  /** Whether any record still needs the service (queued for it, or followed on it). */
  private needed(key: string): boolean {
    return this.store.workingSet().some((r) => (r.state === 'queued' || ((r.state === 'pending' || r.state === 'running') && !!r.jobId)) && this.hostOf(r.environmentId) === key);
  }

  /** One free GET to a service that was down: any answer brings it back, silence or a refusal waits longer. */
  private async probe(key: string): Promise<void> {
    const environmentId = this.probeVia.get(key);
    const env = environmentId ? this.deps.registry.get(environmentId) : undefined;
    const keyId = env?.keys.find((k) => this.deps.registry.credentials(env.id, k.id))?.id;
    const client = env && keyId ? this.clientFor(env.id, keyId) : undefined;
    if (!environmentId || !client || !this.needed(key)) {
      // Nobody waits for it (its jobs were cancelled, or its environment removed): forgotten until a request fails again.
      this.hosts.delete(key);
      return;
    }
    this.hostEvent(environmentId, { type: 'probe-sent' });
    try {
      await client.getJob(`connection-check-${crypto.randomBytes(6).toString('hex')}`, { signal: this.scheduler.signal });
      this.hostEvent(environmentId, { type: 'answered' });
    } catch (err) {
      const facts = factsOf(err);
      if (facts.kind === 'aborted') return;
      if (facts.kind === 'network' || facts.kind === 'timeout') {
        this.hostEvent(environmentId, { type: 'probe-failed', at: Date.now(), trouble: facts.kind === 'timeout' ? 'not-answering' : 'refused', reason: facts.message, random: this.random() });
      } else this.hostEvent(environmentId, { type: 'answered' });
    }
  }

  // ---- upstream clients -----------------------------------------------------------------------

  clearClients(): void {
    this.clients.clear();
  }

  /**
   * What identifies a key's working setup (its environment's URLs, its
   * client id and secret), hashed: a Settings change that leaves it as it
   * was does not resume a key the service rejected. Kept in memory only.
   */
  keyFingerprint(environmentId: string, keyId: string): string | undefined {
    const env = this.deps.registry.get(environmentId);
    const key = env?.keys.find((x) => x.id === keyId);
    const credentials = key ? this.deps.registry.credentials(environmentId, keyId) : undefined;
    if (!env || !key || !credentials) return undefined;
    return crypto.createHash('sha256').update(JSON.stringify([env.baseUrl, env.storageUrl, credentials.clientId, credentials.clientSecret])).digest('hex');
  }

  clientFor(environmentId: string, keyId: string): UpstreamClient | undefined {
    const k = `${environmentId}\u0000${keyId}`;
    const cached = this.clients.get(k);
    if (cached) return cached;
    const registry = this.deps.registry;
    const env = registry.get(environmentId);
    const key = env?.keys.find((x) => x.id === keyId);
    if (!env || !key) return undefined;
    const client = new UpstreamClient(
      { baseUrl: env.baseUrl, storageUrl: env.storageUrl, earlyAccess: key.earlyAccess, credentials: () => registry.credentials(environmentId, keyId) },
      this.deps.timeouts,
    );
    this.clients.set(k, client);
    return client;
  }
}
